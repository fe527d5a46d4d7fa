// The dealers' live orders, GET /api/orders/mine/events, read over real HTTP as My Orders reads it: a change of
// an order arrives on the streams of those who see it (who placed it, its company's admin) and on no one else's
// (another company, a buyer of the same company who sees only their own), without any count of the shop's
// orders; a buyer switched to see all of the company's orders gets the very next change; admins are sent to
// their own stream.

import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OrderChangeSchema } from '../../src/contract/live-orders';
import { rowsOf } from '../../server/db/rows';
import { openEventStream, type EventStream } from '../helpers/event-stream';
import { payOrder, placeOrder } from '../helpers/orders';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('dealers’ live orders', (kind) => {
  const {
    t,
    users: { owner, buyer, stranger, admin },
  } = useTestApp(kind, { users: { owner: {}, buyer: {}, stranger: {}, admin: { admin: true } } });
  let productId = '';
  const open: EventStream[] = [];

  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    productId = await t.createProduct({ available: 1000, minOrder: 1, price: 25 });
    // The buyer joins the owner's company, seeing only their own orders.
    const own = await companyIdOf(buyer);
    await t.database.db.execute(
      sql`update company_members set company_id = ${await companyIdOf(owner)}::uuid, role = 'buyer', can_see_all_orders = false where user_id = ${buyer.id}::uuid`,
    );
    await t.database.db.execute(sql`delete from companies where id = ${own}::uuid`);
  });
  afterAll(() => {
    for (const stream of open) stream.close();
  });

  const connect = async (user: TestUser | null) => {
    const stream = await openEventStream(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/orders/mine/events`, user ? user.auth : {});
    open.push(stream);
    return stream;
  };
  const ready = async (stream: EventStream) => {
    expect(stream.status).toBe(200);
    const first = await stream.next();
    expect(first.event).toBe('ready');
    expect(JSON.parse(first.data)).toEqual({});
  };
  const changes = (stream: EventStream) => stream.queued.filter((e) => e.event === 'order').map((e) => v.parse(OrderChangeSchema, JSON.parse(e.data)));

  it('tells who placed an order and its company’s admin of each change, and nobody else', async () => {
    const [ownerStream, buyerStream, strangerStream] = await Promise.all([connect(owner), connect(buyer), connect(stranger)]);
    await Promise.all([ready(ownerStream), ready(buyerStream), ready(strangerStream)]);
    expect(buyerStream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');

    const buyersOrder = await placeOrder(t, buyer, { productId, orderQuantity: 2 });
    await payOrder(t, buyer, buyersOrder);
    const shipped = await t.app.inject({ method: 'PATCH', url: `/api/orders/${buyersOrder}`, headers: admin.auth });
    expect(shipped.statusCode).toBe(200);
    const ownersOrder = await placeOrder(t, owner, { productId, orderQuantity: 1 });

    const expected = [
      { id: buyersOrder, status: 'Unpaid', kind: 'placed' },
      { id: buyersOrder, status: 'Paid', kind: 'paid' },
      { id: buyersOrder, status: 'Shipped', kind: 'shipped' },
    ];
    await expect.poll(() => changes(buyerStream), { timeout: 5_000 }).toEqual(expected);
    await expect.poll(() => changes(ownerStream), { timeout: 5_000 }).toEqual([...expected, { id: ownersOrder, status: 'Unpaid', kind: 'placed' }]);
    // The stranger's stream and the buyer's own heard nothing of what they do not see, after the last event was written.
    expect(changes(strangerStream)).toEqual([]);
    expect(changes(buyerStream).some((change) => change.id === ownersOrder)).toBe(false);
    // No event carries anything but the order's id, status and kind.
    expect(ownerStream.queued.every((e) => Object.keys(JSON.parse(e.data) as object).every((key) => ['id', 'status', 'kind'].includes(key)))).toBe(true);
  });

  it('follows a change of who sees what at the very next order change', async () => {
    const buyerStream = await connect(buyer);
    await ready(buyerStream);
    await t.database.db.execute(sql`update company_members set can_see_all_orders = true where user_id = ${buyer.id}::uuid`);
    const ownersOrder = await placeOrder(t, owner, { productId, orderQuantity: 1 });
    await expect.poll(() => changes(buyerStream), { timeout: 5_000 }).toEqual([{ id: ownersOrder, status: 'Unpaid', kind: 'placed' }]);
    await t.database.db.execute(sql`update company_members set can_see_all_orders = false where user_id = ${buyer.id}::uuid`);
    const strangersOrder = await placeOrder(t, stranger, { productId, orderQuantity: 1 });
    const another = await placeOrder(t, owner, { productId, orderQuantity: 1 });
    const own = await placeOrder(t, buyer, { productId, orderQuantity: 1 });
    await expect.poll(() => changes(buyerStream).map((c) => c.id), { timeout: 5_000 }).toEqual([ownersOrder, own]);
    expect(changes(buyerStream).map((c) => c.id)).not.toContain(another);
    expect(changes(buyerStream).map((c) => c.id)).not.toContain(strangersOrder);
  });

  it('refuses anonymous callers and sends admins to their own stream', async () => {
    expect((await connect(null)).status).toBe(401);
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/orders/mine/events', headers: admin.auth });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toMatchObject({ error: { code: 'forbidden', message: 'Admins follow every order on GET /api/orders/events.' } });
  });
});
