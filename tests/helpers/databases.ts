// Test databases: PGlite from a migrated template tarball (a new PGlite database takes seconds to
// create; loading a saved one takes well under one), and PostgreSQL databases cloned from a template.

import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase, runMigrations } from '../../server/db/client';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const TMP = path.join(ROOT, '.tmp');

export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** Path of a gzipped PGlite data directory with every migration applied; built once per schema. */
export async function pgliteTemplate(): Promise<string> {
  mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, `pglite-template-${migrationsHash()}.tar.gz`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await runMigrations(database);
  const dump = await database.pglite?.dumpDataDir('gzip');
  await database.close();
  if (!dump) throw new Error('PGlite dump failed');
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  return file;
}

export function loadPgliteTemplate(file: string): Blob {
  return new Blob([readFileSync(file)]);
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** DATABASE_URL, or the local server when one answers; null when there is none. */
export async function reachablePostgres(env: Record<string, string | undefined> = process.env): Promise<string | null> {
  const candidates = env.DATABASE_URL ? [env.DATABASE_URL] : [LOCAL_POSTGRES];
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.query('select 1');
      return url;
    } catch {
      // Not reachable: the PostgreSQL suite is skipped.
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return null;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates (once per schema version) a migrated template database and returns its name. */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `forgeline_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(727275)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await admin.query(`create database ${pg.escapeIdentifier(name)}`);
      const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), pgliteDir: null, poolSize: 1 });
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
    }
    await admin.query('select pg_advisory_unlock(727275)');
  } finally {
    await admin.end();
  }
  return name;
}

/** A fresh database cloned from the template; drop it with the returned function. */
export async function createPostgresDatabase(adminUrl: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `forgeline_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Cloning needs the template to have no other sessions; concurrent clones queue on this lock.
    await admin.query('select pg_advisory_lock(727276)');
    await admin.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`);
    await admin.query('select pg_advisory_unlock(727276)');
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** The committed migrations up to and including `tag`, as a folder the migrator can read. */
export function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'forgeline-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((entry) => entry.tag === tag);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
  return dir;
}
