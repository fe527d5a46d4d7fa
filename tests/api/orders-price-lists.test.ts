// Orders priced with the company's price list (docs/decisions/045-price-lists-and-money.md): the server prices
// every line in the list's currency and minor units, records the list's version, applies a price that fell
// since the dealer saw it, and sends a higher one back with both prices; the card is charged in the list's
// currency, the credit counts in it, and a customer without a list pays the list price in US dollars.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { priceListEntries, priceLists } from '../../server/db/schema';
import type { AccountStanding } from '../../src/contract/account-terms';
import type { Order, OrderLineProblem } from '../../src/contract/order';
import { payOrder } from '../helpers/orders';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const typed = { userAddress: 'Hafenstraße 12, 20457 Hamburg', userPhone: '+49 40 555 0100' };

describeEachDatabase('orders priced with a price list', (kind) => {
  const {
    t,
    users: { ines, lone, admin },
  } = useTestApp(kind, {
    users: { ines: { displayName: 'Ines Müller', verified: true }, lone: { displayName: 'Lone Dealer', verified: true }, admin: { admin: true } },
  });

  let drill = '';
  let saw = '';
  let company = '';
  let listId = '';

  const place = (user: TestUser, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: user.auth, payload: { lines, ...typed, clientOrderId: randomUUID(), ...extra } });
  const orderOf = async (id: string) => (await t.app.inject({ url: `/api/order/${id}`, headers: admin.auth })).json() as Order;
  const setList = async (fields: Partial<typeof priceLists.$inferInsert>) => {
    await t.database.db
      .update(priceLists)
      .set(fields)
      .where(sql`${priceLists.id} = ${listId}::uuid`);
  };
  const version = async () => (await rowsOf<{ v: number }>(t.database.db, sql`select version as v from price_lists where id = ${listId}::uuid`))[0]?.v;

  beforeAll(async () => {
    drill = await t.createProduct({ name: 'Hammer Drill HD-20', price: 129, available: 10_000, minOrder: 1, priceTiers: [{ minQnt: 50, price: 119 }] });
    saw = await t.createProduct({ name: 'Chop Saw MS-255', price: 410, available: 10_000, minOrder: 1 });
    company = (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${ines.id}::uuid`))[0]?.id ?? '';
    const [list] = await t.database.db
      .insert(priceLists)
      .values({ name: 'Euro dealers', currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1000, version: 3 })
      .returning({ id: priceLists.id });
    listId = list?.id ?? '';
    // The saw at a fixed €350.00, and €330.00 from 10 pieces.
    await t.database.db
      .insert(priceListEntries)
      .values({ priceListId: listId, productId: saw, price: 35_000, percentOff: null, tiers: [{ minQnt: 10, price: 33_000 }], version: 3 });
    await t.database.db.execute(sql`update companies set price_list_id = ${listId}::uuid where id = ${company}::uuid`);
  });

  beforeEach(async () => {
    await setList({ rateMicros: 920_000, defaultPercentOff: 1000, version: 3 });
  });

  it('prices every line with the list, in euro cents, and records the list’s version', async () => {
    // 129 x 0.92 x 0.9 = 106.812 -> €106.81; 50 drills take the tool's own tier: 119 x 0.92 x 0.9 = €98.53.
    const res = await place(
      ines,
      [
        { productId: drill, quantity: 50, unitPriceMinor: 9_853 },
        { productId: saw, quantity: 12, unitPriceMinor: 33_000 },
      ],
      { currency: 'EUR', priceListVersion: 3 },
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderOf((res.json() as { insertedId: string }).insertedId);
    expect(order).toMatchObject({ currency: 'EUR', totalMinor: 50 * 9_853 + 12 * 33_000, totalPrice: 8_886.5, priceListVersion: 3 });
    expect(order.lines?.map((line) => [line.unitPriceMinor, line.lineTotalMinor, line.unitPrice])).toEqual([
      [9_853, 492_650, 98.53],
      [33_000, 396_000, 330],
    ]);
  });

  it('applies a price that fell since the dealer saw it', async () => {
    await setList({ defaultPercentOff: 2000, version: 4 });
    // Seen at €106.81 (version 3); now 20 % off: 129 x 0.92 x 0.8 = €94.94.
    const res = await place(ines, [{ productId: drill, quantity: 2, unitPriceMinor: 10_681 }], { currency: 'EUR', priceListVersion: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderOf((res.json() as { insertedId: string }).insertedId);
    expect(order).toMatchObject({ totalMinor: 2 * 9_494, priceListVersion: 4 });
  });

  it('sends back a price that rose, with the one seen and the one now, and writes nothing', async () => {
    await setList({ defaultPercentOff: 0, version: 5 });
    const before = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`);
    const res = await place(
      ines,
      [
        { productId: drill, quantity: 2, unitPriceMinor: 10_681 },
        { productId: saw, quantity: 1, unitPriceMinor: 35_000 },
      ],
      { currency: 'EUR', priceListVersion: 3 },
    );
    expect(res.statusCode).toBe(409);
    const body = res.json() as { error: { code: string; details: { lines: OrderLineProblem[] } } };
    expect(body.error.code).toBe('price_changed');
    // 129 x 0.92 = €118.68 now; the saw's fixed price holds.
    expect(body.error.details.lines).toEqual([
      expect.objectContaining({ productId: drill, code: 'price_changed', seenPriceMinor: 10_681, priceMinor: 11_868, currency: 'EUR' }),
    ]);
    expect(await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`)).toEqual(before);
  });

  it('sends back prices seen in another currency, and the spec’s whole dollars unless they are the list’s', async () => {
    const usd = await place(ines, [{ productId: saw, quantity: 1, unitPriceMinor: 41_000 }], { currency: 'USD' });
    expect(usd.statusCode).toBe(409);
    expect((usd.json() as { error: { details: { lines: OrderLineProblem[] } } }).error.details.lines[0]).toMatchObject({ priceMinor: 35_000, currency: 'EUR' });
    const dollars = await place(ines, [{ productId: saw, quantity: 1, unitPrice: 410 }]);
    expect(dollars.statusCode).toBe(409);
    // The spec's one-tool body without a total is priced by the server, in the list's currency.
    const oneTool = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: ines.auth,
      payload: { productId: saw, orderQuantity: 1, ...typed, clientOrderId: randomUUID() },
    });
    expect(oneTool.statusCode, oneTool.body).toBe(201);
    expect(await orderOf((oneTool.json() as { insertedId: string }).insertedId)).toMatchObject({ currency: 'EUR', totalMinor: 35_000, totalPrice: 350 });
  });

  it('charges the card in the list’s currency for the order’s amount', async () => {
    const res = await place(ines, [{ productId: drill, quantity: 3, unitPriceMinor: 10_681 }], { currency: 'EUR', priceListVersion: 3 });
    const id = (res.json() as { insertedId: string }).insertedId;
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: ines.auth, payload: { orderId: id } });
    expect(intent.statusCode, intent.body).toBe(200);
    expect((intent.json() as { clientSecret: string }).clientSecret).toMatch(/^pi_sbx_[0-9a-f]{32}_32043eur_/u);
    // The order turns Paid only for an intent of its amount in its currency (intentPaysFor).
    await payOrder(t, ines, id);
    expect(await orderOf(id)).toMatchObject({ status: 'Paid', totalMinor: 32_043, currency: 'EUR' });
    const invoice = await t.app.inject({ url: `/api/orders/${id}/invoice`, headers: ines.auth });
    expect(invoice.statusCode).toBe(200);
  });

  it('counts the credit in the company’s currency', async () => {
    const terms = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${company}/terms`,
      headers: admin.auth,
      payload: { paymentTerms: 'net30', creditLimit: 100_000, poRequired: false },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json()).toMatchObject({ currency: 'EUR', creditLimit: 100_000 });
    // Two saws at €350.00 fit €1,000.00 of credit; a third goes on hold.
    const first = await place(ines, [{ productId: saw, quantity: 2, unitPriceMinor: 35_000 }], { currency: 'EUR', payment: 'account' });
    expect(first.json()).toMatchObject({ status: 'Confirmed' });
    const second = await place(ines, [{ productId: saw, quantity: 1, unitPriceMinor: 35_000 }], { currency: 'EUR', payment: 'account' });
    expect(second.json()).toMatchObject({ status: 'On hold' });
    const standing = (await t.app.inject({ url: '/api/company/account', headers: ines.auth })).json() as AccountStanding;
    expect(standing).toMatchObject({ currency: 'EUR', outstanding: 70_000, available: 30_000 });
  });

  it('a customer without a price list pays the list price in US dollars, as before', async () => {
    await t.database.db.execute(
      sql`update companies set price_list_id = null where id = (select company_id from company_members where user_id = ${lone.id}::uuid)`,
    );
    const res = await place(lone, [{ productId: drill, quantity: 1, unitPrice: 129 }], { totalPrice: 129 });
    expect(res.statusCode, res.body).toBe(201);
    expect(await orderOf((res.json() as { insertedId: string }).insertedId)).toMatchObject({
      currency: 'USD',
      totalMinor: 12_900,
      totalPrice: 129,
      priceListVersion: null,
    });
    expect(await version()).toBe(3);
  });
});
