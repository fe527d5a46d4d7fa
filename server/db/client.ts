// Opens the database: PGlite in the data directory by default, PostgreSQL when DATABASE_URL is set.
// Both are driven through the same Drizzle schema and the same committed migrations.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` from any process, and with null when
   * notifications may have been missed (the listening connection broke and came back); resolves to an
   * unsubscribe. On PostgreSQL every channel shares one connection per process.
   */
  listen(channel: string, onMessage: ListenHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the raw client, for dumps and CHECKPOINT. */
  pglite: PGlite | null;
}

export type ListenHandler = (payload: string | null) => void;

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
    // Trigram indexes (migration 0008, the Make Admin search).
    extensions: { pg_trgm },
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
      const unsubscribe = await client.listen(channel, (payload) => onMessage(payload));
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
  // A connection that breaks (PostgreSQL restarting ends every session) must not crash the process. The
  // pool listens for that only while a client is idle; a client checked out for a transaction, between
  // two of its statements or when the socket closes after the error, would emit an 'error' nobody hears.
  // The statement in flight fails on its own (the request answers 5xx and can be retried), and the pool
  // drops the broken client when it is released.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = sharedListener(pool);
  return {
    kind: 'postgres',
    db,
    pglite: null,
    async ping() {
      await pool.query('select 1');
    },
    listen: listener.listen,
    async close() {
      await pool.end();
    },
  };
}

/**
 * One pooled connection LISTENs to every channel this process follows (the catalogue, live orders), so
 * the number of connections does not grow with the features or the clients of a stream. When it breaks,
 * every handler hears null at once and again once it listens again, since anything may have changed.
 */
function sharedListener(pool: pg.Pool): { listen: Database['listen'] } {
  const handlers = new Map<string, Set<ListenHandler>>();
  let current: { client: pg.PoolClient; detach: () => void } | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let lost = false;

  const tellEveryone = (payload: string | null) => {
    for (const set of [...handlers.values()]) for (const handler of [...set]) handler(payload);
  };
  // Each client is released exactly once: by the error handler when its connection breaks, or when the
  // last channel is unsubscribed; an error after that (a dropped database, a server restart) is ignored.
  const releaseOnce = (client: pg.PoolClient, destroy: boolean) => {
    if (current?.client !== client) return;
    current.detach();
    current = null;
    client.release(destroy);
  };
  const scheduleReconnect = () => {
    if (retry || handlers.size === 0) return;
    retry = setTimeout(() => {
      retry = null;
      void ensureConnected();
    }, 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch {
      scheduleReconnect();
      return;
    }
    if (handlers.size === 0) {
      client.release();
      return;
    }
    const onNotification = (msg: pg.Notification) => {
      for (const handler of [...(handlers.get(msg.channel) ?? [])]) handler(msg.payload ?? '');
    };
    const onError = () => {
      if (current?.client !== client) return;
      releaseOnce(client, true);
      lost = true;
      tellEveryone(null);
      scheduleReconnect();
    };
    client.on('notification', onNotification);
    client.on('error', onError);
    current = {
      client,
      // The error handler stays: a connection may still break after it is released, and it then ignores it.
      detach: () => client.off('notification', onNotification),
    };
    try {
      for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      releaseOnce(client, true);
      lost = true;
      scheduleReconnect();
      return;
    }
    if (lost) {
      lost = false;
      tellEveryone(null);
    }
  };
  const ensureConnected = async (): Promise<void> => {
    if (current) return;
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    await connecting;
  };

  return {
    async listen(channel, onMessage) {
      const set = handlers.get(channel) ?? new Set<ListenHandler>();
      const isNewChannel = set.size === 0;
      // A handler object of its own, so the same function subscribed twice is unsubscribed once each.
      const handler: ListenHandler = (payload) => onMessage(payload);
      set.add(handler);
      handlers.set(channel, set);
      await ensureConnected();
      const client = current?.client;
      if (isNewChannel && client) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      return async () => {
        if (!set.delete(handler) || set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        const listening = current?.client;
        if (!listening) {
          if (handlers.size === 0 && retry) {
            clearTimeout(retry);
            retry = null;
          }
          return;
        }
        if (handlers.size > 0) {
          await listening.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
          return;
        }
        await listening.query('UNLISTEN *').catch(() => undefined);
        // A channel subscribed while UNLISTEN ran keeps the connection.
        if (handlers.size === 0) releaseOnce(listening, false);
        else for (const name of handlers.keys()) await listening.query(`LISTEN ${pg.escapeIdentifier(name)}`).catch(() => undefined);
      };
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
