// An order queued offline for a company carries the dealer's purchase-order number and the payment chosen,
// and sends them once with the order (docs/decisions/044-orders-on-account.md); an order saved before
// either existed is sent as it always was, and the dealer's edit of a refused order can give the PO number.

import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderBody } from '../../src/contract/order';
import { openDatabase, type ForgelineDatabase, type OutboxItem } from '../../src/offline/store/database';
import { enqueueOrder, editOutboxItem, listOutbox } from '../../src/offline/outbox/queue';
import { flushOutbox, type SendOrder } from '../../src/offline/outbox/flush';
import { orderBody } from '../../src/offline/outbox/post-order';

const ALICE = 'alice@example.com';
const line = { productId: randomUUID(), productName: 'Hammer Drill HD-18', imageUrl: '/uploads/a.webp', quantity: 10, unitPrice: 120 };
const order = { ownerEmail: ALICE, userAddress: '12 Forge Street, Springfield', userPhone: '+1 555 0100', lines: [line] };

const opened: ForgelineDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function freshDb(): ForgelineDatabase {
  const db = openDatabase(`outbox-account-${randomUUID()}`);
  opened.push(db);
  return db;
}

function recordingSend(status: 'Confirmed' | 'On hold' | 'Unpaid' = 'Confirmed', depositMinor?: number) {
  const bodies: OrderBody[] = [];
  const send: SendOrder = async (body) => {
    bodies.push(body);
    return { insertedId: randomUUID(), number: 'O-2026-00007', status, ...(depositMinor ? { depositMinor } : {}) };
  };
  return { bodies, send };
}

const deps = (db: ForgelineDatabase, send: SendOrder) => ({ db, send, now: () => 10, random: () => 0.5, locks: null });

describe('an order on account queued offline', () => {
  it('sends its PO number and payment once, and reports how the server placed it', async () => {
    const db = freshDb();
    const item = await enqueueOrder({ ...order, clientOrderId: randomUUID(), poNumber: 'PO-2026/0042', payment: 'account' }, db, 1);
    const { bodies, send } = recordingSend('On hold');

    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, send));
    await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, deps(db, send));

    expect(bodies).toEqual([
      {
        lines: [{ productId: line.productId, quantity: 10, unitPrice: 120 }],
        userAddress: order.userAddress,
        userPhone: order.userPhone,
        clientOrderId: item.clientOrderId,
        poNumber: 'PO-2026/0042',
        payment: 'account',
        totalPrice: 1200,
      },
    ]);
    expect(report.sent).toEqual([
      expect.objectContaining({ clientOrderId: item.clientOrderId, status: 'On hold', orderNumber: 'O-2026-00007', depositDue: false }),
    ]);
    expect(await listOutbox(ALICE, db)).toEqual([]);
  });

  it('reports a confirmed order whose deposit is due, so the dealer is told to pay it', async () => {
    const db = freshDb();
    const item = await enqueueOrder({ ...order, clientOrderId: randomUUID(), payment: 'account' }, db, 1);
    const { send } = recordingSend('Confirmed', 36_000);
    const report = await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, send));
    expect(report.sent).toEqual([expect.objectContaining({ clientOrderId: item.clientOrderId, status: 'Confirmed', depositDue: true })]);
  });

  it('sends an order saved before PO numbers and payment choices without them', async () => {
    const db = freshDb();
    const clientOrderId = randomUUID();
    // As the outbox stored items before accounts: neither field is there at all.
    const saved: Omit<OutboxItem, 'poNumber' | 'payment'> = {
      clientOrderId,
      ownerEmail: ALICE,
      lines: [{ ...line, problem: null, serverProduct: null }],
      userAddress: order.userAddress,
      userPhone: order.userPhone,
      locationId: null,
      companyId: null,
      totalPrice: 1200,
      createdAt: 1,
      updatedAt: 1,
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: 1,
      sendingSince: null,
      maybeDelivered: false,
      lastError: null,
    };
    await db.outbox.put(saved);
    const { bodies, send } = recordingSend('Unpaid');

    await flushOutbox({ email: ALICE, token: 'token-alice' }, {}, deps(db, send));

    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('poNumber');
    expect(bodies[0]).not.toHaveProperty('payment');
    expect(bodies[0]).toMatchObject({ clientOrderId, totalPrice: 1200 });
  });

  it('leaves out a PO number and a payment that were not given, as the server then decides', () => {
    const body = orderBody({ ...order, clientOrderId: randomUUID(), poNumber: null, payment: null });
    expect(body).not.toHaveProperty('poNumber');
    expect(body).not.toHaveProperty('payment');
  });

  it('takes the PO number the dealer types in Edit, keeps it when Edit leaves it out, and keeps the payment', async () => {
    const db = freshDb();
    const item = await enqueueOrder({ ...order, clientOrderId: randomUUID(), payment: 'account' }, db, 1);
    await db.outbox.put({
      ...item,
      state: 'needs-attention',
      lastError: { status: 400, code: 'invalid_data', message: 'Your company asks for a purchase-order number on every order. Enter yours.' },
    });
    const edit = { lines: [{ productId: line.productId, quantity: 10, unitPrice: 120 }], userAddress: order.userAddress, userPhone: order.userPhone };

    const given = await editOutboxItem(ALICE, item.clientOrderId, { ...edit, poNumber: '  PO-77  ' }, db, 5);
    expect(given).toMatchObject({ state: 'waiting', poNumber: 'PO-77', payment: 'account' });

    const kept = await editOutboxItem(ALICE, item.clientOrderId, edit, db, 6);
    expect(kept.poNumber).toBe('PO-77');

    const cleared = await editOutboxItem(ALICE, item.clientOrderId, { ...edit, poNumber: '' }, db, 7);
    expect(cleared.poNumber).toBeNull();
  });
});
