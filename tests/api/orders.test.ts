// POST /api/orders and the customer's order endpoints: every rule of docs/architecture.md, "Orders and stock".

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteProduct } from '../../server/repositories/products';
import { orderBody, payOrder, placeOrder, postOrder } from '../helpers/orders';
import { describeEachDatabase } from '../helpers/use-test-app';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

describeEachDatabase('orders', (kind) => {
  let t: TestApp;
  let dealer: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [dealer, other, admin] = await Promise.all([
      t.createUser({ displayName: 'Dana Dealer' }),
      t.createUser({ displayName: 'Olu Other' }),
      t.createUser({ admin: true }),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const stock = async (productId: string) => ((await t.app.inject(`/api/products/${productId}`)).json() as { availableQnt: number }).availableQnt;
  const order = async (id: string, user: TestUser = dealer) => t.app.inject({ url: `/api/order/${id}`, headers: user.auth });
  const myOrders = async (user: TestUser) => (await t.app.inject({ url: `/api/orders/${user.email}`, headers: user.auth })).json() as { _id: string }[];

  describe('placing an order', () => {
    it('prices it on the server, takes the user from the token, reserves the stock and starts Unpaid', async () => {
      const productId = await t.createProduct({ name: 'Rotary Hammer RH-40', price: 120, available: 50, minOrder: 5 });
      const res = await postOrder(t, dealer, { productId, orderQuantity: 7, totalPrice: 840 });
      expect(res.statusCode).toBe(201);
      const { insertedId } = res.json() as { insertedId: string };
      const body = (await order(insertedId)).json();
      expect(body).toMatchObject({
        _id: insertedId,
        userName: 'Dana Dealer',
        userEmail: dealer.email,
        userAddress: '12 Harbour Road, Leeds',
        userPhone: '+44 113 496 0000',
        productId,
        productName: 'Rotary Hammer RH-40',
        imageUrl: `/uploads/${'a'.repeat(64)}.webp`,
        unitPrice: 120,
        orderQuantity: 7,
        totalPrice: 840,
        status: 'Unpaid',
        transactionId: null,
      });
      expect(await stock(productId)).toBe(43);
    });

    it('accepts an order without totalPrice and computes it', async () => {
      const productId = await t.createProduct({ price: 33, available: 20, minOrder: 1 });
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 3 });
      expect((await order(id)).json()).toMatchObject({ totalPrice: 99, unitPrice: 33, orderQuantity: 3 });
    });

    it('uses the e-mail as the name when the account has no display name', async () => {
      const nameless = await t.createUser({ displayName: '' });
      const productId = await t.createProduct({ minOrder: 1 });
      const id = await placeOrder(t, nameless, { productId, orderQuantity: 1 });
      expect((await order(id, nameless)).json()).toMatchObject({ userName: nameless.email, userEmail: nameless.email });
    });

    it('refuses fields the server decides: name, e-mail, status, price', async () => {
      const productId = await t.createProduct();
      for (const extra of [{ userName: 'Mallory' }, { userEmail: other.email }, { status: 'Paid' }, { unitPrice: 1 }, { productName: 'Free drill' }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: dealer.auth,
          payload: { ...orderBody({ productId, orderQuantity: 5 }), ...extra },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'invalid_data', message: `Unknown field "${Object.keys(extra)[0]}" is not allowed` } });
      }
      expect(await stock(productId)).toBe(50);
    });

    it('answers a tampered total with 409 price_changed and the current product, and places nothing', async () => {
      const productId = await t.createProduct({ price: 100, available: 50, minOrder: 5 });
      const before = (await myOrders(dealer)).length;
      for (const totalPrice of [1, 0, 499, 501, 999_999]) {
        const res = await postOrder(t, dealer, { productId, orderQuantity: 5, totalPrice });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          error: { code: 'price_changed', details: { product: { _id: productId, price: 100, availableQnt: 50, minOrderQnt: 5 } } },
        });
      }
      expect((await myOrders(dealer)).length).toBe(before);
      expect(await stock(productId)).toBe(50);
    });

    it('refuses quantities below the minimum with 409 below_minimum', async () => {
      const productId = await t.createProduct({ available: 50, minOrder: 10 });
      const res = await postOrder(t, dealer, { productId, orderQuantity: 9 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'below_minimum', details: { product: { _id: productId, minOrderQnt: 10 } } } });
      expect(await stock(productId)).toBe(50);
    });

    it('refuses more than the stock with 409 out_of_stock, and takes exactly all of it', async () => {
      const productId = await t.createProduct({ available: 12, minOrder: 2 });
      const res = await postOrder(t, dealer, { productId, orderQuantity: 13 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'out_of_stock', details: { product: { _id: productId, availableQnt: 12 } } } });
      await placeOrder(t, dealer, { productId, orderQuantity: 12 });
      expect(await stock(productId)).toBe(0);
      const again = await postOrder(t, dealer, { productId, orderQuantity: 2 });
      expect(again.json()).toMatchObject({ error: { code: 'out_of_stock', details: { product: { availableQnt: 0 } } } });
    });

    it('refuses zero, negative, fractional, huge and non-numeric quantities with 400', async () => {
      const productId = await t.createProduct({ minOrder: 1 });
      for (const orderQuantity of [0, -1, -50, 1.5, 5.0001, 1_000_001, Number.MAX_SAFE_INTEGER, '5', null, true]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: dealer.auth,
          payload: { ...orderBody({ productId, orderQuantity: 1 }), orderQuantity },
        });
        expect(res.statusCode, `quantity ${String(orderQuantity)}`).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'invalid_data' } });
      }
      for (const totalPrice of [-100, 10.5, '100', 1e12]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: dealer.auth,
          payload: { ...orderBody({ productId, orderQuantity: 1 }), totalPrice },
        });
        expect(res.statusCode, `total ${String(totalPrice)}`).toBe(400);
      }
      expect(await stock(productId)).toBe(50);
    });

    it('refuses an order whose total is larger than one order may be', async () => {
      const productId = await t.createProduct({ price: 1_000_000, available: 1_000, minOrder: 1 });
      const res = await postOrder(t, dealer, { productId, orderQuantity: 1_000 });
      expect(res.statusCode).toBe(400);
      expect(await stock(productId)).toBe(1_000);
      // The largest total one card payment can take is the largest one order may have.
      const edge = await t.createProduct({ price: 1_000, available: 2_000, minOrder: 1 });
      expect((await postOrder(t, dealer, { productId: edge, orderQuantity: 1_000 })).statusCode).toBe(400);
      expect((await postOrder(t, dealer, { productId: edge, orderQuantity: 999 })).statusCode).toBe(201);
      expect(await stock(edge)).toBe(1_001);
      // A total past the database's integer range is refused the same way, not a server error.
      const huge = await t.createProduct({ price: 1_000_000, available: 100_000, minOrder: 1 });
      expect((await postOrder(t, dealer, { productId: huge, orderQuantity: 10_000 })).statusCode).toBe(400);
      expect(await stock(huge)).toBe(100_000);
    });

    it('requires an address, a phone number and a UUID clientOrderId', async () => {
      const productId = await t.createProduct();
      for (const change of [{ userAddress: '   ' }, { userPhone: '' }, { userPhone: 'call me' }, { clientOrderId: 'abc' }, { userAddress: 'x'.repeat(501) }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: dealer.auth,
          payload: { ...orderBody({ productId, orderQuantity: 5 }), ...change },
        });
        expect(res.statusCode).toBe(400);
      }
      const missing = await t.app.inject({ method: 'POST', url: '/api/orders', headers: dealer.auth, payload: { productId, orderQuantity: 5 } });
      expect(missing.statusCode).toBe(400);
    });

    it('answers 404 for a product that does not exist', async () => {
      const res = await postOrder(t, dealer, { productId: randomUUID(), orderQuantity: 5 });
      expect(res.statusCode).toBe(404);
    });

    it('lets only signed-in customers order: 401 anonymous, 403 admin', async () => {
      const productId = await t.createProduct();
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/orders', payload: orderBody({ productId, orderQuantity: 5 }) });
      expect(anonymous.statusCode).toBe(401);
      const byAdmin = await postOrder(t, admin, { productId, orderQuantity: 5 });
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json()).toMatchObject({ error: { code: 'forbidden', message: 'Admin is not able to order!' } });
      expect(await stock(productId)).toBe(50);
    });
  });

  describe('clientOrderId makes a repeated order exactly-once', () => {
    it('gives the first order id back with 200 and reserves the stock once', async () => {
      const productId = await t.createProduct({ available: 50, minOrder: 5 });
      const body = orderBody({ productId, orderQuantity: 5 });
      const first = await t.app.inject({ method: 'POST', url: '/api/orders', headers: dealer.auth, payload: body });
      const second = await t.app.inject({ method: 'POST', url: '/api/orders', headers: dealer.auth, payload: body });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await stock(productId)).toBe(45);
    });

    it('returns the first order even when the repeat differs (the first one is what was placed)', async () => {
      const productId = await t.createProduct({ available: 50, minOrder: 5 });
      const clientOrderId = randomUUID();
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 5, clientOrderId });
      const repeat = await postOrder(t, dealer, { productId, orderQuantity: 9, clientOrderId });
      expect(repeat.json()).toEqual({ insertedId: id });
      expect((await order(id)).json()).toMatchObject({ orderQuantity: 5 });
      expect(await stock(productId)).toBe(45);
    });

    it('returns the first order to a repeat that could no longer be placed (sold out, price changed, product deleted)', async () => {
      const productId = await t.createProduct({ available: 10, minOrder: 5, price: 100 });
      const clientOrderId = randomUUID();
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 10, clientOrderId, totalPrice: 1000 });
      const soldOut = await postOrder(t, dealer, { productId, orderQuantity: 10, clientOrderId, totalPrice: 1000 });
      expect(soldOut.statusCode).toBe(200);
      expect(soldOut.json()).toEqual({ insertedId: id });
      const staleTotal = await postOrder(t, dealer, { productId, orderQuantity: 10, clientOrderId, totalPrice: 1 });
      expect(staleTotal.json()).toEqual({ insertedId: id });
      expect(await stock(productId)).toBe(0);
      await deleteProduct(t.database.db, productId);
      const gone = await postOrder(t, dealer, { productId, orderQuantity: 10, clientOrderId });
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toEqual({ insertedId: id });
    });

    it('keeps clientOrderIds apart per user', async () => {
      const productId = await t.createProduct({ available: 50, minOrder: 5 });
      const clientOrderId = randomUUID();
      const mine = await placeOrder(t, dealer, { productId, orderQuantity: 5, clientOrderId });
      const theirs = await placeOrder(t, other, { productId, orderQuantity: 5, clientOrderId });
      expect(theirs).not.toBe(mine);
      expect(await stock(productId)).toBe(40);
    });

    it('makes one order of 20 identical requests sent at once', async () => {
      const productId = await t.createProduct({ available: 50, minOrder: 5 });
      const body = orderBody({ productId, orderQuantity: 5 });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/api/orders', headers: dealer.auth, payload: body })),
      );
      const ids = new Set(results.map((r) => (r.json() as { insertedId: string }).insertedId));
      expect(ids.size).toBe(1);
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(19);
      expect(await stock(productId)).toBe(45);
    });

    it('lets a refused order be sent again with the same clientOrderId once it can succeed', async () => {
      const productId = await t.createProduct({ available: 50, minOrder: 5, price: 100 });
      const clientOrderId = randomUUID();
      const stale = await postOrder(t, dealer, { productId, orderQuantity: 5, clientOrderId, totalPrice: 400 });
      expect(stale.statusCode).toBe(409);
      const confirmed = await postOrder(t, dealer, { productId, orderQuantity: 5, clientOrderId, totalPrice: 500 });
      expect(confirmed.statusCode).toBe(201);
    });
  });

  describe('reading orders', () => {
    it('lists only my own orders at /orders/{email}, newest first; anyone else gets 403', async () => {
      const productId = await t.createProduct({ minOrder: 1 });
      const first = await placeOrder(t, other, { productId, orderQuantity: 1 });
      const second = await placeOrder(t, other, { productId, orderQuantity: 2 });
      const list = await myOrders(other);
      expect(list.map((o) => o._id).slice(0, 2)).toEqual([second, first]);
      expect(list.every((o) => (o as unknown as { userEmail: string }).userEmail === other.email)).toBe(true);

      const peek = await t.app.inject({ url: `/api/orders/${other.email}`, headers: dealer.auth });
      expect(peek.statusCode).toBe(403);
      const byAdmin = await t.app.inject({ url: `/api/orders/${other.email}`, headers: admin.auth });
      expect(byAdmin.statusCode).toBe(403);
      const anonymous = await t.app.inject({ url: `/api/orders/${other.email}` });
      expect(anonymous.statusCode).toBe(401);
      const upper = await t.app.inject({ url: `/api/orders/${other.email.toUpperCase()}`, headers: other.auth });
      expect(upper.statusCode).toBe(200);
    });

    it('shows one order to its owner and to admins; to anyone else it does not exist', async () => {
      const productId = await t.createProduct({ minOrder: 1 });
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 1 });
      expect((await order(id, dealer)).statusCode).toBe(200);
      expect((await order(id, admin)).statusCode).toBe(200);
      expect((await order(id, other)).statusCode).toBe(404);
      expect((await t.app.inject(`/api/order/${id}`)).statusCode).toBe(401);
      expect((await order('not-an-id')).statusCode).toBe(404);
    });

    it('keeps the snapshot when the product is deleted', async () => {
      const productId = await t.createProduct({ name: 'Discontinued Planer', price: 77, minOrder: 1 });
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 2 });
      await deleteProduct(t.database.db, productId);
      expect((await order(id)).json()).toMatchObject({ productId: null, productName: 'Discontinued Planer', unitPrice: 77, totalPrice: 154 });
    });
  });

  describe('deleting my order', () => {
    it('deletes my unpaid order and returns its stock', async () => {
      const productId = await t.createProduct({ available: 30, minOrder: 5 });
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 10 });
      expect(await stock(productId)).toBe(20);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: dealer.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect(await stock(productId)).toBe(30);
      const again = await t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: dealer.auth });
      expect(again.statusCode).toBe(404);
      expect(await stock(productId)).toBe(30);
    });

    it("never deletes someone else's order, not even for an admin on this route", async () => {
      const productId = await t.createProduct({ available: 30, minOrder: 5 });
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 5 });
      for (const user of [other, admin]) {
        const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: user.auth });
        expect(res.statusCode).toBe(404);
      }
      expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${id}` })).statusCode).toBe(401);
      expect((await order(id)).statusCode).toBe(200);
      expect(await stock(productId)).toBe(25);
    });

    it('refuses to delete a paid order with 409 and keeps the stock sold', async () => {
      const productId = await t.createProduct({ available: 30, minOrder: 5 });
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 5 });
      await payOrder(t, dealer, id);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: dealer.auth });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_state' } });
      expect((await order(id)).json()).toMatchObject({ status: 'Paid' });
      expect(await stock(productId)).toBe(25);
    });

    it('returns stock to a product even after the order was placed long ago, but not to a deleted product', async () => {
      const productId = await t.createProduct({ available: 30, minOrder: 5 });
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 5 });
      await deleteProduct(t.database.db, productId);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: dealer.auth });
      expect(res.json()).toEqual({ deletedCount: 1 });
    });
  });

  it('rate-limits order creation per user with 429 and Retry-After', async () => {
    const limited = await createTestApp(kind, { rateLimits: { tokenPerMinute: 10_000, ordersPerMinute: 2 } });
    try {
      const [user, neighbour] = await Promise.all([limited.createUser(), limited.createUser()]);
      const productId = await limited.createProduct({ minOrder: 1 });
      expect((await postOrder(limited, user, { productId, orderQuantity: 1 })).statusCode).toBe(201);
      expect((await postOrder(limited, user, { productId, orderQuantity: 1 })).statusCode).toBe(201);
      const third = await postOrder(limited, user, { productId, orderQuantity: 1 });
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect((await postOrder(limited, neighbour, { productId, orderQuantity: 1 })).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
