// Migration 0017 on a database with accounts: every customer becomes the company admin of an approved company
// of one, named after them (their name, else their e-mail), with their saved delivery address as its default
// location when they have one; admins get no company. On PGlite and on PostgreSQL.

import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { createPostgresDatabase, migrationsUpTo } from '../helpers/databases';
import '../setup/provided';

const NAMED = '00000000-0000-4000-a000-000000000001';
const UNNAMED = '00000000-0000-4000-a000-000000000002';
const ADMIN = '00000000-0000-4000-a000-000000000003';

type CompanyOf = {
  email: string;
  company: string | null;
  country: string | null;
  tax: string | null;
  status: string | null;
  role: string | null;
  members: number;
};

type LocationOf = {
  email: string;
  name: string;
  address: string;
  phone: string;
  contact: string;
  isDefault: boolean;
};

async function migrateAndRead(database: Database) {
  const { db } = database;
  await db.execute(sql`insert into users (id, email, display_name, address, phone, email_verified) values
    (${NAMED}::uuid, 'rita@example.com', '  Rita''s Tools  ', '12 Harbour Road, Leeds', '+44 113 496 0000', true),
    (${UNNAMED}::uuid, 'nameless@example.com', '', '', '', false)`);
  await db.execute(sql`insert into users (id, email, role, display_name, address) values (${ADMIN}::uuid, 'boss@example.com', 'admin', 'Boss', '1 Main St')`);

  await runMigrations(database);

  const companies = await rowsOf<CompanyOf>(
    db,
    sql`select u.email, c.name as company, c.country, c.tax_number as tax, c.status, m.role,
               (select count(*)::int from company_members o where o.company_id = c.id) as members
          from users u left join company_members m on m.user_id = u.id left join companies c on c.id = m.company_id
         order by u.email`,
  );
  const locations = await rowsOf<LocationOf>(
    db,
    sql`select u.email, l.name, l.address, l.phone, l.contact_name as contact, l.is_default as "isDefault"
          from company_locations l join company_members m on m.company_id = l.company_id join users u on u.id = m.user_id
         order by u.email`,
  );
  const [companyCount] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from companies`);
  return { companies, locations, companyCount: companyCount?.n };
}

function expectOneCompanyEach(result: Awaited<ReturnType<typeof migrateAndRead>>): void {
  expect(result.companies).toEqual([
    { email: 'boss@example.com', company: null, country: null, tax: null, status: null, role: null, members: 0 },
    { email: 'nameless@example.com', company: 'nameless@example.com', country: 'US', tax: null, status: 'approved', role: 'company_admin', members: 1 },
    { email: 'rita@example.com', company: "Rita's Tools", country: 'US', tax: null, status: 'approved', role: 'company_admin', members: 1 },
  ]);
  expect(result.companyCount).toBe(2);
  // Only the customer with saved delivery details gets a location, and it is the default.
  expect(result.locations).toEqual([
    { email: 'rita@example.com', name: 'Main address', address: '12 Harbour Road, Leeds', phone: '+44 113 496 0000', contact: "Rita's Tools", isDefault: true },
  ]);
}

async function expectRulesHold(database: Database): Promise<void> {
  const { db } = database;
  const [company] = await rowsOf<{ id: string }>(db, sql`select company_id as id from company_members where user_id = ${NAMED}::uuid`);
  const companyId = company?.id ?? '';
  // A second default location in the same company is refused by the database itself.
  await expect(
    db.execute(sql`insert into company_locations (company_id, name, address, phone, contact_name, country, is_default)
      values (${companyId}::uuid, 'Depot', '3 Mill Lane', '+44 113 496 0001', 'Sam', 'GB', true)`),
  ).rejects.toThrow();
  // A user belongs to one company at most.
  await expect(db.execute(sql`insert into company_members (user_id, company_id, role) values (${NAMED}::uuid, ${companyId}::uuid, 'buyer')`)).rejects.toThrow();
  // Deleting the account takes its membership with it.
  await db.execute(sql`delete from users where id = ${NAMED}::uuid`);
  const [left] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from company_members where company_id = ${companyId}::uuid`);
  expect(left?.n).toBe(0);
}

describe('migration 0017 on existing accounts', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('gives every customer a company of one on PGlite', async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    cleanups.push(() => database.close());
    const before = migrationsUpTo('0016_order_numbers_and_shipping');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    await migratePglite(database.db as never, { migrationsFolder: before });

    expectOneCompanyEach(await migrateAndRead(database));
    await expectRulesHold(database);
  });

  it.runIf(inject('postgresUrl'))('gives every customer a company of one on PostgreSQL', async () => {
    const created = await createPostgresDatabase(inject('postgresUrl') as string, 'template0');
    cleanups.push(created.drop);
    const database = await openDatabase({ databaseUrl: created.url, pgliteDir: null, poolSize: 2 });
    cleanups.push(() => database.close());
    const before = migrationsUpTo('0016_order_numbers_and_shipping');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    await migratePg(database.db as never, { migrationsFolder: before });

    expectOneCompanyEach(await migrateAndRead(database));
    await expectRulesHold(database);
  });
});
