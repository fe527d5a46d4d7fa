// Orders saved on a device before an order was its lines (database version 3: a one-tool order kept its
// tool on the item, a pad's order its lines plus the first line's copies) are kept through the update:
// each reads as an order of lines, keeps its clientOrderId and state, and is sent once as lines.

import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderBody } from '../../src/contract/order';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';
import { editOutboxItem, listOutbox } from '../../src/offline/outbox/queue';
import { flushOutbox, type SendOrder } from '../../src/offline/outbox/flush';

const ALICE = 'alice@example.com';
const drill = {
  _id: randomUUID(),
  name: 'Hammer Drill HD-18',
  description: 'A drill.',
  imageUrl: '/uploads/a.webp',
  price: 120,
  availableQnt: 8,
  minOrderQnt: 5,
};

/** The stores of version 3, as the app declared them then. */
function openVersion3(name: string): Dexie {
  const db = new Dexie(name);
  db.version(1).stores({ products: '_id', reviews: '_id', outbox: 'clientOrderId, ownerEmail, [ownerEmail+createdAt]', meta: 'key' });
  db.version(2).stores({ orderPad: '[ownerEmail+productId], [ownerEmail+addedAt]' });
  db.version(3).stores({ products: '_id, position, category, [category+position], *words, *nameWords' });
  return db;
}

const bookkeeping = { attempts: 0, nextAttemptAt: 1, sendingSince: null, maybeDelivered: false, updatedAt: 1 };

const oneTool = {
  clientOrderId: randomUUID(),
  ownerEmail: ALICE,
  productId: drill._id,
  productName: drill.name,
  imageUrl: drill.imageUrl,
  orderQuantity: 10,
  userAddress: '12 Forge Street, Springfield',
  userPhone: '+1 555 0100',
  unitPrice: 120,
  totalPrice: 1200,
  createdAt: 1,
  state: 'waiting',
  lastError: null,
  serverProduct: null,
  ...bookkeeping,
};

const refused = {
  ...oneTool,
  clientOrderId: randomUUID(),
  createdAt: 2,
  state: 'needs-attention',
  lastError: { status: 409, code: 'out_of_stock', message: 'Only 8 pcs. are in stock.' },
  serverProduct: drill,
};

const padOrder = {
  clientOrderId: randomUUID(),
  ownerEmail: ALICE,
  productId: drill._id,
  productName: `${drill.name} and 1 more`,
  imageUrl: drill.imageUrl,
  orderQuantity: 12,
  userAddress: '12 Forge Street, Springfield',
  userPhone: '+1 555 0100',
  unitPrice: 120,
  totalPrice: 1800,
  createdAt: 3,
  state: 'waiting',
  lastError: null,
  serverProduct: null,
  lines: [
    { productId: drill._id, productName: drill.name, imageUrl: drill.imageUrl, quantity: 10, unitPrice: 120, problem: null, serverProduct: null },
    { productId: 'saw', productName: 'Chop Saw', imageUrl: '/uploads/b.webp', quantity: 2, unitPrice: 300, problem: null, serverProduct: null },
  ],
  ...bookkeeping,
};

const opened: ForgelineDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function upgradedFrom3(items: object[]): Promise<ForgelineDatabase> {
  const name = `outbox-migration-${randomUUID()}`;
  const old = openVersion3(name);
  await old.table('outbox').bulkPut(items);
  old.close();
  const db = openDatabase(name);
  opened.push(db);
  return db;
}

describe('an outbox saved before orders were their lines', () => {
  it('keeps every order, each as its lines, with its id, state and reason', async () => {
    const db = await upgradedFrom3([oneTool, refused, padOrder]);
    const items = await listOutbox(ALICE, db);

    expect(items.map((item) => item.clientOrderId)).toEqual([oneTool.clientOrderId, refused.clientOrderId, padOrder.clientOrderId]);
    expect(items[0]).toEqual({
      clientOrderId: oneTool.clientOrderId,
      ownerEmail: ALICE,
      lines: [{ productId: drill._id, productName: drill.name, imageUrl: drill.imageUrl, quantity: 10, unitPrice: 120, problem: null, serverProduct: null }],
      userAddress: oneTool.userAddress,
      userPhone: oneTool.userPhone,
      totalPrice: 1200,
      createdAt: 1,
      state: 'waiting',
      lastError: null,
      ...bookkeeping,
    });
    // The server's refusal of the one tool stays on its line, with the tool as the server sent it.
    expect(items[1]).toMatchObject({
      state: 'needs-attention',
      lastError: refused.lastError,
      lines: [{ quantity: 10, problem: { code: 'out_of_stock', message: 'Only 8 pcs. are in stock.' }, serverProduct: drill }],
    });
    expect(items[2]?.lines).toEqual(padOrder.lines);
    for (const item of items) {
      for (const key of ['productId', 'productName', 'imageUrl', 'orderQuantity', 'unitPrice', 'serverProduct']) expect(item).not.toHaveProperty(key);
    }
  });

  it('sends a one-tool order saved then as its one line, once, under its clientOrderId', async () => {
    const db = await upgradedFrom3([oneTool]);
    const bodies: OrderBody[] = [];
    const send: SendOrder = async (body) => {
      bodies.push(body);
      return { insertedId: randomUUID() };
    };
    const report = await flushOutbox({ email: ALICE, token: null }, {}, { db, send, now: () => 10, random: () => 0.5, locks: null });
    expect(report.signInRequired).toBe(true);

    const sent = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, { db, send, now: () => 10, random: () => 0.5, locks: null });
    expect(sent.sent).toEqual([expect.objectContaining({ clientOrderId: oneTool.clientOrderId, orderName: drill.name })]);
    expect(bodies).toEqual([
      {
        lines: [{ productId: drill._id, quantity: 10, unitPrice: 120 }],
        userAddress: oneTool.userAddress,
        userPhone: oneTool.userPhone,
        clientOrderId: oneTool.clientOrderId,
        totalPrice: 1200,
      },
    ]);
    expect(await listOutbox(ALICE, db)).toEqual([]);
  });

  it('lets the dealer edit a refused one-tool order saved then, as any order', async () => {
    const db = await upgradedFrom3([refused]);
    const edited = await editOutboxItem(
      ALICE,
      refused.clientOrderId,
      { lines: [{ productId: drill._id, quantity: 8, unitPrice: 120 }], userAddress: refused.userAddress, userPhone: refused.userPhone },
      db,
      10,
    );
    expect(edited).toMatchObject({ state: 'waiting', totalPrice: 960, lastError: null, lines: [{ quantity: 8, problem: null }] });
  });
});
