// Migration 0015 on a database with orders: the order rows lose their first-line columns, an order that
// had no line gets its own values as its one line, the answers read the same from the lines, and the pieces
// a dealer holds unpaid are counted from the lines from then on.

import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../../server/db/client';
import { migrationsUpTo } from '../helpers/databases';
import { rowsOf } from '../../server/db/rows';
import { findOrder, withLines } from '../../server/repositories/orders';
import { withOneToolFields } from '../../server/routes/one-tool-order';
import { markOrderPaid } from '../../server/services/orders';

const USER = '00000000-0000-4000-a000-000000000001';
const SAW = '00000000-0000-4000-8000-000000000001';
const DRILL = '00000000-0000-4000-8000-000000000002';
const orderId = (n: number) => `00000000-0000-4000-9000-00000000000${n}`;

describe('migration 0015 on existing orders', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every order whole as its lines, and counts the unpaid pieces from them', async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    cleanups.push(() => database.close());
    const before = migrationsUpTo('0014_invoice_documents');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    await migrate(database.db as never, { migrationsFolder: before });

    const { db } = database;
    await db.execute(sql`insert into users (id, email, email_verified) values (${USER}::uuid, 'd@example.com', true)`);
    await db.execute(sql`insert into products (id, name, sku, description, image_url, price, available, min_order) values
      (${SAW}::uuid, 'MS255 Chop Saw', 'FL-MS255', ${'D'.repeat(160)}, '/uploads/saw.webp', 410, 100, 1),
      (${DRILL}::uuid, 'SD8 Drill', 'FL-SD8', ${'D'.repeat(160)}, '/uploads/drill.webp', 139, 100, 1)`);
    const order = (n: number, productId: string, name: string, image: string, unitPrice: number, quantity: number, total: number) => sql`
      insert into orders (id, user_id, user_email, user_name, user_address, user_phone, product_id, product_name, image_url, unit_price, quantity, total_price)
      values (${orderId(n)}::uuid, ${USER}::uuid, 'd@example.com', 'Dealer', 'Road 1', '+1 555', ${productId}::uuid, ${name}, ${image}, ${unitPrice}, ${quantity}, ${total})`;
    // An order with two lines, whose row names the first line and counts the pieces of both.
    await db.execute(order(1, DRILL, 'SD8 Drill', '/uploads/drill.webp', 139, 25, 4830));
    await db.execute(sql`insert into order_lines (order_id, line_no, product_id, product_name, sku, image_url, unit_price, quantity, line_total) values
      (${orderId(1)}::uuid, 1, ${DRILL}::uuid, 'SD8 Drill', 'FL-SD8', '/uploads/drill.webp', 139, 20, 2780),
      (${orderId(1)}::uuid, 2, ${SAW}::uuid, 'MS255 Chop Saw', 'FL-MS255', '/uploads/saw.webp', 410, 5, 2050)`);
    // An order that never got a line.
    await db.execute(order(2, SAW, 'MS255 Chop Saw', '/uploads/saw.webp', 410, 3, 1230));
    const held = async () => (await rowsOf<{ n: number }>(db, sql`select unpaid_units as n from users where id = ${USER}::uuid`))[0]?.n;
    expect(await held()).toBe(28);

    await runMigrations(database);

    const columns = await rowsOf<{ name: string }>(db, sql`select column_name as name from information_schema.columns where table_name = 'orders'`);
    for (const gone of ['product_id', 'product_name', 'image_url', 'unit_price', 'quantity']) expect(columns.map((c) => c.name)).not.toContain(gone);

    const answer = async (n: number) => {
      const row = await findOrder(db, orderId(n));
      if (!row) throw new Error(`order ${n} is gone`);
      const [withItsLines] = await withLines(db, [row], null);
      if (!withItsLines) throw new Error(`order ${n} has no answer`);
      return withOneToolFields(withItsLines);
    };
    expect(await answer(1)).toMatchObject({ productId: DRILL, productName: 'SD8 Drill', unitPrice: 139, orderQuantity: 25, totalPrice: 4830 });
    expect((await answer(1)).lines).toHaveLength(2);
    expect(await answer(2)).toMatchObject({
      productId: SAW,
      productName: 'MS255 Chop Saw',
      imageUrl: '/uploads/saw.webp',
      unitPrice: 410,
      orderQuantity: 3,
      totalPrice: 1230,
      lines: [{ productId: SAW, productName: 'MS255 Chop Saw', sku: 'FL-MS255', imageUrl: '/uploads/saw.webp', unitPrice: 410, quantity: 3, lineTotal: 1230 }],
    });

    // From now on the lines are what the unpaid pieces count: paying one order and deleting the other
    // give back exactly what each holds.
    expect(await held()).toBe(28);
    expect(await markOrderPaid(db, orderId(1), 'pi_after_0015')).toBe(true);
    expect(await held()).toBe(3);
    await db.execute(sql`delete from orders where id = ${orderId(2)}::uuid`);
    expect(await held()).toBe(0);
  });
});
