// PostgreSQL for the benchmarks: find the server, and make a throwaway database that is dropped after.

import pg from 'pg';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** DATABASE_URL's server or the local one; the reason in plain words when neither answers. */
export async function findPostgres(env: NodeJS.ProcessEnv = process.env): Promise<{ url: string } | { url: null; reason: string }> {
  const url = env.DATABASE_URL || LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { url };
  } catch (error) {
    const where = new URL(url);
    return { url: null, reason: `no PostgreSQL server answers at ${where.host} (${error instanceof Error ? error.message : String(error)})` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface ThrowawayDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createThrowawayDatabase(serverUrl: string, label: string): Promise<ThrowawayDatabase> {
  const name = `forgeline_bench_${label}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
