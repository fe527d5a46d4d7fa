// The pieces a dealer holds unpaid are counted in the user's row by a trigger on orders (migration 0010,
// docs/decisions/022-unpaid-pieces-counter.md). The cap reads that count, so it must match the unpaid
// orders after every path that places, pays, deletes or expires one, and under concurrent orders.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payOrder, placeOrder, postOrder } from '../helpers/orders';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/use-test-app';

const HOUR = 3_600_000;

describeEachDatabase('unpaid pieces counter', (kind) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { unpaidOrderTtlMs: 48 * HOUR, unpaidUnitsLimit: { verified: 60, unverified: 60 } });
    admin = await t.createUser({ admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The user's counter, and the pieces of their Unpaid orders summed from the lines. */
  async function counted(userId: string): Promise<{ counter: number; summed: number }> {
    const result = await t.database.db.execute(sql`
      select u.unpaid_units as counter,
             coalesce((select sum(l.quantity) from orders o join order_lines l on l.order_id = o.id
                        where o.user_id = u.id and o.status = 'Unpaid'), 0)::int as summed
        from users u where u.id = ${userId}::uuid`);
    const row = (result as unknown as { rows: { counter: number; summed: number }[] }).rows[0];
    return { counter: Number(row?.counter), summed: Number(row?.summed) };
  }

  const bulk = (user: TestUser, lines: { productId: string; quantity: number }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: user.auth,
      payload: { lines, userAddress: '4 Mill Lane, Sheffield', userPhone: '+44 114 496 0000', clientOrderId: randomUUID() },
    });

  it('follows placing, a repeated request, paying, deleting (by the dealer and by an admin) and expiry', async () => {
    const dealer = await t.createUser();
    const [a, b] = await Promise.all([t.createProduct({ available: 500, minOrder: 1 }), t.createProduct({ available: 500, minOrder: 1 })]);
    const expectHeld = async (pieces: number) => expect(await counted(dealer.id)).toEqual({ counter: pieces, summed: pieces });

    const single = await placeOrder(t, dealer, { productId: a, orderQuantity: 5 });
    const many = await bulk(dealer, [
      { productId: a, quantity: 8 },
      { productId: b, quantity: 7 },
    ]);
    expect(many.statusCode).toBe(201);
    await expectHeld(20);

    // The same clientOrderId again is the same order: nothing more is held.
    const clientOrderId = randomUUID();
    expect((await postOrder(t, dealer, { productId: b, orderQuantity: 4, clientOrderId })).statusCode).toBe(201);
    expect((await postOrder(t, dealer, { productId: b, orderQuantity: 4, clientOrderId })).statusCode).toBe(200);
    await expectHeld(24);

    await payOrder(t, dealer, single);
    await expectHeld(19);

    const manyId = (many.json() as { insertedId: string }).insertedId;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${manyId}`, headers: dealer.auth })).statusCode).toBe(200);
    await expectHeld(4);

    const byAdmin = await placeOrder(t, dealer, { productId: a, orderQuantity: 6 });
    await expectHeld(10);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/admin/${byAdmin}`, headers: admin.auth })).statusCode).toBe(200);
    await expectHeld(4);

    await t.app.services.orders.expireUnpaid(new Date(Date.now() + 49 * HOUR));
    await expectHeld(0);
  });

  it('keeps the cap exact when one dealer sends many orders at once', async () => {
    const dealer = await t.createUser();
    const productId = await t.createProduct({ available: 1000, minOrder: 1 });
    // Twenty orders of 7 pieces against a cap of 60: eight fit (56), the other twelve are refused.
    const answers = await Promise.all(Array.from({ length: 20 }, () => postOrder(t, dealer, { productId, orderQuantity: 7 })));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(8);
    expect(codes.filter((code) => code === 409)).toHaveLength(12);
    expect(await counted(dealer.id)).toEqual({ counter: 56, summed: 56 });
  });

  it('lets a dealer be deleted with unpaid orders, whose expiry then counts for nobody', async () => {
    const dealer = await t.createUser();
    const productId = await t.createProduct({ available: 100, minOrder: 1 });
    const id = await placeOrder(t, dealer, { productId, orderQuantity: 9 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${dealer.id}`, headers: admin.auth })).statusCode).toBe(200);
    await t.app.services.orders.expireUnpaid(new Date(Date.now() + 49 * HOUR));
    const left = await t.database.db.execute(sql`select count(*)::int as n from orders where id = ${id}::uuid`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
