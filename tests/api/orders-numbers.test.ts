// Order numbers (docs/decisions/035-order-numbers.md): every order has one from the moment it is placed,
// `O-<year>-<running number>`, in every answer that carries the order, on its invoice, and never twice, even
// for orders placed at the same moment.

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order, OrderPage } from '../../src/contract/order';
import { rowsOf } from '../../server/db/rows';
import { invoiceOf } from '../../server/invoices/issued-invoice';
import { findOrderDocument } from '../../server/repositories/invoices';
import { payOrder, placeOrder, postOrder } from '../helpers/orders';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const NUMBER = /^O-(\d{4})-(\d{5,})$/u;
const runningNo = (number: string | undefined) => Number(NUMBER.exec(number ?? '')?.[2] ?? Number.NaN);

describeEachDatabase('order numbers', (kind) => {
  const {
    t,
    users: { admin, dana, eli },
  } = useTestApp(kind, { users: { admin: { admin: true }, dana: {}, eli: {} } });

  const mine = async (user: typeof dana) =>
    (await t.app.inject({ url: `/api/orders/${encodeURIComponent(user.email)}`, headers: user.auth })).json() as Order[];

  describe('placing', () => {
    it('gives each order the next number, with the year it was placed, in every answer', async () => {
      const tool = await t.createProduct({ name: 'Numbered Drill', sku: 'FL-NUM-1', price: 10, available: 1000, minOrder: 1 });
      const first = await placeOrder(t, dana, { productId: tool, orderQuantity: 1 });
      const second = await placeOrder(t, dana, { productId: tool, orderQuantity: 2 });

      const list = await mine(dana);
      const numbers = new Map(list.map((o) => [o._id, o.number]));
      const year = String(new Date().getUTCFullYear());
      for (const id of [first, second]) expect(NUMBER.exec(numbers.get(id) ?? '')?.[1]).toBe(year);
      expect(runningNo(numbers.get(second))).toBe(runningNo(numbers.get(first)) + 1);

      const one = (await t.app.inject({ url: `/api/order/${first}`, headers: dana.auth })).json() as Order;
      expect(one.number).toBe(numbers.get(first));
      const page = (await t.app.inject({ url: '/api/orders', headers: admin.auth })).json() as OrderPage;
      expect(page.items.find((o) => o._id === first)?.number).toBe(numbers.get(first));

      // An order of lines is answered with its number; the spec's one-tool order with its id alone.
      const lines = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: dana.auth,
        payload: { lines: [{ productId: tool, quantity: 1 }], userAddress: '1 Quay St', userPhone: '+44 113 496 0000', clientOrderId: crypto.randomUUID() },
      });
      expect(lines.statusCode).toBe(201);
      const answered = lines.json() as { insertedId: string; number: string };
      expect((await mine(dana)).find((o) => o._id === answered.insertedId)?.number).toBe(answered.number);

      // Sending the same order again places nothing and takes no number.
      const body = { productId: tool, orderQuantity: 1, clientOrderId: crypto.randomUUID() };
      const placed = await postOrder(t, eli, body);
      const again = await postOrder(t, eli, body);
      expect([placed.statusCode, again.statusCode]).toEqual([201, 200]);
      expect((await mine(eli)).map((o) => o.number)).toHaveLength(1);
    });

    it('keeps the number through payment, and prints it on the invoice', async () => {
      const tool = await t.createProduct({ name: 'Invoiced Saw', price: 20, available: 100, minOrder: 1 });
      const id = await placeOrder(t, dana, { productId: tool, orderQuantity: 3 });
      const before = (await mine(dana)).find((o) => o._id === id)?.number;
      await payOrder(t, dana, id);
      const after = (await mine(dana)).find((o) => o._id === id);
      expect(after?.number).toBe(before);
      expect(after?.invoiceNo).not.toBe(after?.number);
      const doc = await findOrderDocument(t.database.db, id);
      expect(doc && invoiceOf(doc)?.orderNo).toBe(before);
    });

    it('never gives one number twice, for orders placed all at once by several dealers', async () => {
      const tool = await t.createProduct({ name: 'Crowded Planer', price: 5, available: 10_000, minOrder: 1 });
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => postOrder(t, i % 2 === 0 ? dana : eli, { productId: tool, orderQuantity: 1 })));
      expect(results.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
      const [counts] = await rowsOf<{ orders: number; numbers: number }>(
        t.database.db,
        sql`select count(*)::int as orders, count(distinct number)::int as numbers from orders`,
      );
      expect(counts?.numbers).toBe(counts?.orders);
    });

    it('refuses a second order with a number already taken (the unique index backs the sequence)', async () => {
      const tool = await t.createProduct({ name: 'Unique Router', price: 5, available: 100, minOrder: 1 });
      const id = await placeOrder(t, dana, { productId: tool, orderQuantity: 1 });
      const taken = (await mine(dana)).find((o) => o._id === id)?.number ?? '';
      await expect(
        t.database.db.execute(sql`insert into orders (user_email, user_name, user_address, user_phone, total_minor, number)
          values ('x@example.com', 'X', 'Road 1', '+1 555', 1, ${taken})`),
      ).rejects.toThrow();
    });
  });
});
