// A queued order to one of the company's locations carries the location's id to the server, under its one
// clientOrderId however often it is sent; a company that may not order (403) leaves it in Needs attention
// with the shop's words, never resent by itself; an edit to another address makes it a one-off delivery.

import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import { companyMessages } from '../../src/contract/dealer-company';
import type { OrderBody } from '../../src/contract/order';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';
import { editOutboxItem, enqueueOrder, listOutbox } from '../../src/offline/outbox/queue';
import { flushOutbox, type SendOrder } from '../../src/offline/outbox/flush';

const ALICE = 'alice@example.com';
const LOCATION = randomUUID();
const opened: ForgelineDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function queued(locationId: string | null = LOCATION) {
  const db = openDatabase(`outbox-location-${randomUUID()}`);
  opened.push(db);
  const item = await enqueueOrder(
    {
      clientOrderId: randomUUID(),
      ownerEmail: ALICE,
      userAddress: '3 Mill Lane, Bradford BD1 1AA',
      userPhone: '+44 1274 496 000',
      locationId,
      lines: [{ productId: randomUUID(), productName: 'Impact Driver ID-18', imageUrl: '/uploads/a.webp', quantity: 5, unitPrice: 90 }],
    },
    db,
  );
  return { db, item };
}

const flush = (db: ForgelineDatabase, send: SendOrder) =>
  flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, { db, send, now: () => Date.now(), random: () => 0.5, locks: null });

describe('a queued order to a location', () => {
  it('is sent with its location, once, under the same clientOrderId after a lost answer', async () => {
    const { db, item } = await queued();
    const bodies: OrderBody[] = [];
    let fail = true;
    const send: SendOrder = async (body) => {
      bodies.push(body);
      if (fail) {
        fail = false;
        throw new NetworkError();
      }
      return { insertedId: 'order-1', number: 'O-2026-00001' };
    };
    await flush(db, send);
    const report = await flush(db, send);
    await flush(db, send);
    expect(report.sent).toEqual([expect.objectContaining({ orderId: 'order-1' })]);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(body).toMatchObject({ clientOrderId: item.clientOrderId, locationId: LOCATION });
    expect(await listOutbox(ALICE, db)).toEqual([]);
  });

  it('leaves out the location for a one-off address', async () => {
    const { db } = await queued(null);
    const bodies: OrderBody[] = [];
    await flush(db, async (body) => {
      bodies.push(body);
      return { insertedId: 'order-2' };
    });
    expect(bodies[0]).not.toHaveProperty('locationId');
  });

  it('turns Needs attention with the shop’s words when the company may not order, and is not resent', async () => {
    const { db } = await queued();
    let calls = 0;
    const send: SendOrder = async () => {
      calls += 1;
      throw new ApiError(403, 'forbidden', companyMessages.suspended);
    };
    const report = await flush(db, send);
    await flush(db, send);
    const [item] = await listOutbox(ALICE, db);
    expect(item).toMatchObject({ state: 'needs-attention', lastError: { status: 403, code: 'forbidden', message: companyMessages.suspended } });
    expect(report.needsAttention).toEqual([expect.objectContaining({ message: companyMessages.suspended })]);
    expect(report.signInRequired).toBe(false);
    expect(calls).toBe(1);
  });

  it('keeps its location through an edit of the quantities, and drops it when another address is typed', async () => {
    const { db, item } = await queued();
    const lines = item.lines.map((line) => ({ productId: line.productId, quantity: 10, unitPrice: line.unitPrice }));
    const same = await editOutboxItem(ALICE, item.clientOrderId, { lines, userAddress: item.userAddress, userPhone: item.userPhone }, db);
    expect(same.locationId).toBe(LOCATION);
    const moved = await editOutboxItem(ALICE, item.clientOrderId, { lines, userAddress: '1 One-off Street, York', userPhone: item.userPhone }, db);
    expect(moved.locationId).toBeNull();
  });
});
