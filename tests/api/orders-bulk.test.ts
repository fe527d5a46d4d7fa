// Bulk orders through POST /api/orders with `lines`: one order with many tools, priced by the server with
// volume tiers, every line's stock reserved in one transaction, all or nothing, a 409 naming each failing
// line, exactly-once by clientOrderId, paid once and deleted with every line's stock returned.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_ORDER_LINES } from '../../src/contract/constants';
import type { Order, OrderLineProblem } from '../../src/contract/order';
import { findProduct } from '../../server/repositories/products';
import { payOrder } from '../helpers/orders';
import { describeEachDatabase } from '../helpers/use-test-app';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

interface LineIn {
  productId: string;
  quantity: number;
  unitPrice?: number;
}

function bulkBody(lines: LineIn[], extra: Record<string, unknown> = {}) {
  return { lines, userAddress: '4 Mill Lane, Sheffield', userPhone: '+44 114 496 0000', clientOrderId: randomUUID(), ...extra };
}

describeEachDatabase('bulk orders', (kind) => {
  let t: TestApp;
  let dealer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [dealer, admin] = await Promise.all([t.createUser({ displayName: 'Bulk Buyer' }), t.createUser({ admin: true })]);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (body: Record<string, unknown>, user: TestUser = dealer) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: user.auth, payload: body });
  const stockOf = async (id: string) => (await findProduct(t.database.db, id))?.available;
  const orderById = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: dealer.auth })).json() as Order;

  it('places one order with many lines, priced by the server, and reserves every line', async () => {
    const a = await t.createProduct({ name: 'Bulk Drill', sku: 'FL-BULKD', price: 100, available: 500, minOrder: 10 });
    const b = await t.createProduct({ name: 'Bulk Saw', sku: 'FL-BULKS', price: 40, available: 300, minOrder: 5 });
    const c = await t.createProduct({ name: 'Bulk Grinder', sku: 'FL-BULKG', price: 7, available: 90, minOrder: 1 });
    const res = await post(
      bulkBody([
        { productId: a, quantity: 20 },
        { productId: b, quantity: 5, unitPrice: 40 },
        { productId: c, quantity: 3 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { insertedId: string }).insertedId;
    const order = await orderById(id);
    expect(order.lines).toEqual([
      {
        productId: a,
        productName: 'Bulk Drill',
        sku: 'FL-BULKD',
        imageUrl: expect.any(String),
        unitPrice: 100,
        quantity: 20,
        lineTotal: 2000,
        unitPriceMinor: 10000,
        lineTotalMinor: 200000,
      },
      {
        productId: b,
        productName: 'Bulk Saw',
        sku: 'FL-BULKS',
        imageUrl: expect.any(String),
        unitPrice: 40,
        quantity: 5,
        lineTotal: 200,
        unitPriceMinor: 4000,
        lineTotalMinor: 20000,
      },
      {
        productId: c,
        productName: 'Bulk Grinder',
        sku: 'FL-BULKG',
        imageUrl: expect.any(String),
        unitPrice: 7,
        quantity: 3,
        lineTotal: 21,
        unitPriceMinor: 700,
        lineTotalMinor: 2100,
      },
    ]);
    // The spec's fields name the first line; the quantity and total cover the whole order.
    expect(order).toMatchObject({ productId: a, productName: 'Bulk Drill', orderQuantity: 28, totalPrice: 2221, status: 'Unpaid', userName: 'Bulk Buyer' });
    expect([await stockOf(a), await stockOf(b), await stockOf(c)]).toEqual([480, 295, 87]);
  });

  it('applies the volume tier of each line and refuses a line priced as the dealer no longer sees it', async () => {
    const tiered = await t.createProduct({
      name: 'Tiered Impact Driver',
      price: 100,
      available: 2000,
      minOrder: 10,
      priceTiers: [
        { minQnt: 100, price: 92 },
        { minQnt: 500, price: 85 },
      ],
    });
    const small = await post(bulkBody([{ productId: tiered, quantity: 99 }]));
    expect((await orderById((small.json() as { insertedId: string }).insertedId)).totalPrice).toBe(9900);
    const mid = await post(bulkBody([{ productId: tiered, quantity: 100, unitPrice: 92 }]));
    expect((await orderById((mid.json() as { insertedId: string }).insertedId)).lines?.[0]).toMatchObject({ unitPrice: 92, lineTotal: 9200 });
    const large = await post(bulkBody([{ productId: tiered, quantity: 600 }]));
    expect((await orderById((large.json() as { insertedId: string }).insertedId)).totalPrice).toBe(51_000);
    // The dealer saw the list price; at 500 pieces the server's price is the tier's.
    const stale = await post(bulkBody([{ productId: tiered, quantity: 500, unitPrice: 100 }]));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: {
        code: 'price_changed',
        details: { lines: [{ productId: tiered, code: 'price_changed', message: 'The price has changed: 500 pcs. now cost $85 each.' }] },
      },
    });
    // The spec's one-tool order gets the tier too.
    const spec = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: dealer.auth,
      payload: { productId: tiered, orderQuantity: 100, userAddress: 'x street 1', userPhone: '0114 496 0000', clientOrderId: randomUUID(), totalPrice: 9200 },
    });
    expect(spec.statusCode).toBe(201);
  });

  it('is all or nothing: one failing line refuses the order, names every failing line and reserves nothing', async () => {
    const ok = await t.createProduct({ name: 'Fine Planer', price: 30, available: 100, minOrder: 1 });
    const short = await t.createProduct({ name: 'Short Router', price: 30, available: 4, minOrder: 1 });
    const packed = await t.createProduct({ name: 'Packed Blades', price: 3, available: 600, minOrder: 6, packSize: 6, maxOrder: 120 });
    const gone = randomUUID();
    const before = await t.database.db.execute(sql`select count(*)::int as n from orders`);
    const res = await post(
      bulkBody([
        { productId: ok, quantity: 10 },
        { productId: short, quantity: 5 },
        { productId: packed, quantity: 13 },
        { productId: gone, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    const error = (res.json() as { error: { code: string; message: string; details: { lines: OrderLineProblem[] } } }).error;
    expect(error.code).toBe('out_of_stock');
    expect(error.details.lines.map((l) => [l.productId, l.code])).toEqual([
      [short, 'out_of_stock'],
      [packed, 'not_pack_multiple'],
      [gone, 'not_found'],
    ]);
    expect(error.details.lines[0]).toMatchObject({ message: 'Only 4 pcs. are in stock.', product: { _id: short, availableQnt: 4 } });
    expect(error.message).toContain('3 lines cannot be ordered as they are.');
    expect([await stockOf(ok), await stockOf(short), await stockOf(packed)]).toEqual([100, 4, 600]);
    const after = await t.database.db.execute(sql`select count(*)::int as n from orders`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe((before as unknown as { rows: { n: number }[] }).rows[0]?.n);

    const tooMany = await post(bulkBody([{ productId: packed, quantity: 126 }]));
    expect(tooMany.json()).toMatchObject({ error: { code: 'above_maximum', details: { lines: [{ message: 'At most 120 pcs. per order.' }] } } });
    const belowMin = await post(
      bulkBody([
        { productId: ok, quantity: 1 },
        { productId: packed, quantity: 0 },
      ]),
    );
    expect(belowMin.statusCode).toBe(400);
  });

  it('refuses duplicate tools, empty and oversized orders, and foreign fields with 400', async () => {
    const p = await t.createProduct({ price: 10, available: 100, minOrder: 1 });
    const dup = await post(
      bulkBody([
        { productId: p, quantity: 1 },
        { productId: p, quantity: 2 },
      ]),
    );
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ error: { message: 'lines: Each tool may appear on one line only' } });
    expect((await post(bulkBody([]))).json()).toMatchObject({ error: { message: 'lines: Add at least one tool to the order' } });
    const many = Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({ productId: randomUUID(), quantity: 1 }));
    const tooMany = await post(bulkBody(many));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: { message: 'lines: One order holds at most 1,000 tools' } });
    for (const extra of [{ status: 'Paid' }, { userEmail: 'x@example.com' }])
      expect((await post(bulkBody([{ productId: p, quantity: 1 }], extra))).statusCode).toBe(400);
    const lineExtra = await post(bulkBody([{ productId: p, quantity: 1, lineTotal: 1 } as LineIn]));
    expect(lineExtra.statusCode).toBe(400);
    // The total the dealer saw must be the server's.
    const wrongTotal = await post(bulkBody([{ productId: p, quantity: 3 }], { totalPrice: 29 }));
    expect(wrongTotal.json()).toMatchObject({ error: { code: 'price_changed' } });
    expect(await stockOf(p)).toBe(100);
  });

  it('places an order of 1,000 lines, each priced and reserved, in the order they were sent', async () => {
    expect(MAX_ORDER_LINES).toBe(1000);
    const ids: string[] = [];
    for (let i = 0; i < MAX_ORDER_LINES; i += 1)
      ids.push(await t.createProduct({ name: `Thousand Tool ${i}`, price: 1 + (i % 9), available: 10, minOrder: 1 }));
    // Every line with the prices the dealer saw, as the pad sends them: the largest body an order has.
    const lines = ids.map((productId, i) => ({ productId, quantity: 1 + (i % 3), unitPrice: 1 + (i % 9), unitPriceMinor: (1 + (i % 9)) * 100 }));
    const expected = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
    const res = await post(bulkBody(lines, { totalPrice: expected }));
    expect(res.statusCode).toBe(201);
    const order = await orderById((res.json() as { insertedId: string }).insertedId);
    expect(order.lines).toHaveLength(MAX_ORDER_LINES);
    expect((order.lines ?? []).map((line) => [line.productId, line.quantity, line.lineTotal])).toEqual(
      lines.map((line) => [line.productId, line.quantity, line.quantity * line.unitPrice]),
    );
    expect(order.totalPrice).toBe(expected);
    const pieces = lines.reduce((sum, line) => sum + line.quantity, 0);
    const stock = await t.database.db.execute(sql`select sum(available)::int as left from products where name like 'Thousand Tool %'`);
    expect((stock as unknown as { rows: { left: number }[] }).rows[0]?.left).toBe(10 * MAX_ORDER_LINES - pieces);
    expect(await stockOf(ids[MAX_ORDER_LINES - 1] ?? '')).toBe(10 - (1 + ((MAX_ORDER_LINES - 1) % 3)));
  });

  it('is exactly-once by clientOrderId, also for 20 identical requests at once', async () => {
    const a = await t.createProduct({ price: 10, available: 1000, minOrder: 1 });
    const b = await t.createProduct({ price: 20, available: 1000, minOrder: 1 });
    const body = bulkBody([
      { productId: a, quantity: 7 },
      { productId: b, quantity: 3 },
    ]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201].sort());
    expect(new Set(answers.map((r) => (r.json() as { insertedId: string }).insertedId)).size).toBe(1);
    expect([await stockOf(a), await stockOf(b)]).toEqual([993, 997]);
    // A repeat after the products changed still gets the first order back.
    await t.database.db.execute(sql`update products set available = 0 where id = ${a}`);
    expect((await post(body)).statusCode).toBe(200);
  });

  it('pays the whole order once and, deleted while unpaid, returns every line', async () => {
    const a = await t.createProduct({ price: 11, available: 50, minOrder: 1 });
    const b = await t.createProduct({ price: 13, available: 50, minOrder: 1 });
    const paid = (
      await post(
        bulkBody([
          { productId: a, quantity: 2 },
          { productId: b, quantity: 3 },
        ]),
      )
    ).json() as { insertedId: string };
    await payOrder(t, dealer, paid.insertedId);
    expect(await orderById(paid.insertedId)).toMatchObject({ status: 'Paid', totalPrice: 61 });
    const shipped = await t.app.inject({ method: 'PATCH', url: `/api/orders/${paid.insertedId}`, headers: admin.auth, payload: {} });
    expect(shipped.statusCode).toBe(200);

    const unpaid = (
      await post(
        bulkBody([
          { productId: a, quantity: 10 },
          { productId: b, quantity: 20 },
        ]),
      )
    ).json() as { insertedId: string };
    expect([await stockOf(a), await stockOf(b)]).toEqual([38, 27]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/orders/${unpaid.insertedId}`, headers: dealer.auth });
    expect(del.json()).toEqual({ deletedCount: 1 });
    expect([await stockOf(a), await stockOf(b)]).toEqual([48, 47]);
    // Expiry returns every line too.
    const held = (
      await post(
        bulkBody([
          { productId: a, quantity: 8 },
          { productId: b, quantity: 7 },
        ]),
      )
    ).json() as { insertedId: string };
    await t.app.services.orders.expireUnpaid(new Date(Date.now() + t.config.unpaidOrderTtlMs + 60_000));
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${held.insertedId}`, headers: dealer.auth })).statusCode).toBe(404);
    expect([await stockOf(a), await stockOf(b)]).toEqual([48, 47]);
  });

  it('lists and searches multi-line orders for admins by any line, and keeps totals equal to the sum of lines', async () => {
    const a = await t.createProduct({ name: 'Searchable Trowel', price: 9, available: 100, minOrder: 1 });
    const b = await t.createProduct({ name: 'Hidden Second-Line Level', price: 21, available: 100, minOrder: 1 });
    const placed = (
      await post(
        bulkBody([
          { productId: a, quantity: 4 },
          { productId: b, quantity: 2 },
        ]),
      )
    ).json() as { insertedId: string };
    const page = await t.app.inject({ method: 'GET', url: '/api/orders?q=Second-Line', headers: admin.auth });
    const items = (page.json() as { items: Order[] }).items;
    expect(items.map((o) => o._id)).toContain(placed.insertedId);
    expect(items.find((o) => o._id === placed.insertedId)?.lines).toHaveLength(2);

    const mismatched = await t.database.db.execute(sql`
      select o.id from orders o join order_lines l on l.order_id = o.id
       group by o.id, o.total_minor having o.total_minor <> sum(l.line_total_minor)`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it("lets admins set a tool's rules later, checked against its price and minimum", async () => {
    const id = await t.createProduct({ price: 50, available: 100, minOrder: 6 });
    const patch = (payload: Record<string, unknown>, user: TestUser = admin) =>
      t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: user.auth, payload });
    const ok = await patch({ packSize: 3, maxOrderQnt: 60, priceTiers: [{ minQnt: 30, price: 45 }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ packSize: 3, maxOrderQnt: 60, priceTiers: [{ minQnt: 30, price: 45 }] });
    expect((await patch({ packSize: 4 })).json()).toMatchObject({ error: { message: 'packSize: The minimum order must be a whole number of packs' } });
    expect((await patch({ maxOrderQnt: 5 })).json()).toMatchObject({ error: { message: 'maxOrderQnt: The maximum per order cannot be below the minimum' } });
    expect((await patch({ priceTiers: [{ minQnt: 10, price: 50 }] })).json()).toMatchObject({
      error: { message: 'priceTiers: Every tier price must be below the list price' },
    });
    expect(
      (
        await patch({
          priceTiers: [
            { minQnt: 10, price: 40 },
            { minQnt: 5, price: 30 },
          ],
        })
      ).statusCode,
    ).toBe(400);
    expect((await patch({ price: 1 })).statusCode).toBe(400);
    expect((await patch({ packSize: 2 }, dealer)).statusCode).toBe(403);
    expect((await patch({ maxOrderQnt: null })).json()).toMatchObject({ maxOrderQnt: null, packSize: 3 });
    // The catalogue shows the rules.
    await expect
      .poll(async () => ((await t.app.inject('/api/products')).json() as { _id: string; packSize?: number }[]).find((p) => p._id === id)?.packSize)
      .toBe(3);
  });
});
