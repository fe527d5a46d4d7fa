// Opens the database: PGlite in the data directory by default, PostgreSQL when DATABASE_URL is set.
// Both are driven through the same Drizzle schema and the same committed migrations.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a cheap query; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Calls `onMessage` for every NOTIFY on `channel` from any process; resolves to an unsubscribe. */
  listen(channel: string, onMessage: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the raw client, for dumps and CHECKPOINT. */
  pglite: PGlite | null;
}

export interface OpenOptions {
  databaseUrl: string | null;
  /** PGlite data directory; null keeps it in memory. */
  pgliteDir: string | null;
  /** PGlite only: start from a saved data-directory tarball (tests use a migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  const client = await PGlite.create({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    async close() {
      if (client.closed) return;
      // Flush the write-ahead log so the next start opens quickly and nothing acknowledged is lost.
      await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    pglite: null,
    async ping() {
      await pool.query('select 1');
    },
    async listen(channel, onMessage) {
      let current: pg.PoolClient | null = null;
      let stopped = false;
      // Each client is released exactly once: by the error handler when its connection breaks, or by
      // the unsubscribe; an error after the unsubscribe (a dropped database, a server restart) is ignored.
      const releaseOnce = (client: pg.PoolClient, destroy: boolean) => {
        if (current !== client) return;
        current = null;
        client.release(destroy);
      };
      const connect = async (): Promise<void> => {
        if (stopped) return;
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch {
          setTimeout(() => void connect(), 1000).unref();
          return;
        }
        if (stopped) {
          client.release();
          return;
        }
        current = client;
        client.on('notification', (msg) => {
          if (msg.channel === channel) onMessage();
        });
        client.on('error', () => {
          if (current !== client) return;
          releaseOnce(client, true);
          // Anything may have changed while the connection was down.
          onMessage();
          if (!stopped) setTimeout(() => void connect(), 1000).unref();
        });
        try {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch {
          releaseOnce(client, true);
          if (!stopped) setTimeout(() => void connect(), 1000).unref();
        }
      };
      await connect();
      return async () => {
        stopped = true;
        const client = current;
        if (!client) return;
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        releaseOnce(client, false);
      };
    },
    async close() {
      await pool.end();
    },
  };
}

/** Applies the committed migrations. On PostgreSQL an advisory lock keeps concurrent starts from racing. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await database.db.execute(sql`select pg_advisory_lock(727274)`);
  try {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(727274)`);
  }
}
