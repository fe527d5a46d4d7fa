// Shipping an order with its carrier and tracking number, and taking a shipping back within the minute the
// server allows: the order is Paid again, the dealer's shipping mail never goes, and a minute later it is
// too late (409).

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderPage } from '../../src/contract/order';
import { rowsOf } from '../../server/db/rows';
import { payOrder, placeOrder } from '../helpers/orders';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('shipping an order', (kind) => {
  const {
    t,
    users: { admin, dealer },
  } = useTestApp(kind, { users: { admin: { admin: true }, dealer: { verified: true } } });
  let tool: string;

  beforeAll(async () => {
    tool = await t.createProduct({ name: 'Shipping Grinder', price: 25, available: 10_000, minOrder: 1 });
  });

  const paidOrder = async () => {
    const id = await placeOrder(t, dealer, { productId: tool, orderQuantity: 2 });
    await payOrder(t, dealer, id);
    return id;
  };
  const ship = (id: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: admin.auth, ...(payload ? { payload } : {}) });
  const undo = (id: string, headers = admin.auth) => t.app.inject({ method: 'DELETE', url: `/api/orders/${id}/shipping`, headers });
  const asDealer = async (id: string) =>
    ((await t.app.inject({ url: `/api/orders/${encodeURIComponent(dealer.email)}`, headers: dealer.auth })).json() as Order[]).find((o) => o._id === id);
  const shippedMails = (id: string) =>
    rowsOf<{ state: string; wait: number }>(
      t.database.db,
      sql`select state, extract(epoch from next_attempt_at - now())::float as wait from mail_queue where kind = 'order_shipped' and order_id = ${id}::uuid`,
    );

  describe('PATCH /api/orders/{id}', () => {
    it('records the carrier and tracking number, shown to the dealer and to admins', async () => {
      const id = await paidOrder();
      const res = await ship(id, { carrier: '  DHL Express ', trackingNumber: 'JD0146 0000-6281' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      const seen = await asDealer(id);
      expect(seen).toMatchObject({ status: 'Shipped', carrier: 'DHL Express', trackingNumber: 'JD0146 0000-6281', shippedAt: expect.any(String) });
      const page = (await t.app.inject({ url: `/api/orders?q=${seen?.number ?? ''}`, headers: admin.auth })).json() as OrderPage;
      expect(page.items).toEqual([expect.objectContaining({ _id: id, carrier: 'DHL Express', trackingNumber: 'JD0146 0000-6281' })]);
    });

    it('ships without a body, with an empty object, or with empty fields: no carrier, no tracking number', async () => {
      for (const payload of [undefined, {}, { carrier: '', trackingNumber: '  ' }]) {
        const id = await paidOrder();
        expect((await ship(id, payload)).statusCode).toBe(200);
        expect(await asDealer(id)).toMatchObject({ status: 'Shipped', carrier: null, trackingNumber: null });
      }
    });

    it('refuses a carrier or a tracking number it cannot print, with a message saying what is wrong', async () => {
      const id = await paidOrder();
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ carrier: 'x'.repeat(41) }, /carrier must be at most 40 characters/u],
        [{ carrier: '<script>' }, /carrier may hold letters, digits, spaces/u],
        [{ carrier: 42 }, /carrier must be text/u],
        [{ trackingNumber: 'AB1' }, /tracking number must be 4 to 40 characters/u],
        [{ trackingNumber: '9'.repeat(41) }, /tracking number must be 4 to 40 characters/u],
        [{ trackingNumber: 'JD01;4600' }, /tracking number may hold letters A-Z, digits, spaces and hyphens only/u],
        [{ trackingNumber: '-JD014600' }, /tracking number may hold/u],
        [{ status: 'Unpaid' }, /Unknown field "status"/u],
      ];
      for (const [payload, message] of cases) {
        const res = await ship(id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect((res.json() as { error: { message: string } }).error.message).toMatch(message);
      }
      expect((await asDealer(id))?.status).toBe('Paid');
    });

    it('queues the dealer’s shipping mail to go only after the undo minute', async () => {
      const id = await paidOrder();
      expect((await ship(id)).statusCode).toBe(200);
      const [mail] = await shippedMails(id);
      expect(mail?.state).toBe('queued');
      expect(mail?.wait).toBeGreaterThan(60);
    });
  });

  describe('DELETE /api/orders/{id}/shipping', () => {
    it('within the minute: the order is Paid again without its shipping, and the mail is dropped', async () => {
      const id = await paidOrder();
      expect((await ship(id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).statusCode).toBe(200);
      const res = await undo(id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      expect(await asDealer(id)).toMatchObject({ status: 'Paid', carrier: null, trackingNumber: null, shippedAt: null });
      expect(await shippedMails(id)).toEqual([]);
      // It can be shipped again, and its mail is queued again.
      expect((await ship(id, { carrier: 'DPD' })).statusCode).toBe(200);
      expect(await asDealer(id)).toMatchObject({ status: 'Shipped', carrier: 'DPD', trackingNumber: null });
      expect(await shippedMails(id)).toHaveLength(1);
    });

    it('after the minute: 409, too late, and the order stays shipped', async () => {
      const id = await paidOrder();
      expect((await ship(id, { carrier: 'UPS' })).statusCode).toBe(200);
      await t.database.db.execute(sql`update orders set shipped_at = now() - interval '61 seconds' where id = ${id}::uuid`);
      const res = await undo(id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'invalid_state', message: 'Too late to undo: shipping can only be undone within one minute of marking the order shipped.' },
      });
      expect(await asDealer(id)).toMatchObject({ status: 'Shipped', carrier: 'UPS' });
      expect(await shippedMails(id)).toHaveLength(1);
    });

    it('refuses an order that is not shipped (409), a missing one (404), and anyone but an admin', async () => {
      const paid = await paidOrder();
      const res = await undo(paid);
      expect(res.statusCode).toBe(409);
      expect((res.json() as { error: { message: string } }).error.message).toBe('This order is not shipped, so there is no shipping to undo.');
      expect((await undo('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await undo('not-an-id')).statusCode).toBe(404);
      expect((await ship(paid)).statusCode).toBe(200);
      expect((await undo(paid, dealer.auth)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${paid}/shipping` })).statusCode).toBe(401);
      expect((await asDealer(paid))?.status).toBe('Shipped');
    });
  });
});
