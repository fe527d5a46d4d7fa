// Mail in API tests: a mail catcher of the suite's own on a free port (what local mode starts with the
// server), senders pointed at it or at a port where nothing answers, and waiting for mails to arrive.

import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../server/mail/catcher';
import { mailService, type MailService } from '../../server/services/mail';
import { freePortRange } from './ports';

export async function startTestCatcher(): Promise<MailCatcher & { remove(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'forgeline-mail-'));
  const catcher = await startMailCatcher({ host: '127.0.0.1', port: await freePortRange(1), dir });
  return {
    ...catcher,
    async remove() {
      await catcher.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** An SMTP URL where nothing listens: every send fails at once with a refused connection. */
export async function deadSmtpUrl(): Promise<string> {
  return `smtp://127.0.0.1:${await freePortRange(1)}`;
}

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silent,
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

/** A sender like the one each server process runs, on the suite's database. */
export function testSender(database: Database, mail: Partial<MailConfig> & { smtpUrl: string }, log: FastifyBaseLogger = silent): MailService {
  return mailService({
    db: database.db,
    mail: {
      from: 'Forgeline Power Tools <dealers@forgeline.example>',
      catcher: null,
      intervalMs: 60_000,
      maxAttempts: 8,
      retryBaseMs: 60_000,
      retryMaxMs: 3_600_000,
      ...mail,
    },
    heldFor: 48 * 3_600_000,
    links: { publicUrl: 'http://shop.test', secret: 'test-secret-that-is-long-enough-for-hs256-signing' },
    log,
  });
}

/** The caught mails to one address, oldest first. */
export async function mailsTo(catcher: MailCatcher, address: string): Promise<CaughtMail[]> {
  return (await catcher.list()).filter((mail) => mail.to.includes(address));
}
