// A quote request saved offline (docs/decisions/058-quotes.md) waits in the outbox as an order does and is sent
// once, to POST /api/quotes, under its clientOrderId: a lost answer sent again is the same quote. The device keeps
// it with the quote's number; an order beside it still goes to POST /api/orders.

import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderBody } from '../../src/contract/order';
import type { QuoteRequestBody } from '../../src/contract/quote';
import { ApiError } from '../../src/api/errors';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';
import { enqueueOrder, listOutbox, listSentOrders } from '../../src/offline/outbox/queue';
import { flushOutbox, type SendOrder, type SendQuoteRequest } from '../../src/offline/outbox/flush';
import { deviceOrderState, isQuoteRequest } from '../../src/offline/outbox/queued-order';

const ALICE = 'alice@example.com';
const line = { productId: randomUUID(), productName: 'Hammer Drill HD-18', imageUrl: '/uploads/a.webp', quantity: 10, unitPrice: 120, unitPriceMinor: 120_00 };

const opened: ForgelineDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function freshDb(): ForgelineDatabase {
  const db = openDatabase(`outbox-quote-${randomUUID()}`);
  opened.push(db);
  return db;
}

function recording(failFirstQuote = false) {
  const orders: OrderBody[] = [];
  const quotes: QuoteRequestBody[] = [];
  let failed = !failFirstQuote;
  const send: SendOrder = async (body) => {
    orders.push(body);
    return { insertedId: randomUUID(), number: 'O-2026-00007', status: 'Unpaid' };
  };
  const sendQuote: SendQuoteRequest = async (body) => {
    quotes.push(body);
    if (!failed) {
      failed = true;
      throw new TypeError('Failed to fetch');
    }
    return { id: 'quote-1', number: 'Q-2026-00003' };
  };
  return { orders, quotes, send, sendQuote };
}

const deps = (db: ForgelineDatabase, r: ReturnType<typeof recording>, now = 10) => ({
  db,
  send: r.send,
  sendQuote: r.sendQuote,
  now: () => now,
  random: () => 0.5,
  locks: null,
});

describe('a quote request saved offline', () => {
  it('is sent to the quotes API with its lines and message, once, and kept with the quote’s number', async () => {
    const db = freshDb();
    const clientOrderId = randomUUID();
    await enqueueOrder(
      { clientOrderId, ownerEmail: ALICE, userAddress: '', userPhone: '', lines: [line], currency: 'USD', priceListVersion: 3, quoteMessage: 'Volume price?' },
      db,
      1,
    );
    const order = await enqueueOrder(
      { clientOrderId: randomUUID(), ownerEmail: ALICE, userAddress: '1 Quay', userPhone: '+44 117 555 0199', lines: [line] },
      db,
      2,
    );
    const r = recording();

    const report = await flushOutbox({ email: ALICE, token: 'token' }, {}, deps(db, r));
    await flushOutbox({ email: ALICE, token: 'token' }, { force: true }, deps(db, r));

    expect(r.quotes).toEqual([{ clientQuoteId: clientOrderId, lines: [{ productId: line.productId, quantity: 10 }], message: 'Volume price?' }]);
    expect(r.orders.map((body) => body.clientOrderId)).toEqual([order.clientOrderId]);
    expect(report.sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ clientOrderId, orderId: 'quote-1', orderNumber: 'Q-2026-00003', quote: true, status: null }),
        expect.objectContaining({ clientOrderId: order.clientOrderId, quote: false }),
      ]),
    );
    expect(await listOutbox(ALICE, db)).toEqual([]);
    const kept = (await listSentOrders(ALICE, db)).find((sent) => sent.clientOrderId === clientOrderId);
    expect(kept && isQuoteRequest(kept)).toBe(true);
    expect(kept && deviceOrderState(kept)).toMatchObject({ kind: 'confirmed', orderNumber: 'Q-2026-00003' });
  });

  it('sends the same request again under the same id when its first send got no answer', async () => {
    const db = freshDb();
    const clientOrderId = randomUUID();
    await enqueueOrder({ clientOrderId, ownerEmail: ALICE, userAddress: '', userPhone: '', lines: [line], quoteMessage: '' }, db, 1);
    const r = recording(true);
    const first = await flushOutbox({ email: ALICE, token: 'token' }, {}, deps(db, r));
    expect(first.sent).toEqual([]);
    expect((await listOutbox(ALICE, db))[0]).toMatchObject({ maybeDelivered: true, quoteMessage: '' });
    const second = await flushOutbox({ email: ALICE, token: 'token' }, { force: true }, deps(db, r, 20));
    expect(second.sent).toEqual([expect.objectContaining({ clientOrderId, quote: true })]);
    expect(r.quotes.map((body) => body.clientQuoteId)).toEqual([clientOrderId, clientOrderId]);
  });

  it('needs attention when the server refuses it, in the server’s words', async () => {
    const db = freshDb();
    await enqueueOrder({ clientOrderId: randomUUID(), ownerEmail: ALICE, userAddress: '', userPhone: '', lines: [line], quoteMessage: 'Hi' }, db, 1);
    const r = recording();
    const refused: SendQuoteRequest = async () => {
      throw new ApiError(403, 'forbidden', 'Only a dealer of an approved company can ask for a quote.');
    };
    const report = await flushOutbox({ email: ALICE, token: 'token' }, {}, { ...deps(db, r), sendQuote: refused });
    expect(report.needsAttention).toEqual([expect.objectContaining({ message: 'Only a dealer of an approved company can ask for a quote.' })]);
  });
});
