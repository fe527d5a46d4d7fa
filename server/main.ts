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
import { seedCatalogue } from './db/seed';
import { diskImageStore } from './images/storage';

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
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    process.stdout.write(`\n${signal} received: shutting down...\n`);
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        process.stderr.write(`shutdown step failed: ${String(error)}\n`);
      }
    }
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

  const database: Database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite') });
  cleanups.push(() => database.close());
  await runMigrations(database);

  if (emulatorStart) {
    try {
      emulator = await emulatorStart;
    } catch (error) {
      await database.close();
      fail(String(error instanceof Error ? error.message : error));
    }
    const handle = emulator;
    cleanups.push(() => handle.stop());
  }

  const identity = firebaseIdentity(config.firebase);
  let seeded = false;
  if (config.seed) seeded = await seedCatalogue(database.db, diskImageStore(config.uploadsDir));
  const accounts = config.firebase.mode === 'emulator' && config.seed ? await ensureDemoAccounts(database.db, config.firebase) : null;

  const app = await buildApp({ config, database, identity });
  // Close the HTTP server first so in-flight requests finish before the database goes away.
  cleanups.push(() => app.close());
  await app.listen({ port: config.port, host: config.host });

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Forgeline storefront is running at http://${shownHost}:${config.port}`,
    `  Database: ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}${seeded ? ' (demo catalogue seeded)' : ''}`,
    `  Identity: ${emulator ? `Firebase Auth emulator at ${emulator.url}` : `Firebase project ${config.firebase.projectId}`}`,
    `  Payments: ${config.payments.provider === 'stripe' ? 'Stripe' : 'sandbox (test cards, no real charge)'}`,
  ];
  if (accounts) {
    lines.push('', '  Demo accounts:');
    lines.push(`    admin     ${accounts.admin.email}  /  ${accounts.admin.password}`);
    lines.push(`    customer  ${accounts.customer.email}  /  ${accounts.customer.password}`);
  }
  lines.push('', '  Press Ctrl-C to stop.', '');
  process.stdout.write(lines.join('\n'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
