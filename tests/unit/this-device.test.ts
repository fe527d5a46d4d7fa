// This Device (docs/offline.md): where each order saved on the device stands, derived from its record alone;
// the record the outbox keeps of what it sent, with the server's number, per account and bounded; Retry; and
// the summary of the catalogue copy.

import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import { readCatalogueCopy } from '../../src/offline/catalogue/copy-summary';
import { CATALOGUE_FILL_KEY, CATALOGUE_SYNC_KEY } from '../../src/offline/catalogue/sync';
import { productRow } from '../../src/offline/catalogue/saved';
import { deviceOrderState, editBlocker, type OutboxItem, type QueuedOrder, type SendOrder, type SentOrder } from '../../src/offline/outbox';
import { flushOutbox, LEASE_MS } from '../../src/offline/outbox/flush';
import { enqueueOrder, keepSentOrder, listOutbox, listSentOrders, retryOutboxItem, SENT_KEEP_COUNT, SENT_KEEP_MS } from '../../src/offline/outbox/queue';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';

const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const T0 = Date.UTC(2026, 10, 27, 9, 0);

function order(owner = ALICE): QueuedOrder {
  return {
    clientOrderId: randomUUID(),
    ownerEmail: owner,
    userAddress: '12 Forge Street, Springfield',
    userPhone: '+1 555 0100',
    lines: [
      { productId: 'p1', productName: 'Hammer Drill HD-18', imageUrl: '/uploads/a.webp', quantity: 5, unitPrice: 120 },
      { productId: 'p2', productName: 'Chop Saw CS-355', imageUrl: '/uploads/b.webp', quantity: 2, unitPrice: 300 },
    ],
  };
}

function item(overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    ...order(),
    ownerEmail: ALICE,
    lines: order().lines.map((line) => ({ ...line, problem: null, serverProduct: null })),
    totalPrice: 1200,
    createdAt: T0,
    updatedAt: T0,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: T0,
    sendingSince: null,
    maybeDelivered: false,
    lastError: null,
    ...overrides,
  };
}

const opened: ForgelineDatabase[] = [];
function database(): ForgelineDatabase {
  const db = openDatabase(`this-device-${randomUUID()}`);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('database version 6', () => {
  it('keeps the orders waiting in a version 5 database and starts with no sent orders', async () => {
    const name = `this-device-v5-${randomUUID()}`;
    const old = new Dexie(name);
    old.version(5).stores({
      products: '_id, position',
      reviews: '_id',
      outbox: 'clientOrderId, ownerEmail, [ownerEmail+createdAt]',
      meta: 'key',
      orderPad: '[ownerEmail+productId], [ownerEmail+addedAt]',
    });
    const waiting = item();
    await old.table('outbox').put(waiting);
    old.close();
    const db = openDatabase(name);
    opened.push(db);
    expect(await listOutbox(ALICE, db)).toEqual([waiting]);
    expect(await listSentOrders(ALICE, db)).toEqual([]);
  });
});

describe("an order's state on This Device", () => {
  it('is Waiting to send before any attempt, with no reason', () => {
    expect(deviceOrderState(item(), T0)).toEqual({ kind: 'waiting', reason: null, signInRequired: false });
  });

  it('is Sending while a send began within the lease, and Waiting again once a send was cut short', () => {
    const sending = item({ sendingSince: T0 });
    expect(deviceOrderState(sending, T0 + LEASE_MS - 1)).toEqual({ kind: 'sending', since: T0 });
    const cut = deviceOrderState(sending, T0 + LEASE_MS);
    expect(cut.kind).toBe('waiting');
    expect(cut.kind === 'waiting' ? cut.reason : null).toMatch(/cut short; it will be sent again/u);
    // The cut-short send may have reached the server: Edit waits for its answer, as after a lost answer.
    expect(editBlocker(sending, T0 + LEASE_MS)).toBe('It may already have reached the server; wait for its answer.');
  });

  it('says why the last send did not go through, and when only a sign-in sends it', () => {
    const offline = item({ attempts: 2, lastError: { status: 0, code: 'network', message: 'No connection to the server.' } });
    expect(deviceOrderState(offline, T0)).toEqual({ kind: 'waiting', reason: 'No connection to the server.', signInRequired: false });
    const signIn = item({ lastError: { status: 401, code: 'unauthorized', message: 'Sign in again to send this order.' } });
    expect(deviceOrderState(signIn, T0)).toEqual({ kind: 'waiting', reason: 'Sign in again to send this order.', signInRequired: true });
  });

  it("is Needs attention with the server's reason, whatever its sending stamp", () => {
    const refused = item({ state: 'needs-attention', lastError: { status: 409, code: 'insufficient_stock', message: 'Only 20 pcs. are in stock.' } });
    expect(deviceOrderState(refused, T0)).toEqual({ kind: 'needs-attention', reason: 'Only 20 pcs. are in stock.' });
  });

  it("is Confirmed with the server's number and time once sent", () => {
    const sent: SentOrder = { ...item(), sentAt: T0 + 5, orderId: 'o1', orderNumber: 'O-2026-00042', status: 'Unpaid' };
    expect(deviceOrderState(sent, T0 + 10)).toEqual({ kind: 'confirmed', orderId: 'o1', orderNumber: 'O-2026-00042', at: T0 + 5 });
  });
});

describe('the record of what this device sent', () => {
  const answer: SendOrder = async (body) => ({ insertedId: `id-${body.clientOrderId}`, number: 'O-2026-00007', status: 'Unpaid' });

  it("moves a sent order out of the outbox and keeps it with the server's number, the send's time and its owner's name", async () => {
    const db = database();
    let now = T0;
    const queued = await enqueueOrder(order(), db, now);
    now = T0 + 60_000;
    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, { db, send: answer, now: () => now, locks: null });
    expect(report.sent).toHaveLength(1);
    expect(await listOutbox(ALICE, db)).toEqual([]);
    const [sent] = await listSentOrders(ALICE, db);
    expect(sent).toMatchObject({
      clientOrderId: queued.clientOrderId,
      ownerEmail: ALICE,
      orderId: `id-${queued.clientOrderId}`,
      orderNumber: 'O-2026-00007',
      status: 'Unpaid',
      sentAt: T0 + 60_000,
      lastAttemptAt: T0 + 60_000,
      sendingSince: null,
      createdAt: T0,
    });
    // Another account on the same tablet sees none of it.
    expect(await listSentOrders(BOB, db)).toEqual([]);
  });

  it('keeps nothing of an order whose send got no answer or a refusal: it stays in the outbox, its last attempt timed', async () => {
    const db = database();
    const lost = await enqueueOrder(order(), db, T0);
    const failing: SendOrder = () => Promise.reject(new NetworkError());
    await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, { db, send: failing, now: () => T0 + 1_000, locks: null });
    expect(await listSentOrders(ALICE, db)).toEqual([]);
    const [waiting] = await listOutbox(ALICE, db);
    expect(waiting).toMatchObject({ clientOrderId: lost.clientOrderId, state: 'waiting', lastAttemptAt: T0 + 1_000, sendingSince: null, maybeDelivered: true });
    const refusing: SendOrder = () => Promise.reject(new ApiError(400, 'invalid_data', 'Give a delivery address.'));
    await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, { db, send: refusing, now: () => T0 + 2_000, locks: null });
    expect(deviceOrderState((await listOutbox(ALICE, db))[0] as OutboxItem, T0 + 2_000)).toEqual({
      kind: 'needs-attention',
      reason: 'Give a delivery address.',
    });
    expect(await listSentOrders(ALICE, db)).toEqual([]);
  });

  it(`keeps the newest ${SENT_KEEP_COUNT} per account and none older than 30 days`, async () => {
    const db = database();
    const sent = (owner: string, sentAt: number): SentOrder => ({
      ...item({ clientOrderId: randomUUID(), ownerEmail: owner }),
      sentAt,
      orderId: randomUUID(),
      orderNumber: null,
      status: null,
    });
    const old = sent(ALICE, T0);
    await keepSentOrder(old, db);
    await keepSentOrder(sent(BOB, T0), db);
    // Thirty days and a minute later, the oldest of Alice's goes; Bob's is his own account's to age.
    for (let i = 1; i <= SENT_KEEP_COUNT + 2; i += 1) await keepSentOrder(sent(ALICE, T0 + SENT_KEEP_MS + i * 60_000), db);
    const alice = await listSentOrders(ALICE, db);
    expect(alice).toHaveLength(SENT_KEEP_COUNT);
    expect(alice.map((row) => row.clientOrderId)).not.toContain(old.clientOrderId);
    // Newest first, the two oldest of the new ones gone past the count.
    expect(alice[0]?.sentAt).toBe(T0 + SENT_KEEP_MS + (SENT_KEEP_COUNT + 2) * 60_000);
    expect(alice.at(-1)?.sentAt).toBe(T0 + SENT_KEEP_MS + 3 * 60_000);
    expect(await listSentOrders(BOB, db)).toHaveLength(1);
  });
});

describe('Retry', () => {
  it('makes a waiting order due at once, and sends a refused one again unchanged with its problems cleared', async () => {
    const db = database();
    const waiting = await enqueueOrder(order(), db, T0);
    await db.outbox.update(waiting.clientOrderId, { nextAttemptAt: T0 + 300_000, attempts: 4 });
    expect(await retryOutboxItem(ALICE, waiting.clientOrderId, db, T0 + 1_000)).toBe(true);
    expect(await db.outbox.get(waiting.clientOrderId)).toMatchObject({ state: 'waiting', nextAttemptAt: T0 + 1_000, attempts: 4 });

    const refused = await enqueueOrder(order(), db, T0);
    const lines = refused.lines.map((line) => ({ ...line, problem: { code: 'insufficient_stock', message: 'Only 1 pcs. are in stock.' } }));
    await db.outbox.update(refused.clientOrderId, { state: 'needs-attention', lines, lastError: { status: 409, code: 'insufficient_stock', message: 'x' } });
    expect(await retryOutboxItem(ALICE, refused.clientOrderId, db, T0 + 2_000)).toBe(true);
    const again = await db.outbox.get(refused.clientOrderId);
    expect(again).toMatchObject({ state: 'waiting', attempts: 0, lastError: null, nextAttemptAt: T0 + 2_000, totalPrice: refused.totalPrice });
    expect(again?.lines.map((line) => [line.productId, line.quantity, line.problem])).toEqual([
      ['p1', 5, null],
      ['p2', 2, null],
    ]);
  });

  it("leaves an order being sent to its sender, and another account's order alone", async () => {
    const db = database();
    const sending = await enqueueOrder(order(), db, T0);
    await db.outbox.update(sending.clientOrderId, { sendingSince: T0 });
    expect(await retryOutboxItem(ALICE, sending.clientOrderId, db, T0 + 1_000)).toBe(false);
    // Once the sender is gone (its lease ran out), Retry is the dealer's again.
    expect(await retryOutboxItem(ALICE, sending.clientOrderId, db, T0 + LEASE_MS)).toBe(true);
    const bobs = await enqueueOrder(order(BOB), db, T0);
    expect(await retryOutboxItem(ALICE, bobs.clientOrderId, db, T0)).toBe(false);
    expect(await db.outbox.get(bobs.clientOrderId)).toMatchObject({ updatedAt: T0 });
  });
});

describe('the catalogue copy', () => {
  const tool = (id: string) =>
    productRow({ _id: id, name: `Tool ${id}`, description: 'A tool.', imageUrl: '/uploads/t.webp', price: 10, availableQnt: 5, minOrderQnt: 1 }, T0, 0);

  it('says nothing is saved on a new device', async () => {
    expect(await readCatalogueCopy(database())).toEqual({ tools: 0, filling: null, savedAt: null });
  });

  it('says how far a first copy is while it fills, and when it was last synced once complete', async () => {
    const db = database();
    await db.products.bulkPut([tool('a'), tool('b')]);
    await db.meta.put({ key: CATALOGUE_FILL_KEY, value: { version: 9, cursor: 9, next: 2, saved: 2, total: 5_000, savedAt: T0 } });
    expect(await readCatalogueCopy(db)).toEqual({ tools: 2, filling: { saved: 2, total: 5_000 }, savedAt: T0 });
    await db.meta.delete(CATALOGUE_FILL_KEY);
    await db.meta.put({ key: CATALOGUE_SYNC_KEY, value: { version: 12, cursor: 12, syncedAt: T0 + 90_000 } });
    expect(await readCatalogueCopy(db)).toEqual({ tools: 2, filling: null, savedAt: T0 + 90_000 });
  });
});
