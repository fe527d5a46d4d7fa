// `npm run mails`: the e-mails the local mail catcher kept (local mode sends none), newest first.
// `npm run mails -- 1` prints the newest one in full and saves its attachments beside its .eml file.
// Reads DATA_DIR like the server (default ./data); the server need not be running.

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '../server/config';
import { readCaughtMails } from '../server/mail/catcher';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(path.resolve(ROOT, parseEnv(process.env).DATA_DIR), 'mail');
const mails = (await readCaughtMails(dir)).reverse();
const pick = process.argv[2];

if (mails.length === 0) {
  process.stdout.write(`No e-mails in ${dir} yet.\n`);
} else if (pick === undefined) {
  process.stdout.write(`${mails.length} e-mails in ${dir}, newest first:\n\n`);
  mails.slice(0, 30).forEach((mail, i) => {
    const attached = mail.attachments.length > 0 ? `  [${mail.attachments.map((a) => a.filename).join(', ')}]` : '';
    process.stdout.write(
      `${String(i + 1).padStart(3)}  ${mail.date.toISOString().slice(0, 19).replace('T', ' ')}  ${mail.to.join(', ')}\n     ${mail.subject}${attached}\n`,
    );
  });
  process.stdout.write('\nnpm run mails -- <number> shows one in full and saves its attachments.\n');
} else {
  const mail = mails[Number(pick) - 1];
  if (!mail) {
    process.stderr.write(`There is no e-mail number ${pick}; there are ${mails.length}.\n`);
    process.exit(1);
  }
  process.stdout.write(
    `From: ${mail.from}\nTo: ${mail.to.join(', ')}\nDate: ${mail.date.toISOString()}\nSubject: ${mail.subject}\nFile: ${mail.file}\n\n${mail.text}\n`,
  );
  if (mail.attachments.length > 0) {
    const out = mail.file.replace(/\.eml$/u, '');
    mkdirSync(out, { recursive: true });
    for (const attachment of mail.attachments) {
      const file = path.join(out, path.basename(attachment.filename || 'attachment'));
      writeFileSync(file, attachment.content);
      process.stdout.write(`Attachment saved: ${file}\n`);
    }
  }
}
