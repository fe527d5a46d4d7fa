// Migration 0018 on a database with orders: each order names the company its account belongs to (its name
// and tax number copied), the shop starts with the spec's behaviour (new customers order at once), the audit
// log refuses every change and deletion, and a mail is about exactly one thing. On PGlite and on PostgreSQL.

import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { recordAudit } from '../../server/repositories/audit-log';
import { createPostgresDatabase, migrationsUpTo } from '../helpers/databases';
import '../setup/provided';

const RITA = '00000000-0000-4000-a000-000000000001';
const GONE = '00000000-0000-4000-a000-000000000002';

/** The database's own refusal, under the driver's "Failed query" wrapper. */
const appendOnly = (error: unknown) => error instanceof Error && /append-only/u.test(String((error.cause as Error | undefined)?.message ?? error.message));

type MigrateTo = (folder: string) => Promise<void>;

async function migrateAndCheck(database: Database, migrateTo: MigrateTo, cleanups: (() => void)[]): Promise<void> {
  const { db } = database;
  const upTo16 = migrationsUpTo('0016_order_numbers_and_shipping');
  const upTo17 = migrationsUpTo('0017_dealer_companies');
  cleanups.push(
    () => rmSync(upTo16, { recursive: true, force: true }),
    () => rmSync(upTo17, { recursive: true, force: true }),
  );
  await migrateTo(upTo16);
  await db.execute(
    sql`insert into users (id, email, display_name, address, phone) values (${RITA}::uuid, 'rita@example.com', 'Rita', '12 Harbour Road', '+44 113 496 0000')`,
  );
  await migrateTo(upTo17);
  await db.execute(sql`update companies set tax_number = 'GB123456789' where id = (select company_id from company_members where user_id = ${RITA}::uuid)`);
  await db.execute(sql`insert into orders (user_id, user_email, user_name, user_address, user_phone, total_price) values
    (${RITA}::uuid, 'rita@example.com', 'Rita', '12 Harbour Road', '+44 113 496 0000', 1200),
    (null, ${'gone@example.com'}, 'Gone', '1 Lost Lane', '+1 555 0100', 300)`);

  await runMigrations(database);

  const orders = await rowsOf<{ email: string; company: string | null; tax: string | null; linked: boolean }>(
    db,
    sql`select user_email as email, company_name as company, company_tax_number as tax,
               company_id is not null and company_id = (select company_id from company_members where user_id = ${RITA}::uuid) as linked
          from orders order by user_email`,
  );
  expect(orders).toEqual([
    { email: 'gone@example.com', company: null, tax: null, linked: false },
    { email: 'rita@example.com', company: 'Rita', tax: 'GB123456789', linked: true },
  ]);

  const settings = await rowsOf<{ newCustomers: string }>(db, sql`select new_customers as "newCustomers" from shop_settings`);
  expect(settings).toEqual([{ newCustomers: 'order_at_once' }]);
  await expect(db.execute(sql`insert into shop_settings (id) values (false)`)).rejects.toThrow();

  await recordAudit(
    db,
    { id: GONE, email: 'boss@example.com', role: 'admin' },
    {
      action: 'setting.changed',
      subjectType: 'setting',
      subjectId: 'new_customers',
      companyId: null,
      before: { newCustomers: 'order_at_once' },
      after: { newCustomers: 'apply_and_wait' },
    },
  );
  await expect(db.execute(sql`update audit_log set action = 'nothing'`)).rejects.toSatisfy(appendOnly);
  await expect(db.execute(sql`delete from audit_log`)).rejects.toSatisfy(appendOnly);
  await expect(db.execute(sql`truncate audit_log`)).rejects.toSatisfy(appendOnly);
  const entries = await rowsOf<{ action: string; after: unknown }>(db, sql`select action, after from audit_log`);
  expect(entries).toEqual([{ action: 'setting.changed', after: { newCustomers: 'apply_and_wait' } }]);

  // An order mail names its order and nothing else; a company mail its company.
  await expect(db.execute(sql`insert into mail_queue (kind, recipient) values ('order_paid', 'rita@example.com')`)).rejects.toThrow();
  await expect(
    db.execute(
      sql`insert into mail_queue (kind, company_id, recipient) select 'order_paid', company_id, 'rita@example.com' from company_members where user_id = ${RITA}::uuid`,
    ),
  ).rejects.toThrow();
  await db.execute(
    sql`insert into mail_queue (kind, company_id, recipient) select 'company_approved', company_id, 'rita@example.com' from company_members where user_id = ${RITA}::uuid`,
  );
}

describe('migration 0018 on existing orders', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('links orders to their company and keeps the audit log append-only on PGlite', async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    cleanups.push(() => database.close());
    await migrateAndCheck(database, (folder) => migratePglite(database.db as never, { migrationsFolder: folder }), cleanups);
  });

  it.runIf(inject('postgresUrl'))('links orders to their company and keeps the audit log append-only on PostgreSQL', async () => {
    const created = await createPostgresDatabase(inject('postgresUrl') as string, 'template0');
    cleanups.push(created.drop);
    const database = await openDatabase({ databaseUrl: created.url, pgliteDir: null, poolSize: 2 });
    cleanups.push(() => database.close());
    await migrateAndCheck(database, (folder) => migratePg(database.db as never, { migrationsFolder: folder }), cleanups);
  });
});
