// A queued order the server refuses for a reason of its own (409 unpaid_limit, or a code this app does not
// know yet) shows the server's message on My Orders, as written, and is not resent by itself.

import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';
import { enqueueOrder, listOutbox } from '../../src/offline/outbox/queue';
import { flushOutbox, type SendOrder } from '../../src/offline/outbox/flush';

const ALICE = 'alice@example.com';
const opened: ForgelineDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function refusedWith(error: ApiError) {
  const db = openDatabase(`outbox-messages-${randomUUID()}`);
  opened.push(db);
  let calls = 0;
  const send: SendOrder = async () => {
    calls += 1;
    throw error;
  };
  await enqueueOrder(
    {
      clientOrderId: randomUUID(),
      ownerEmail: ALICE,
      userAddress: '12 Forge Street, Springfield',
      userPhone: '+1 555 0100',
      lines: [{ productId: randomUUID(), productName: 'Hammer Drill HD-18', imageUrl: '/uploads/a.webp', quantity: 600, unitPrice: 120 }],
    },
    db,
  );
  const report = await flushOutbox(
    { email: ALICE, token: 'token-alice' },
    { force: true },
    { db, send, now: () => Date.now(), random: () => 0.5, locks: null },
  );
  await flushOutbox({ email: ALICE, token: 'token-alice' }, { force: true }, { db, send, now: () => Date.now(), random: () => 0.5, locks: null });
  const [item] = await listOutbox(ALICE, db);
  return { report, item, calls };
}

describe("the server's own 409 reasons on a queued order", () => {
  it("unpaid_limit: Needs attention with the server's message", async () => {
    const message = 'You have 4,800 pcs. waiting for payment; one account may hold 5,000 pcs. unpaid. Pay or delete an unpaid order first.';
    const { report, item, calls } = await refusedWith(new ApiError(409, 'unpaid_limit', message));
    expect(item).toMatchObject({ state: 'needs-attention', lastError: { status: 409, code: 'unpaid_limit', message } });
    expect(report.needsAttention).toEqual([expect.objectContaining({ message })]);
    expect(calls).toBe(1);
  });

  it('a code the app does not know: its message all the same', async () => {
    const message = 'The shop is closed for stocktaking until Monday.';
    const { item } = await refusedWith(new ApiError(409, 'something_new', message));
    expect(item).toMatchObject({ state: 'needs-attention', lastError: { code: 'something_new', message } });
  });
});
