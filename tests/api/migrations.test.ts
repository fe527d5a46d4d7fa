import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, runMigrations } from '../../server/db/client';
import { createPostgresDatabase } from '../helpers/databases';
import '../setup/provided';

async function tableNames(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<string[]> {
  // Both drivers answer raw queries with { rows }; the shared Db type leaves the result untyped.
  const res = (await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`)) as unknown as {
    rows: { table_name: string }[];
  };
  return res.rows.map((r) => r.table_name);
}

const EXPECTED = ['orders', 'payment_events', 'products', 'reviews', 'users'];

describe('migrations', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('apply from scratch on PGlite, and again without changes', async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    cleanups.push(() => database.close());
    await runMigrations(database);
    await runMigrations(database);
    expect(await tableNames(database.db)).toEqual(expect.arrayContaining(EXPECTED));
  });

  it.runIf(inject('postgresUrl'))('apply identically on PostgreSQL, twice from concurrent starts', async () => {
    const adminUrl = inject('postgresUrl') as string;
    const created = await createPostgresDatabase(adminUrl, 'template0');
    cleanups.push(created.drop);
    const a = await openDatabase({ databaseUrl: created.url, pgliteDir: null, poolSize: 2 });
    const b = await openDatabase({ databaseUrl: created.url, pgliteDir: null, poolSize: 2 });
    try {
      await Promise.all([runMigrations(a), runMigrations(b)]);
      expect(await tableNames(a.db)).toEqual(expect.arrayContaining(EXPECTED));
    } finally {
      await a.close();
      await b.close();
    }
  });
});
