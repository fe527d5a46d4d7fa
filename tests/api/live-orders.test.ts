// The live orders stream, GET /api/orders/events, read over real HTTP with fetch as the admin's page reads
// it: an order placed, paid in the sandbox and shipped arrives as three events in that order, each with
// the count of paid orders waiting to ship; customers and anonymous callers are refused; a client that
// goes away is forgotten; and closing the app ends open streams instead of waiting for them.

import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEventSchema, OrdersCountEventSchema } from '../../src/contract/live-orders';
import { openEventStream, type EventStream } from '../helpers/event-stream';
import { payOrder, placeOrder } from '../helpers/orders';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const EVENTS_PATH = '/api/orders/events';

function baseOf(t: TestApp): string {
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function paidWaitingNow(t: TestApp): Promise<number> {
  const result = await t.database.db.execute(sql`select count(*)::int as n from orders where status in ('Paid', 'Confirmed')`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

describeEachDatabase('live orders stream', (kind) => {
  const {
    t,
    users: { admin, dealer },
  } = useTestApp(kind, { users: { admin: { admin: true }, dealer: { displayName: 'Live Dealer' } } });
  let productId = '';
  const open: EventStream[] = [];

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    productId = await t.createProduct({ available: 1000, minOrder: 1, price: 25 });
  });
  afterAll(() => {
    for (const stream of open) stream.close();
  });

  const connect = async (user: TestUser | null) => {
    const stream = await openEventStream(`${baseOf(t)}${EVENTS_PATH}`, user ? user.auth : {});
    open.push(stream);
    return stream;
  };

  it('streams an order placed, paid and shipped as three events in order, with the paid count of each', async () => {
    const stream = await connect(admin);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');

    const ready = await stream.next();
    expect(ready.event).toBe('ready');
    expect(stream.retry).toBe(3000);
    const before = await paidWaitingNow(t);
    expect(v.parse(OrdersCountEventSchema, JSON.parse(ready.data))).toEqual({ paidWaiting: before });

    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 3 });
    const placed = await stream.next();
    await payOrder(t, dealer, orderId);
    const paid = await stream.next();
    const shipping = await t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers: admin.auth });
    expect(shipping.statusCode).toBe(200);
    const shipped = await stream.next();

    expect([placed, paid, shipped].map((e) => e.event)).toEqual(['order', 'order', 'order']);
    expect([placed, paid, shipped].map((e) => v.parse(OrderEventSchema, JSON.parse(e.data)))).toEqual([
      { id: orderId, status: 'Unpaid', kind: 'placed', paidWaiting: before },
      { id: orderId, status: 'Paid', kind: 'paid', paidWaiting: before + 1 },
      { id: orderId, status: 'Shipped', kind: 'shipped', paidWaiting: before },
    ]);
    // Every event has its own id, so a reconnecting client can tell where it was.
    const ids = [ready, placed, paid, shipped].map((e) => e.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id) => id && /^[0-9a-f]{8}-\d+$/u.test(id))).toBe(true);
  });

  it('streams an order on account placed, shipped and its invoice paid by bank transfer', async () => {
    const stream = await connect(admin);
    await stream.next();
    const company = await t.database.db.execute(sql`select company_id as id from company_members where user_id = ${dealer.id}::uuid`);
    const companyId = (company as unknown as { rows: { id: string }[] }).rows[0]?.id ?? '';
    const terms = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${companyId}/terms`,
      headers: admin.auth,
      payload: { paymentTerms: 'net30', creditLimit: 1_000_000, poRequired: false },
    });
    expect(terms.statusCode).toBe(200);
    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 2 });
    const placed = await stream.next();
    expect((await t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers: admin.auth })).statusCode).toBe(200);
    const shipped = await stream.next();
    const bank = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/bank-payment`, headers: admin.auth, payload: { reference: 'TRF 1' } });
    expect(bank.statusCode).toBe(200);
    const paid = await stream.next();
    expect([placed, shipped, paid].map((e) => v.parse(OrderEventSchema, JSON.parse(e.data))).map((e) => [e.id, e.status, e.kind])).toEqual([
      [orderId, 'Confirmed', 'placed'],
      [orderId, 'Shipped', 'shipped'],
      [orderId, 'Shipped', 'paid'],
    ]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${companyId}/terms`,
      headers: admin.auth,
      payload: { paymentTerms: 'card', creditLimit: 0, poRequired: false },
    });
  });

  it('streams a deleted order, and reaches every admin with the page open', async () => {
    const first = await connect(admin);
    const second = await connect(admin);
    await first.next();
    await second.next();
    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 1 });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: dealer.auth });
    expect(removed.statusCode).toBe(200);
    for (const stream of [first, second]) {
      const kinds = [await stream.next(), await stream.next()].map((e) => v.parse(OrderEventSchema, JSON.parse(e.data)));
      expect(kinds.map((e) => [e.id, e.kind, e.status])).toEqual([
        [orderId, 'placed', 'Unpaid'],
        [orderId, 'deleted', 'Unpaid'],
      ]);
    }
  });

  it('refuses a customer (403) and an anonymous caller (401) with the error shape', async () => {
    for (const [user, status, code] of [
      [dealer, 403, 'forbidden'],
      [null, 401, 'unauthorized'],
    ] as const) {
      const res = await fetch(`${baseOf(t)}${EVENTS_PATH}`, { headers: user ? user.auth : {} });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
  });

  it('does not take the token from the URL', async () => {
    const res = await fetch(`${baseOf(t)}${EVENTS_PATH}?access_token=${encodeURIComponent(admin.token)}`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('forgets a client that disconnected, and keeps streaming to the others', async () => {
    await expect.poll(() => t.app.liveOrders.size).toBe(open.filter((s) => s.status === 200).length);
    for (const stream of open.splice(0)) stream.close();
    await expect.poll(() => t.app.liveOrders.size).toBe(0);

    const staying = await connect(admin);
    const leaving = await connect(admin);
    await staying.next();
    await leaving.next();
    expect(t.app.liveOrders.size).toBe(2);
    leaving.close();
    await expect.poll(() => t.app.liveOrders.size).toBe(1);
    const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 1 });
    expect(v.parse(OrderEventSchema, JSON.parse((await staying.next()).data)).id).toBe(orderId);
    expect(leaving.queued).toEqual([]);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(`${baseOf(t)}${EVENTS_PATH}`, { method: 'HEAD', headers: admin.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  });
});

describe('live orders stream and shutdown', () => {
  let t: TestApp | null = null;
  afterAll(async () => {
    await t?.close().catch(() => undefined);
  });

  it('ends open streams when the app closes, so closing does not wait for them', async () => {
    t = await createTestApp('pglite');
    const admin = await t.createUser({ admin: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const streams = await Promise.all([openEventStream(`${baseOf(t)}${EVENTS_PATH}`, admin.auth), openEventStream(`${baseOf(t)}${EVENTS_PATH}`, admin.auth)]);
    for (const stream of streams) await stream.next();
    const started = Date.now();
    await t.close();
    t = null;
    expect(Date.now() - started).toBeLessThan(3000);
    await Promise.all(streams.map((stream) => stream.ended));
  });
});
