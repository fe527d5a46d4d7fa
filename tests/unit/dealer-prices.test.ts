// The dealer's price list on the device (src/offline/prices): the server's changes are folded into the saved
// copy, a copy that cannot take them asks for the whole list, offline the saved copy prices as before, each
// account and each company a rep orders for keeps its own copy; an order priced from a list sends minor units,
// its currency and version, and one saved before price lists sends whole dollars as before.

import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import { applyPriceListAnswer, type DealerPriceListChanges } from '../../src/contract/dealer-price-list';
import type { OrderBody } from '../../src/contract/order';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';
import { flushOutbox, type SendOrder } from '../../src/offline/outbox/flush';
import { orderBody } from '../../src/offline/outbox/post-order';
import { enqueueOrder, listOutbox } from '../../src/offline/outbox/queue';
import { dealerPricesOf } from '../../src/offline/prices/dealer-prices';
import { forgetPriceLists, readSavedPriceList, refreshPriceList, type FetchPriceList } from '../../src/offline/prices/saved-list';

const LIST = randomUUID();
const drill = { _id: randomUUID(), price: 100, priceTiers: [{ minQnt: 10, price: 90 }] };
const saw = { _id: randomUUID(), price: 50 };

const whole = (version: number, entries: DealerPriceListChanges['entries'] = []): DealerPriceListChanges => ({
  id: LIST,
  name: 'Euro dealers',
  currency: 'EUR',
  rateMicros: 900_000,
  defaultPercentOff: 1_000,
  version,
  entries,
  removed: [],
  complete: true,
});

let db: ForgelineDatabase | undefined;
const open = (): ForgelineDatabase => {
  const opened = openDatabase(`dealer-prices-${randomUUID()}`);
  db = opened;
  return opened;
};
afterEach(async () => {
  if (!db) return;
  db.close();
  await db.delete();
});

/** A server answering from a script: each call takes the next answer (or throws it) and records what it was asked. */
function server(...answers: (DealerPriceListChanges | null | Error)[]) {
  const asked: { companyId: string | null; after: number | undefined }[] = [];
  const fetch: FetchPriceList = async (companyId, after) => {
    asked.push({ companyId, after });
    const next = answers.shift();
    if (next instanceof Error) throw next;
    if (next === undefined) throw new Error('asked once too often');
    return next;
  };
  return { fetch, asked };
}

describe('pricing from the list', () => {
  it('prices a tool at the list rate less the percentage, a fixed price, and tiers of its own', () => {
    const list = applyPriceListAnswer(null, whole(1, [{ productId: saw._id, price: 3_999, percentOff: null, tiers: [{ minQnt: 5, price: 3_500 }] }]));
    if (!list) throw new Error('no list');
    const prices = dealerPricesOf(list);
    // $100 at 0.9 less 10 %: 81.00 EUR; at 10 pieces the tool's tier $90: 72.90 EUR.
    expect(prices.unit(drill, 1)).toBe(8_100);
    expect(prices.unit(drill, 10)).toBe(7_290);
    expect(prices.unit(saw, 1)).toBe(3_999);
    expect(prices.unit(saw, 5)).toBe(3_500);
    expect(prices.tiers(drill)).toEqual([{ minQnt: 10, price: 7_290 }]);
    expect(prices.format(8_100)).toMatch(/81[.,]00/u);
    expect(prices.format(8_100)).toContain('€');
    expect(prices.note).toBe('Your company’s prices, in euros');
    // The same list at the same version is the same view: memoised cards are not drawn again.
    expect(dealerPricesOf({ ...list })).toBe(prices);
  });
});

describe('the saved copy', () => {
  it('saves the whole list, then asks for the changes since its version and folds them in, tombstones removing entries', async () => {
    const db = open();
    const first = server(
      whole(3, [
        { productId: drill._id, price: 7_000, percentOff: null, tiers: [] },
        { productId: saw._id, price: 4_000, percentOff: null, tiers: [] },
      ]),
    );
    const held = await refreshPriceList('Dana@Example.com', null, { db, fetch: first.fetch, online: () => true });
    expect(first.asked).toEqual([{ companyId: null, after: undefined }]);
    expect(held?.entries).toEqual({ [drill._id]: { price: 7_000, percentOff: null, tiers: [] }, [saw._id]: { price: 4_000, percentOff: null, tiers: [] } });

    const changes: DealerPriceListChanges = {
      ...whole(5, [{ productId: drill._id, price: 6_500, percentOff: null, tiers: [] }]),
      removed: [saw._id],
      complete: false,
    };
    const next = server(changes);
    const updated = await refreshPriceList('dana@example.com', null, { db, fetch: next.fetch, online: () => true });
    expect(next.asked).toEqual([{ companyId: null, after: 3 }]);
    expect(updated).toMatchObject({ version: 5, entries: { [drill._id]: { price: 6_500 } } });
    expect(updated?.entries[saw._id]).toBeUndefined();
    expect((await readSavedPriceList('dana@example.com', null, db))?.list).toEqual(updated);
  });

  it('asks for the whole list when the changes are of another list or older than the copy', async () => {
    const db = open();
    await refreshPriceList('dana@example.com', null, { db, fetch: server(whole(7)).fetch, online: () => true });
    const replaced = { ...whole(2, [{ productId: drill._id, price: 1_000, percentOff: null, tiers: [] }]), id: randomUUID(), complete: false };
    const again = server(replaced, { ...replaced, complete: true });
    const list = await refreshPriceList('dana@example.com', null, { db, fetch: again.fetch, online: () => true });
    expect(again.asked).toEqual([
      { companyId: null, after: 7 },
      { companyId: null, after: undefined },
    ]);
    expect(list).toMatchObject({ id: replaced.id, version: 2, entries: { [drill._id]: { price: 1_000 } } });
  });

  it('offline, or when the server cannot be reached, prices with the saved copy; nothing saved is list prices', async () => {
    const db = open();
    const never = server();
    expect(await refreshPriceList('dana@example.com', null, { db, fetch: never.fetch, online: () => false })).toBeNull();
    await refreshPriceList('dana@example.com', null, { db, fetch: server(whole(4)).fetch, online: () => true });
    const offline = await refreshPriceList('dana@example.com', null, { db, fetch: never.fetch, online: () => false });
    expect(offline).toMatchObject({ id: LIST, version: 4 });
    expect(never.asked).toEqual([]);
    const unreachable = await refreshPriceList('dana@example.com', null, { db, fetch: server(new NetworkError()).fetch, online: () => true });
    expect(unreachable).toMatchObject({ id: LIST, version: 4 });
  });

  it('a list taken away is forgotten; each company a rep orders for keeps its own copy, and no other account’s copy stays', async () => {
    const db = open();
    const company = randomUUID();
    await refreshPriceList('rita@example.com', company, { db, fetch: server(whole(9)).fetch, online: () => true });
    await refreshPriceList('rita@example.com', null, { db, fetch: server(whole(4)).fetch, online: () => true });
    expect(await refreshPriceList('rita@example.com', company, { db, fetch: server().fetch, online: () => false })).toMatchObject({ version: 9 });
    expect(await refreshPriceList('rita@example.com', null, { db, fetch: server().fetch, online: () => false })).toMatchObject({ version: 4 });
    // Another dealer on the same tablet: Rita's company prices leave the device before Bo's are read.
    expect(await refreshPriceList('bo@example.com', null, { db, fetch: server().fetch, online: () => false })).toBeNull();
    expect(await readSavedPriceList('rita@example.com', company, db)).toBeUndefined();
    expect(await readSavedPriceList('rita@example.com', null, db)).toBeUndefined();
    await refreshPriceList('dana@example.com', null, { db, fetch: server(whole(4)).fetch, online: () => true });
    expect(await refreshPriceList('dana@example.com', null, { db, fetch: server(null).fetch, online: () => true })).toBeNull();
    expect((await readSavedPriceList('dana@example.com', null, db))?.list).toBeNull();
    // Logout forgets every account's.
    await forgetPriceLists(null, db);
    expect(await readSavedPriceList('dana@example.com', null, db)).toBeUndefined();
  });
});

describe('what an order sends', () => {
  const base = { clientOrderId: randomUUID(), userAddress: '12 Harbour Road, Leeds', userPhone: '+44 113 496 0000' };

  it('from a list: each line in minor units with the currency and version, and no whole-dollar total', () => {
    const body = orderBody({
      ...base,
      currency: 'EUR',
      priceListVersion: 5,
      lines: [{ productId: drill._id, quantity: 10, unitPrice: 90, unitPriceMinor: 7_290 }],
    });
    expect(body).toEqual({ ...base, lines: [{ productId: drill._id, quantity: 10, unitPriceMinor: 7_290 }], currency: 'EUR', priceListVersion: 5 });
  });

  it('at list price, and an order saved before price lists: whole dollars and the total, as before', () => {
    const body = orderBody({ ...base, lines: [{ productId: drill._id, quantity: 10, unitPrice: 90 }] });
    expect(body).toEqual({ ...base, lines: [{ productId: drill._id, quantity: 10, unitPrice: 90 }], totalPrice: 900 });
  });
});

describe('a queued order priced from a list', () => {
  it('keeps its prices in minor units, sends them once, and keeps the price seen and the price now from a price_changed refusal', async () => {
    const db = open();
    const sent: OrderBody[] = [];
    const refusal = new ApiError(409, 'price_changed', 'A price has changed.', {
      lines: [{ productId: drill._id, code: 'price_changed', message: 'The price has changed.', seenPriceMinor: 8_100, priceMinor: 8_500, currency: 'EUR' }],
    });
    const send: SendOrder = async (body) => {
      sent.push(body);
      throw refusal;
    };
    await enqueueOrder(
      {
        clientOrderId: randomUUID(),
        ownerEmail: 'dana@example.com',
        userAddress: '12 Harbour Road, Leeds',
        userPhone: '+44 113 496 0000',
        currency: 'EUR',
        priceListVersion: 4,
        lines: [{ productId: drill._id, productName: 'Drill', imageUrl: '/uploads/d.webp', quantity: 2, unitPrice: 100, unitPriceMinor: 8_100 }],
      },
      db,
    );
    const deps = { db, send, now: () => Date.now(), random: () => 0.5, locks: null };
    await flushOutbox({ email: 'dana@example.com', token: 'token' }, { force: true }, deps);
    await flushOutbox({ email: 'dana@example.com', token: 'token' }, { force: true }, deps);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ currency: 'EUR', priceListVersion: 4, lines: [{ productId: drill._id, quantity: 2, unitPriceMinor: 8_100 }] });
    expect(sent[0]).not.toHaveProperty('totalPrice');
    const [item] = await listOutbox('dana@example.com', db);
    expect(item).toMatchObject({ state: 'needs-attention', currency: 'EUR', priceListVersion: 4 });
    expect(item?.lines[0]?.problem).toEqual({
      code: 'price_changed',
      message: 'The price has changed.',
      seenPriceMinor: 8_100,
      priceMinor: 8_500,
      currency: 'EUR',
    });
  });
});
