// Migration 0024 on a database with orders: the whole dollars of every order placed before become cents in
// the same columns' new names, each order is in US dollars at the list price, and every line still adds up.

import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { migrationsUpTo } from '../helpers/databases';

const USER = '00000000-0000-4000-a000-000000000001';
const ORDER = '00000000-0000-4000-9000-000000000001';

describe('migration 0024 on existing orders', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('turns the orders’ whole dollars into cents of US dollars at the list price', async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    cleanups.push(() => database.close());
    const before = migrationsUpTo('0023_live_invoices_paid');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    await migrate(database.db as never, { migrationsFolder: before });

    const { db } = database;
    await db.execute(sql`insert into users (id, email, email_verified) values (${USER}::uuid, 'd@example.com', true)`);
    await db.execute(sql`insert into orders (id, user_id, user_email, user_name, user_address, user_phone, total_price)
      values (${ORDER}::uuid, ${USER}::uuid, 'd@example.com', 'Dealer', 'Road 1', '+1 555', 1404)`);
    await db.execute(sql`insert into order_lines (order_id, line_no, product_name, unit_price, quantity, line_total)
      values (${ORDER}::uuid, 1, 'Drill', 129, 10, 1290), (${ORDER}::uuid, 2, 'Bits', 19, 6, 114)`);

    await runMigrations(database);

    const [order] = await rowsOf<{ total_minor: string; currency: string; rate_micros: string; price_list_id: string | null }>(
      db,
      sql`select total_minor, currency, rate_micros, price_list_id from orders where id = ${ORDER}::uuid`,
    );
    expect({ ...order, total_minor: Number(order?.total_minor), rate_micros: Number(order?.rate_micros) }).toEqual({
      total_minor: 140_400,
      currency: 'USD',
      rate_micros: 1_000_000,
      price_list_id: null,
    });
    const lines = await rowsOf<{ unit_price_minor: string; line_total_minor: string }>(
      db,
      sql`select unit_price_minor, line_total_minor from order_lines where order_id = ${ORDER}::uuid order by line_no`,
    );
    expect(lines.map((line) => [Number(line.unit_price_minor), Number(line.line_total_minor)])).toEqual([
      [12_900, 129_000],
      [1_900, 11_400],
    ]);
    // A line's total is still its quantity times its unit price.
    await expect(db.execute(sql`update order_lines set line_total_minor = 1 where order_id = ${ORDER}::uuid and line_no = 1`)).rejects.toThrow();
  });
});
