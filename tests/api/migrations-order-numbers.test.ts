// Migration 0016 on a database with orders: the orders already there are numbered in the order they were
// placed (not the order their rows happen to lie in), each with the year it was placed, and the next order
// placed goes on after the last of them. Shipping details start empty.

import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { migrationsUpTo } from '../helpers/databases';

const USER = '00000000-0000-4000-a000-000000000001';
const orderId = (n: number) => `00000000-0000-4000-9000-00000000000${n}`;

describe('migration 0016 on existing orders', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('numbers the orders in the order they were placed, and the next order after them', async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    cleanups.push(() => database.close());
    const before = migrationsUpTo('0015_an_order_is_its_lines');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    await migrate(database.db as never, { migrationsFolder: before });

    const { db } = database;
    await db.execute(sql`insert into users (id, email, email_verified) values (${USER}::uuid, 'd@example.com', true)`);
    const order = (n: number, placed: string, status = 'Unpaid') => sql`
      insert into orders (id, user_id, user_email, user_name, user_address, user_phone, total_price, created_at, status, transaction_id, invoice_year, invoice_seq, shipped_at)
      values (${orderId(n)}::uuid, ${USER}::uuid, 'd@example.com', 'Dealer', 'Road 1', '+1 555', 100, ${placed}::timestamptz, ${status},
              ${status === 'Unpaid' ? null : `pi_${n}`}, ${status === 'Unpaid' ? null : 2025}, ${status === 'Unpaid' ? null : n},
              ${status === 'Shipped' ? placed : null}::timestamptz)`;
    // Inserted out of their placing order, across a new year (UTC).
    await db.execute(order(1, '2026-01-01T00:30:00Z'));
    await db.execute(order(2, '2025-12-31T23:30:00Z', 'Shipped'));
    await db.execute(order(3, '2025-06-01T10:00:00Z', 'Paid'));

    await runMigrations(database);

    const numbers = await rowsOf<{ id: string; number: string; carrier: string | null; tracking: string | null }>(
      db,
      sql`select id, number, carrier, tracking_number as tracking from orders order by created_at`,
    );
    expect(numbers).toEqual([
      { id: orderId(3), number: 'O-2025-00001', carrier: null, tracking: null },
      { id: orderId(2), number: 'O-2025-00002', carrier: null, tracking: null },
      { id: orderId(1), number: 'O-2026-00003', carrier: null, tracking: null },
    ]);

    await db.execute(sql`insert into orders (id, user_id, user_email, user_name, user_address, user_phone, total_minor)
      values (${orderId(4)}::uuid, ${USER}::uuid, 'd@example.com', 'Dealer', 'Road 1', '+1 555', 100)`);
    const [next] = await rowsOf<{ number: string; year: string }>(
      db,
      sql`select number, to_char(created_at at time zone 'UTC', 'YYYY') as year from orders where id = ${orderId(4)}::uuid`,
    );
    expect(next?.number).toBe(`O-${next?.year}-00004`);

    // A running number past five digits is written whole, never cut short.
    const [long] = await rowsOf<{ n: string }>(db, sql`select format_order_number('2031-03-01T00:00:00Z'::timestamptz, 1234567) as n`);
    expect(long?.n).toBe('O-2031-1234567');

    // Only a shipped order names a carrier or a tracking number.
    await expect(db.execute(sql`update orders set carrier = 'DHL' where id = ${orderId(3)}::uuid`)).rejects.toThrow();
  });
});
