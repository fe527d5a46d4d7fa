// The admin's order endpoints: the paginated list (docs/decisions/004), shipping, deleting unpaid ones.

import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderPage } from '../../src/contract/order';
import { payOrder, placeOrder } from '../helpers/orders';
import { uniqueEmail, type TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('admin orders', (kind) => {
  const {
    t,
    users: { admin, ana, ben },
  } = useTestApp(kind, { users: { admin: { admin: true }, ana: { email: uniqueEmail('ana') }, ben: {} } });
  let drill: string;
  let saw: string;
  const ids = { anaUnpaid: '', anaPaid: '', anaShipped: '', benUnpaid: '', benPaid: '' };

  beforeAll(async () => {
    drill = await t.createProduct({ name: 'Cordless Drill 100%', price: 10, available: 1000, minOrder: 1 });
    saw = await t.createProduct({ name: 'Mitre Saw', price: 20, available: 1000, minOrder: 1 });
    ids.anaUnpaid = await placeOrder(t, ana, { productId: drill, orderQuantity: 1 });
    ids.anaPaid = await placeOrder(t, ana, { productId: saw, orderQuantity: 2 });
    ids.anaShipped = await placeOrder(t, ana, { productId: saw, orderQuantity: 3 });
    ids.benUnpaid = await placeOrder(t, ben, { productId: saw, orderQuantity: 4 });
    ids.benPaid = await placeOrder(t, ben, { productId: drill, orderQuantity: 5 });
    await payOrder(t, ana, ids.anaPaid);
    await payOrder(t, ana, ids.anaShipped);
    await payOrder(t, ben, ids.benPaid);
    await t.app.inject({ method: 'PATCH', url: `/api/orders/${ids.anaShipped}`, headers: admin.auth });
  });

  const list = async (query = '', user: TestUser = admin) => t.app.inject({ url: `/api/orders${query}`, headers: user.auth });
  const page = async (query = '') => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderPage;
  };
  const stock = async (productId: string) => ((await t.app.inject(`/api/products/${productId}`)).json() as { availableQnt: number }).availableQnt;

  describe('GET /api/orders', () => {
    it('answers a page object, newest first, 20 per page by default', async () => {
      const body = await page();
      expect(body).toMatchObject({ total: 5, page: 1, pageSize: 20 });
      expect(body.items.map((o) => o._id)).toEqual([ids.benPaid, ids.benUnpaid, ids.anaShipped, ids.anaPaid, ids.anaUnpaid]);
      expect(body.items[0]).toMatchObject({
        userEmail: ben.email,
        productName: 'Cordless Drill 100%',
        orderQuantity: 5,
        totalPrice: 50,
        status: 'Paid',
        transactionId: expect.any(String),
      });
    });

    it('pages with page and pageSize', async () => {
      const first = await page('?pageSize=2');
      const second = await page('?pageSize=2&page=2');
      const third = await page('?pageSize=2&page=3');
      const beyond = await page('?pageSize=2&page=9');
      expect([first.items.length, second.items.length, third.items.length, beyond.items.length]).toEqual([2, 2, 1, 0]);
      expect(new Set([...first.items, ...second.items, ...third.items].map((o) => o._id)).size).toBe(5);
      expect(beyond).toMatchObject({ total: 5, page: 9, pageSize: 2 });
    });

    it('filters by status', async () => {
      const unpaid = await page('?status=Unpaid');
      expect(unpaid.total).toBe(2);
      expect(unpaid.items.map((o) => o._id).sort()).toEqual([ids.anaUnpaid, ids.benUnpaid].sort());
      expect((await page('?status=Paid')).items.map((o) => o._id).sort()).toEqual([ids.anaPaid, ids.benPaid].sort());
      expect((await page('?status=Shipped')).items.map((o) => o._id)).toEqual([ids.anaShipped]);
    });

    it('searches the customer e-mail and the product name, ignoring case, with % and _ taken literally', async () => {
      const byEmail = await page(`?q=${encodeURIComponent(ana.email.slice(0, 8).toUpperCase())}`);
      expect(byEmail.items.map((o) => o._id).sort()).toEqual([ids.anaUnpaid, ids.anaPaid, ids.anaShipped].sort());
      const byProduct = await page('?q=mitre');
      expect(byProduct.total).toBe(3);
      expect((await page('?q=100%25')).total).toBe(2);
      expect((await page('?q=%25')).total).toBe(2);
      expect((await page('?q=_')).total).toBe(0);
      const both = await page(`?q=saw&status=Unpaid`);
      expect(both.items.map((o) => o._id)).toEqual([ids.benUnpaid]);
      expect((await page('?q=')).total).toBe(5);
    });

    it('refuses bad paging and filters with 400', async () => {
      for (const query of [
        '?page=0',
        '?page=-1',
        '?page=1.5',
        '?page=abc',
        '?pageSize=0',
        '?pageSize=101',
        '?status=Pending',
        '?status=unpaid',
        `?q=${'x'.repeat(101)}`,
      ]) {
        const res = await list(query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'invalid_data' } });
      }
      expect((await page('?pageSize=100')).pageSize).toBe(100);
    });

    it('is for admins only', async () => {
      expect((await list('', ana)).statusCode).toBe(403);
      expect((await t.app.inject('/api/orders')).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/orders/{id} ships a paid order, and nothing else', () => {
    it('Paid -> Shipped once; Unpaid and Shipped are refused with 409', async () => {
      const fresh = await placeOrder(t, ben, { productId: saw, orderQuantity: 1 });
      const ship = () => t.app.inject({ method: 'PATCH', url: `/api/orders/${fresh}`, headers: admin.auth });
      const early = await ship();
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        error: { code: 'invalid_state', message: 'Only paid orders and orders confirmed on account can be shipped; it is not paid yet.' },
      });
      await payOrder(t, ben, fresh);
      const res = await ship();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      const again = await ship();
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { message: 'Only paid orders and orders confirmed on account can be shipped; it is shipped already.' } });
      const order = (await t.app.inject({ url: `/api/order/${fresh}`, headers: admin.auth })).json() as { status: string };
      expect(order.status).toBe('Shipped');
    });

    it('is for admins only, refuses a body, and answers 404 for a missing order', async () => {
      expect((await t.app.inject({ method: 'PATCH', url: `/api/orders/${ids.benPaid}`, headers: ben.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/orders/${ids.benPaid}` })).statusCode).toBe(401);
      const withBody = await t.app.inject({ method: 'PATCH', url: `/api/orders/${ids.benPaid}`, headers: admin.auth, payload: { status: 'Unpaid' } });
      expect(withBody.statusCode).toBe(400);
      expect((await t.app.inject({ method: 'PATCH', url: '/api/orders/00000000-0000-4000-8000-000000000000', headers: admin.auth })).statusCode).toBe(404);
      const order = (await t.app.inject({ url: `/api/order/${ids.benPaid}`, headers: admin.auth })).json() as { status: string };
      expect(order.status).toBe('Paid');
    });
  });

  describe('DELETE /api/orders/admin/{id}', () => {
    it("deletes any customer's unpaid order and returns its stock", async () => {
      const fresh = await placeOrder(t, ana, { productId: drill, orderQuantity: 7 });
      const before = await stock(drill);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/admin/${fresh}`, headers: admin.auth });
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect(await stock(drill)).toBe(before + 7);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/admin/${fresh}`, headers: admin.auth })).statusCode).toBe(404);
    });

    it('refuses paid and shipped orders with 409, and non-admins', async () => {
      for (const id of [ids.anaPaid, ids.anaShipped]) {
        const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/admin/${id}`, headers: admin.auth });
        expect(res.statusCode).toBe(409);
      }
      expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/admin/${ids.anaUnpaid}`, headers: ana.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/admin/${ids.anaUnpaid}` })).statusCode).toBe(401);
      for (const id of [ids.anaPaid, ids.anaShipped, ids.anaUnpaid]) {
        expect((await t.app.inject({ url: `/api/order/${id}`, headers: admin.auth })).statusCode).toBe(200);
      }
    });
  });
});
