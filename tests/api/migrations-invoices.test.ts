// Migration 0005 on a database that already has paid orders: each gets an invoice number, per year of
// payment in the order paid, the year's counter goes on from there, and lines get their tool's SKU.

import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../../server/db/client';
import { migrationsUpTo } from '../helpers/databases';
import { markOrderPaid } from '../../server/services/orders';

describe('migration 0005 on existing orders', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('numbers the orders paid before it, and the next payment takes the next number', async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    cleanups.push(() => database.close());
    const before = migrationsUpTo('0004_catalogue_scale');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    await migrate(database.db as never, { migrationsFolder: before });

    const { db } = database;
    await db.execute(sql`insert into products (id, name, sku, description, image_url, price, available, min_order)
      values ('00000000-0000-4000-8000-000000000001', 'MS255 Chop Saw', 'FL-MS255', ${'D'.repeat(160)}, '/uploads/x.webp', 410, 100, 1)`);
    const order = (id: number, status: string, paidAt: string | null) => sql`
      insert into orders (id, user_email, user_name, user_address, user_phone, product_id, product_name, unit_price, quantity, total_price, status, transaction_id, created_at, paid_at)
      values (${`00000000-0000-4000-9000-00000000000${id}`}::uuid, 'd@example.com', 'Dealer', 'Road 1', '+1 555', '00000000-0000-4000-8000-000000000001', 'MS255 Chop Saw', 410, 1, 410,
              ${status}, ${status === 'Unpaid' ? null : `pi_old_${id}`}, '2025-01-01T00:00:00Z', ${paidAt}::timestamptz)`;
    await db.execute(order(1, 'Shipped', '2025-03-01T10:00:00Z'));
    await db.execute(order(2, 'Paid', '2025-02-01T10:00:00Z'));
    await db.execute(order(3, 'Paid', '2026-01-05T10:00:00Z'));
    await db.execute(order(4, 'Unpaid', null));
    await db.execute(order(5, 'Paid', null));
    for (const id of [1, 2, 3, 4, 5]) {
      await db.execute(sql`insert into order_lines (order_id, line_no, product_id, product_name, unit_price, quantity, line_total)
        values (${`00000000-0000-4000-9000-00000000000${id}`}::uuid, 1, '00000000-0000-4000-8000-000000000001', 'MS255 Chop Saw', 410, 1, 410)`);
    }

    await runMigrations(database);
    const rows = (await db.execute(sql`select right(id::text, 1) as n, invoice_year, invoice_seq from orders order by id`)) as unknown as {
      rows: { n: string; invoice_year: number | null; invoice_seq: number | null }[];
    };
    // Order 5 was paid without a date: it counts as paid when placed, the first of 2025.
    expect(rows.rows).toEqual([
      { n: '1', invoice_year: 2025, invoice_seq: 3 },
      { n: '2', invoice_year: 2025, invoice_seq: 2 },
      { n: '3', invoice_year: 2026, invoice_seq: 1 },
      { n: '4', invoice_year: null, invoice_seq: null },
      { n: '5', invoice_year: 2025, invoice_seq: 1 },
    ]);
    const skus = (await db.execute(sql`select distinct sku from order_lines`)) as unknown as { rows: { sku: string }[] };
    expect(skus.rows).toEqual([{ sku: 'FL-MS255' }]);
    const counters = (await db.execute(sql`select year, last_no from invoice_counters order by year`)) as unknown as {
      rows: { year: number; last_no: number }[];
    };
    expect(counters.rows).toEqual([
      { year: 2025, last_no: 3 },
      { year: 2026, last_no: 1 },
    ]);

    // Paying the unpaid one now continues the current year's numbers.
    expect(await markOrderPaid(db, '00000000-0000-4000-9000-000000000004', 'pi_new')).toBe(true);
    const paid = (await db.execute(sql`select invoice_year, invoice_seq from orders where id = '00000000-0000-4000-9000-000000000004'`)) as unknown as {
      rows: { invoice_year: number; invoice_seq: number }[];
    };
    const year = new Date().getUTCFullYear();
    expect(paid.rows[0]).toEqual({ invoice_year: year, invoice_seq: year === 2026 ? 2 : 1 });
  });
});
