// Starts the storefront: configuration, database, Auth emulator in local mode, HTTP server,
// and a graceful shutdown on SIGINT/SIGTERM that stops everything it started.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureDemoAccounts } from './auth/demo-accounts';
import { startAuthEmulator, type EmulatorHandle } from './auth/emulator';
import { firebaseIdentity } from './auth/identity';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, runMigrations, type Database } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { startMailCatcher, type MailCatcher } from './mail/catcher';
import { giveSeededBarcodes, seedCatalogue, seedGeneratedProducts } from './services/seed';
import { copyDiskImagesToDatabase, imageStoreFor } from './images/storage';
import { checkPortFree, isPortInUse, PortInUseError, type PortClaim } from './lib/port-in-use';
import type { SharedRedis } from './lib/redis';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env, ROOT);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const cleanups: (() => Promise<void> | void)[] = [];
  const stopEverything = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        process.stderr.write(`shutdown step failed: ${String(error)}\n`);
      }
    }
  };
  /** A start that cannot go on: what was started so far is stopped (the lock released), then one message. */
  const abort = async (message: string): Promise<never> => {
    await stopEverything();
    return fail(message);
  };
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    process.stdout.write(`\n${signal} received: shutting down...\n`);
    await stopEverything();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (!config.databaseUrl) {
    try {
      cleanups.push(acquireDataDirLock(config.dataDir));
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  // The HTTP port is checked now, not only when the server listens at the end of a start that may take a
  // minute (the Auth emulator boots slowly); a program taking it meanwhile is caught at the listen below.
  const httpPort: PortClaim = { what: 'The storefront', host: config.host, port: config.port, advice: 'Set PORT to a free port.' };
  await checkPortFree(httpPort).catch((error: unknown) => (error instanceof PortInUseError ? abort(error.message) : Promise.reject(error)));

  // Local mode keeps every e-mail on this machine instead of sending it (docs/invoices-and-mail.md, "E-mails").
  const mailCatcher = config.mail.catcher
    ? await startMailCatcher(config.mail.catcher).catch((error: unknown) => abort(error instanceof Error ? error.message : String(error)))
    : null;
  if (mailCatcher) {
    cleanups.push(() => mailCatcher.close());
    // MAIL_CATCHER_PORT=0 takes any free port: the app sends to the one the catcher got.
    config = { ...config, mail: { ...config.mail, smtpUrl: mailCatcher.url } };
  }

  let emulator: EmulatorHandle | null = null;
  const emulatorStart =
    config.firebase.mode === 'emulator'
      ? startAuthEmulator({
          projectId: config.firebase.projectId,
          host: config.firebase.emulatorHost,
          port: config.firebase.emulatorPort,
          workDir: path.join(config.dataDir, 'auth-emulator'),
          persist: true,
          rootDir: ROOT,
        })
      : null;
  // Awaited once the database is open; until then a refusal (a port in use) must not count as unhandled.
  emulatorStart?.catch(() => undefined);

  const database: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
  });
  cleanups.push(() => database.close());
  await runMigrations(database);

  if (emulatorStart) {
    const handle = await emulatorStart.catch((error: unknown) => abort(error instanceof Error ? error.message : String(error)));
    emulator = handle;
    cleanups.push(() => handle.stop());
  }

  const identity = firebaseIdentity(config.firebase);
  let seeded = false;
  const images = imageStoreFor(database, config.uploadsDir);
  // Pictures kept on this machine's disk before the shop moved to PostgreSQL are served by every process.
  const copiedImages = database.kind === 'postgres' ? await copyDiskImagesToDatabase(database.db, config.uploadsDir) : 0;
  if (config.seed) seeded = await seedCatalogue(database.db, images);
  if (config.seed) await giveSeededBarcodes(database.db);
  const generated = config.seed ? await seedGeneratedProducts(database.db, config.seedProducts) : 0;
  const accounts = config.firebase.mode === 'emulator' && config.seed ? await ensureDemoAccounts(database.db, config.firebase) : null;

  const app = await buildApp({ config, database, identity, images });
  // Close the HTTP server first so in-flight requests finish before the database goes away.
  cleanups.push(() => app.close());
  await app
    .listen({ port: config.port, host: config.host })
    .catch((error: unknown) => (isPortInUse(error) ? abort(new PortInUseError(httpPort).message) : Promise.reject(error)));

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Forgeline storefront is running at http://${shownHost}:${config.port}`,
    `  Database: ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}${seeded ? ' (demo catalogue seeded)' : ''}${generated > 0 ? ` (${generated} generated tools added)` : ''}`,
    `  Identity: ${emulator ? `Firebase Auth emulator at ${emulator.url}` : `Firebase project ${config.firebase.projectId}`}`,
    `  Payments: ${config.payments.provider === 'stripe' ? 'Stripe' : 'sandbox (test cards, no real charge)'}`,
    `  E-mail: ${mailLine(config, mailCatcher)}`,
    `  Pictures: ${images.dir === null ? 'in PostgreSQL, served by every process' : `in ${images.dir}`}${copiedImages > 0 ? ` (${copiedImages} copied from ${config.uploadsDir})` : ''}`,
    `  Rate limits: ${await rateLimitStoreLine(app.services.redis)}`,
  ];
  if (accounts) {
    lines.push('', '  Demo accounts:');
    lines.push(`    admin     ${accounts.admin.email}  /  ${accounts.admin.password}`);
    lines.push(`    customer  ${accounts.customer.email}  /  ${accounts.customer.password}`);
    lines.push(`    sales rep ${accounts.rep.email}  /  ${accounts.rep.password}`);
    lines.push(`    on account ${accounts.trade.email}  /  ${accounts.trade.password}  (net 30, PO numbers)`);
    lines.push(`    in euros  ${accounts.euro.email}  /  ${accounts.euro.password}  (Euro dealers price list, net 30)`);
  }
  if (config.firebase.mode === 'emulator' && (config.host === 'localhost' || config.host.startsWith('127.') || config.host === '::1')) {
    lines.push('', '  Local mode listens on this machine only. For a shop network, configure a Firebase project (docs/accounts.md, Local mode).');
  } else if (config.firebase.mode === 'emulator') {
    lines.push('', `  Warning: local mode on ${config.host}: the Auth emulator signs nothing, so anyone who reaches this port can sign in as any account.`);
  }
  lines.push('', '  Press Ctrl-C to stop.', '');
  process.stdout.write(lines.join('\n'));
}

async function rateLimitStoreLine(redis: SharedRedis | null): Promise<string> {
  if (!redis) return 'counted in this process (set REDIS_URL to share them between processes)';
  return `counted in Redis at ${redis.where}, shared by every process${(await redis.ping()) ? '' : ' (not reachable yet: see docs/decisions/012)'}`;
}

/** How e-mail leaves this server; the host only, since SMTP_URL may carry a password. */
function mailLine(config: AppConfig, catcher: MailCatcher | null): string {
  if (catcher) return `caught in ${catcher.dir}, nothing is sent (npm run mails lists them)`;
  if (config.mail.smtpUrl) return `sent through ${new URL(config.mail.smtpUrl).host}`;
  return 'not sent: they wait in the queue until SMTP_URL is set';
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
