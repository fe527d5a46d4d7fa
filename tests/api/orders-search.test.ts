// Finding orders: a dealer searches their own orders by number, tool (name or SKU of any line), status and
// the days placed; an admin searches every order the same way and also by the customer's name or e-mail.
// The search runs in SQL, pages as before, and a bad query is refused with 400 and a clear message.

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderPage } from '../../src/contract/order';
import { payOrder, placeOrder } from '../helpers/orders';
import type { TestUser } from '../helpers/test-app';
import { uniqueEmail } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('searching orders', (kind) => {
  const {
    t,
    users: { admin, dana, eli },
  } = useTestApp(kind, {
    users: { admin: { admin: true }, dana: { displayName: 'Dana Whitfield', email: uniqueEmail('dwhit') }, eli: { displayName: 'Eli Brandt' } },
  });
  const ids = { danaDrill: '', danaBoth: '', danaSawPaid: '', eliDrill: '' };
  const numbers = new Map<string, string>();

  beforeAll(async () => {
    const drill = await t.createProduct({ name: 'Hammer Drill 18V', sku: 'FL-HD18-0001', price: 10, available: 1000, minOrder: 1 });
    const saw = await t.createProduct({ name: 'Mitre Saw', sku: 'FL-MS255-0002', price: 20, available: 1000, minOrder: 1 });
    ids.danaDrill = await placeOrder(t, dana, { productId: drill, orderQuantity: 1 });
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: dana.auth,
      payload: {
        lines: [
          { productId: drill, quantity: 2 },
          { productId: saw, quantity: 1 },
        ],
        userAddress: '1 Quay Street, Leeds',
        userPhone: '+44 113 496 0000',
        clientOrderId: crypto.randomUUID(),
      },
    });
    ids.danaBoth = (both.json() as { insertedId: string }).insertedId;
    ids.danaSawPaid = await placeOrder(t, dana, { productId: saw, orderQuantity: 3 });
    await payOrder(t, dana, ids.danaSawPaid);
    ids.eliDrill = await placeOrder(t, eli, { productId: drill, orderQuantity: 4 });
    // Placed on known days: 10 March 2026, 23:30 UTC (11 March in Berlin), 20 March and 1 April.
    const placedAt = (id: string, at: string) => t.database.db.execute(sql`update orders set created_at = ${at}::timestamptz where id = ${id}::uuid`);
    await placedAt(ids.danaDrill, '2026-03-10T23:30:00Z');
    await placedAt(ids.danaBoth, '2026-03-20T12:00:00Z');
    await placedAt(ids.danaSawPaid, '2026-04-01T08:00:00Z');
    await placedAt(ids.eliDrill, '2026-03-20T13:00:00Z');
    const all = (await t.app.inject({ url: '/api/orders?pageSize=100', headers: admin.auth })).json() as OrderPage;
    for (const order of all.items) numbers.set(order._id, order.number ?? '');
  });

  const mine = async (query: string, user: TestUser = dana) => {
    const res = await t.app.inject({ url: `/api/orders/${encodeURIComponent(user.email)}${query}`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Order[]).map((o) => o._id);
  };
  const every = async (query: string) => {
    const res = await t.app.inject({ url: `/api/orders${query}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderPage;
  };
  const everyId = async (query: string) => (await every(query)).items.map((o) => o._id);

  describe('a dealer’s own orders (GET /api/orders/{email})', () => {
    it('finds an order by its whole number, a part of it, or in lower case', async () => {
      const number = numbers.get(ids.danaBoth) ?? '';
      expect(await mine(`?q=${number}`)).toEqual([ids.danaBoth]);
      expect(await mine(`?q=${number.toLowerCase()}`)).toEqual([ids.danaBoth]);
      expect(await mine(`?q=${number.slice(-5)}`)).toEqual([ids.danaBoth]);
      // Another dealer's number finds nothing.
      expect(await mine(`?q=${numbers.get(ids.eliDrill) ?? ''}`)).toEqual([]);
    });

    it('finds orders by a tool of any line, by name or SKU, ignoring case; only their own', async () => {
      expect(await mine('?q=mitre')).toEqual([ids.danaSawPaid, ids.danaBoth]);
      expect(await mine('?q=fl-hd18')).toEqual([ids.danaBoth, ids.danaDrill]);
      expect(await mine('?q=HD18', eli)).toEqual([ids.eliDrill]);
      // The customer's own name is not what a dealer searches their orders by.
      expect(await mine('?q=Whitfield')).toEqual([]);
    });

    it('narrows by status and by the days placed, in the dealer’s time zone', async () => {
      expect(await mine('?status=Paid')).toEqual([ids.danaSawPaid]);
      expect(await mine('?from=2026-03-11&to=2026-03-31')).toEqual([ids.danaBoth]);
      // 23:30 UTC on 10 March is already 11 March in Berlin.
      expect(await mine('?from=2026-03-11&to=2026-03-31&tz=Europe/Berlin')).toEqual([ids.danaBoth, ids.danaDrill]);
      expect(await mine('?to=2026-03-10')).toEqual([ids.danaDrill]);
      expect(await mine('?to=2026-03-10&tz=Europe%2FBerlin')).toEqual([]);
      expect(await mine('?from=2026-04-01')).toEqual([ids.danaSawPaid]);
      expect(await mine('?from=2026-03-20&to=2026-03-20&q=saw&status=Unpaid')).toEqual([ids.danaBoth]);
    });
  });

  describe('every order, for admins (GET /api/orders)', () => {
    it('finds orders by the customer’s name or e-mail, which found nothing before', async () => {
      expect((await everyId('?q=Dana')).sort()).toEqual([ids.danaDrill, ids.danaBoth, ids.danaSawPaid].sort());
      expect(await everyId('?q=brandt')).toEqual([ids.eliDrill]);
      expect((await everyId(`?q=${encodeURIComponent(dana.email.slice(0, 6))}`)).sort()).toEqual([ids.danaDrill, ids.danaBoth, ids.danaSawPaid].sort());
    });

    it('finds by number, tool and SKU, narrows by status and days, and pages what it finds', async () => {
      expect(await everyId(`?q=${numbers.get(ids.eliDrill) ?? ''}`)).toEqual([ids.eliDrill]);
      expect(await everyId('?q=fl-hd18')).toEqual([ids.eliDrill, ids.danaBoth, ids.danaDrill]);
      expect(await everyId('?q=drill&from=2026-03-20&to=2026-03-20')).toEqual([ids.eliDrill, ids.danaBoth]);
      const first = await every('?q=drill&pageSize=2');
      const second = await every('?q=drill&pageSize=2&page=2');
      expect([first.total, first.items.length, second.items.length]).toEqual([3, 2, 1]);
      expect(await everyId('?q=mitre&status=Paid')).toEqual([ids.danaSawPaid]);
    });

    it('exports to CSV what the same search finds, with the number, carrier and tracking number', async () => {
      const res = await t.app.inject({ url: '/api/orders/export?q=dana&status=Paid', headers: admin.auth });
      expect(res.statusCode).toBe(200);
      const [header, ...rows] = res.body
        .replace(/^\uFEFF/u, '')
        .trimEnd()
        .split('\r\n');
      expect(header).toBe(
        'Order,Placed (UTC),Customer,E-mail,Address,Phone,Tools,Pieces,Total (USD),Status,Transaction,Shipped (UTC),Carrier,Tracking number,Order id,' +
          'PO number,Payment terms,Due (UTC),Paid (UTC),Total,Currency,Net,Tax,Deposit,Deposit paid (UTC)',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.startsWith(`${numbers.get(ids.danaSawPaid) ?? '?'},2026-04-01 08:00,Dana Whitfield,`)).toBe(true);
      // The columns of paying on account follow: no PO number, paid by card, no due date, and when it was paid;
      // then the total in the order's own currency, and that currency; then its net and tax, the whole total and no tax;
      // then no deposit.
      expect(rows[0]).toMatch(new RegExp(`,,,,${ids.danaSawPaid},,Card,,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},(\\d+),USD,\\1,0,0,$`, 'u'));
      expect((await t.app.inject({ url: '/api/orders/export?from=2026-02-30', headers: admin.auth })).statusCode).toBe(400);
    });
  });

  it('refuses bad dates, a range that ends before it starts, and an unknown time zone, saying so', async () => {
    const cases: [string, string][] = [
      ['?from=2026-02-30', 'from: from must be a date written as YYYY-MM-DD, such as 2026-11-26'],
      ['?to=26.11.2026', 'to: to must be a date written as YYYY-MM-DD, such as 2026-11-26'],
      ['?from=2026-13-01', 'from: from must be a date written as YYYY-MM-DD, such as 2026-11-26'],
      ['?from=2026-03-20&to=2026-03-10', 'from must be on or before to'],
      ['?tz=Mars%2FOlympus', 'tz: tz must be a time zone such as Europe/Berlin or UTC'],
      ['?status=Lost', 'status: status must be one of Unpaid, Paid, Shipped, On hold, Confirmed, Refused, Awaiting approval, Declined'],
    ];
    for (const [query, message] of cases) {
      for (const url of [`/api/orders/${encodeURIComponent(dana.email)}${query}`, `/api/orders${query}`]) {
        const res = await t.app.inject({ url, headers: url.startsWith('/api/orders/') ? dana.auth : admin.auth });
        expect(res.statusCode, url).toBe(400);
        expect((res.json() as { error: { code: string; message: string } }).error, url).toEqual({ code: 'invalid_data', message, details: expect.anything() });
      }
    }
  });
});
