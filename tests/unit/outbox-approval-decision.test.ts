// An approver's decision taken offline (docs/decisions/055-buyer-approvals-and-spending-limits.md) waits in the
// outbox and is sent once to POST /api/orders/{id}/approval under its decisionId (the item's clientOrderId); a
// decision another approver made first is the server's last word (Needs attention), never retried.

import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { openDatabase, type ApprovalToSend, type ForgelineDatabase } from '../../src/offline/store/database';
import { enqueueOrder, listOutbox, listSentOrders } from '../../src/offline/outbox/queue';
import { flushOutbox, type SendDecision, type SendOrder } from '../../src/offline/outbox/flush';
import { approvalOf, isOrderItem } from '../../src/offline/outbox/queued-order';

const APPROVER = 'approver@example.com';
const line = { productId: randomUUID(), productName: 'Demolition Hammer DH30', imageUrl: '/uploads/d.webp', quantity: 4, unitPrice: 900 };
const decline: ApprovalToSend = { orderId: randomUUID(), orderNumber: 'O-2026-00031', decision: 'decline', reason: 'Over budget this month.' };

const opened: ForgelineDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function freshDb(): ForgelineDatabase {
  const db = openDatabase(`outbox-approval-${randomUUID()}`);
  opened.push(db);
  return db;
}

const noOrders: SendOrder = async () => {
  throw new Error('no order is sent here');
};
const deps = (db: ForgelineDatabase, sendDecision: SendDecision) => ({
  db,
  send: noOrders,
  sendQuote: async () => ({ id: '', number: '' }),
  sendDecision,
  now: () => 10,
  random: () => 0.5,
  locks: null,
});

describe('an approver’s decision saved offline', () => {
  it('is sent once under its decision id, and kept with the order’s number; it is not an order', async () => {
    const db = freshDb();
    const decisionId = randomUUID();
    const item = await enqueueOrder(
      { clientOrderId: decisionId, ownerEmail: APPROVER, userAddress: '', userPhone: '', lines: [line], approval: decline },
      db,
      1,
    );
    expect(isOrderItem(item)).toBe(false);
    const sent: [ApprovalToSend, string][] = [];
    const sendDecision: SendDecision = async (approval, id) => {
      sent.push([approval, id]);
      return { _id: approval.orderId, number: 'O-2026-00031', status: 'Declined' };
    };

    const report = await flushOutbox({ email: APPROVER, token: 'token' }, {}, deps(db, sendDecision));
    await flushOutbox({ email: APPROVER, token: 'token' }, { force: true }, deps(db, sendDecision));

    expect(sent).toEqual([[decline, decisionId]]);
    expect(report.sent).toEqual([
      expect.objectContaining({ clientOrderId: decisionId, orderId: decline.orderId, orderNumber: 'O-2026-00031', approval: decline, quote: false }),
    ]);
    expect(await listOutbox(APPROVER, db)).toEqual([]);
    const kept = await listSentOrders(APPROVER, db);
    expect(kept.map((entry) => approvalOf(entry))).toEqual([decline]);
  });

  it('needs attention, in the server’s words, when another approver decided first', async () => {
    const db = freshDb();
    await enqueueOrder({ clientOrderId: randomUUID(), ownerEmail: APPROVER, userAddress: '', userPhone: '', lines: [line], approval: decline }, db, 1);
    let calls = 0;
    const decidedFirst: SendDecision = async () => {
      calls += 1;
      throw new ApiError(409, 'conflict', 'Pat Approver approved this order already.');
    };
    const report = await flushOutbox({ email: APPROVER, token: 'token' }, {}, deps(db, decidedFirst));
    await flushOutbox({ email: APPROVER, token: 'token' }, { force: true }, deps(db, decidedFirst));
    expect(report.needsAttention).toEqual([expect.objectContaining({ message: 'Pat Approver approved this order already.' })]);
    expect(calls).toBe(1);
    expect((await listOutbox(APPROVER, db))[0]?.state).toBe('needs-attention');
  });
});
