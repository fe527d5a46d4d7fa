// The one-tool order at the edge (docs/decisions/030): a client that sends `{ productId, orderQuantity }`
// and reads an order's tool at its top level gets exactly the answers it always got, although the server
// keeps every order as its lines.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deleteProduct } from '../../server/repositories/products';
import { placeOrder, postOrder } from '../helpers/orders';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/use-test-app';

// The spec's fields, and what later rounds added beside them (lines, invoice, number, shipping details,
// the company and location it was placed for and who placed it, its currency and amounts in minor units).
const ORDER_FIELDS = [
  '_id',
  'carrier',
  'clientOrderId',
  'companyId',
  'companyName',
  'companyTaxNumber',
  'createdAt',
  'currency',
  'dueAt',
  'heldUntil',
  'holdsStock',
  'imageUrl',
  'invoiceNo',
  'lines',
  'locationId',
  'locationName',
  'number',
  'orderQuantity',
  'paidAt',
  'paymentReference',
  'paymentTerms',
  'poNumber',
  'priceListVersion',
  'productId',
  'productName',
  'reverseCharge',
  'shippedAt',
  'status',
  'statusReason',
  'taxMinor',
  'taxName',
  'taxRateMicros',
  'totalMinor',
  'totalPrice',
  'trackingNumber',
  'transactionId',
  'unitPrice',
  'userAddress',
  'userEmail',
  'userId',
  'userName',
  'userPhone',
];

describeEachDatabase('one-tool orders', (kind) => {
  let t: TestApp;
  let dealer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [dealer, admin] = await Promise.all([t.createUser({ displayName: 'Dana Dealer' }), t.createUser({ admin: true })]);
  });
  afterAll(async () => {
    await t.close();
  });

  const product = async (id: string) => (await t.app.inject(`/api/products/${id}`)).json() as Record<string, unknown>;
  const order = async (id: string) => (await t.app.inject({ url: `/api/order/${id}`, headers: dealer.auth })).json() as Record<string, unknown>;
  const refusal = async (body: Parameters<typeof postOrder>[2]) => {
    const res = await postOrder(t, dealer, body);
    return { status: res.statusCode, body: res.json() as unknown };
  };

  it('answers a one-tool order with its tool, quantity and unit price at the top level, and the one line', async () => {
    const productId = await t.createProduct({ name: 'Rotary Hammer RH-40', price: 120, available: 50, minOrder: 5 });
    const clientOrderId = randomUUID();
    const res = await postOrder(t, dealer, { productId, orderQuantity: 7, totalPrice: 840, clientOrderId });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json() as { insertedId: string };
    expect(Object.keys(res.json() as object)).toEqual(['insertedId']);

    const body = await order(insertedId);
    expect(Object.keys(body).sort()).toEqual(ORDER_FIELDS);
    expect(body).toMatchObject({
      _id: insertedId,
      userName: 'Dana Dealer',
      userEmail: dealer.email,
      productId,
      productName: 'Rotary Hammer RH-40',
      imageUrl: `/uploads/${'a'.repeat(64)}.webp`,
      unitPrice: 120,
      orderQuantity: 7,
      totalPrice: 840,
      totalMinor: 84_000,
      currency: 'USD',
      priceListVersion: null,
      status: 'Unpaid',
      transactionId: null,
      clientOrderId,
      invoiceNo: null,
      lines: [
        {
          productId,
          productName: 'Rotary Hammer RH-40',
          sku: expect.any(String),
          imageUrl: `/uploads/${'a'.repeat(64)}.webp`,
          unitPrice: 120,
          quantity: 7,
          lineTotal: 840,
          unitPriceMinor: 12_000,
          lineTotalMinor: 84_000,
        },
      ],
    });
    // The same order reads the same in the dealer's list and on the admins' page.
    const mine = (await t.app.inject({ url: `/api/orders/${dealer.email}`, headers: dealer.auth })).json() as Record<string, unknown>[];
    expect(mine.find((o) => o._id === insertedId)).toEqual(body);
    const page = (await t.app.inject({ url: '/api/orders?q=Rotary%20Hammer%20RH-40', headers: admin.auth })).json() as { items: Record<string, unknown>[] };
    expect(page.items.find((o) => o._id === insertedId)).toEqual(body);
  });

  it('answers an order with lines with its first tool at the top level and the pieces of all lines', async () => {
    const first = await t.createProduct({ name: 'Top Drill', price: 30, available: 40, minOrder: 1 });
    const second = await t.createProduct({ name: 'Top Saw', price: 50, available: 40, minOrder: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: dealer.auth,
      payload: {
        lines: [
          { productId: first, quantity: 4 },
          { productId: second, quantity: 2 },
        ],
        userAddress: '12 Harbour Road, Leeds',
        userPhone: '+44 113 496 0000',
        clientOrderId: randomUUID(),
      },
    });
    expect(res.statusCode).toBe(201);
    const body = await order((res.json() as { insertedId: string }).insertedId);
    expect(body).toMatchObject({ productId: first, productName: 'Top Drill', unitPrice: 30, orderQuantity: 6, totalPrice: 220 });
    expect((body.lines as unknown[]).length).toBe(2);
  });

  it('keeps what the order named when its tool is deleted: no product id, the name and price it was ordered at', async () => {
    const productId = await t.createProduct({ name: 'Gone Grinder', price: 45, available: 10, minOrder: 1 });
    const id = await placeOrder(t, dealer, { productId, orderQuantity: 2 });
    await deleteProduct(t.database.db, productId);
    expect(await order(id)).toMatchObject({ productId: null, productName: 'Gone Grinder', unitPrice: 45, orderQuantity: 2, totalPrice: 90 });
  });

  it('refuses a total the customer did not see first, with the product as it is now', async () => {
    // Below the minimum too: the total comes first, as it always has.
    const productId = await t.createProduct({ price: 100, available: 50, minOrder: 5 });
    expect(await refusal({ productId, orderQuantity: 3, totalPrice: 1 })).toEqual({
      status: 409,
      body: {
        error: {
          code: 'price_changed',
          message: 'The price has changed: 3 pcs. now cost $300. Please confirm the new total.',
          details: { product: await product(productId) },
        },
      },
    });
  });

  it("refuses by the tool's own rules, each with its message and the product as it is now", async () => {
    const productId = await t.createProduct({ price: 10, available: 12, minOrder: 2 });
    const now = await product(productId);
    expect(await refusal({ productId, orderQuantity: 1 })).toEqual({
      status: 409,
      body: { error: { code: 'below_minimum', message: 'The minimum order for this product is 2 pcs.', details: { product: now } } },
    });
    expect(await refusal({ productId, orderQuantity: 13, totalPrice: 130 })).toEqual({
      status: 409,
      body: { error: { code: 'out_of_stock', message: 'Only 12 pcs. are in stock.', details: { product: now } } },
    });
  });

  it('answers 404 for a tool that does not exist, whatever the total', async () => {
    const missing = { status: 404, body: { error: { code: 'not_found', message: 'That product was not found.' } } };
    expect(await refusal({ productId: randomUUID(), orderQuantity: 1 })).toEqual(missing);
    expect(await refusal({ productId: randomUUID(), orderQuantity: 1, totalPrice: 5 })).toEqual(missing);
  });
});
