// The local mail catcher: an SMTP server on loopback that keeps every mail it is given as a file instead
// of sending it on, the way the Auth emulator keeps verification links (docs/invoices-and-mail.md, "E-mails"). main.ts starts
// it in local mode; API tests start their own. Each mail is a standard .eml file under DATA_DIR/mail/,
// which any mail program opens, attachments included; `npm run mails` lists them.

import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { isPortInUse, PortInUseError } from '../lib/port-in-use';

export interface CaughtMail {
  /** The .eml file that holds it. */
  file: string;
  date: Date;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailCatcher {
  /** What SMTP_URL would be to send here. */
  url: string;
  dir: string;
  /** Every mail caught so far, oldest first. */
  list(): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

/** Mails are larger than JSON bodies only by their invoice: a few hundred kilobytes at most. */
const MAX_MAIL_BYTES = 25 * 1024 * 1024;

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  [field ?? []].flat().flatMap((group) => group.value.flatMap((entry) => (entry.address ? [entry.address] : [])));

/** The mails kept in `dir`, oldest first (file names start with the time they were caught). */
export async function readCaughtMails(dir: string): Promise<CaughtMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const parsed = await simpleParser(await readFile(file));
      return {
        file,
        date: parsed.date ?? new Date(0),
        from: parsed.from?.text ?? '',
        to: addresses(parsed.to),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
        attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
      };
    }),
  );
}

export async function startMailCatcher(options: { host: string; port: number; dir: string }): Promise<MailCatcher> {
  const { host, dir } = options;
  mkdirSync(dir, { recursive: true });
  let caught = 0;

  const server = new SMTPServer({
    banner: 'Forgeline local mail catcher: nothing is sent on',
    // Plain SMTP on loopback: no TLS certificate to make, and nobody to authenticate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MAIL_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('This mail is too large for the catcher.'), { responseCode: 552 }));
          return;
        }
        caught += 1;
        const name = `${new Date().toISOString().replace(/[:.]/gu, '-')}-${String(caught).padStart(5, '0')}-${randomBytes(3).toString('hex')}.eml`;
        const file = path.join(dir, name);
        // Written then renamed, so a reader never sees half a mail.
        writeFile(`${file}.part`, Buffer.concat(chunks))
          .then(() => rename(`${file}.part`, file))
          .then(
            () => callback(null, `Caught as ${name}`),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    // The SMTP server passes its listening socket's errors on as its own 'error' event: the one to wait for.
    const onError = (error: Error) => {
      reject(
        isPortInUse(error)
          ? new PortInUseError({ what: 'The local mail catcher', host, port: options.port, advice: 'Set MAIL_CATCHER_PORT to a free port.' })
          : new Error(`The local mail catcher could not start on ${host}:${options.port}: ${error.message}`),
      );
    };
    server.once('error', onError);
    server.listen(options.port, host, () => {
      server.off('error', onError);
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : options.port);
    });
  });
  // From here on an error is one client's connection breaking off mid-mail: that mail is not caught and
  // its sender tries again; unheard, the event would end the whole process.
  server.on('error', () => undefined);

  return {
    url: `smtp://${host}:${port}`,
    dir,
    list: () => readCaughtMails(dir),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
