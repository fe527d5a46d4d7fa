// Placing the order pad (docs/architecture.md, "Offline"), written so that a tab closed or killed at any
// moment never makes two orders of one pad: the pad's order goes into the outbox and its lines leave the
// pad in one transaction, and a press sent to the server keeps its clientOrderId until the pad is emptied,
// so pressing again after an answer the pad never acted on is the same order, which the server dedupes.

import { getDatabase, type ForgelineDatabase, type OutboxItem, type PadLine } from '../store/database';
import { clearPad } from '../store/order-pad';
import { ownerKey } from '../store/owner';
import { enqueueOrder } from './queue';
import type { QueuedOrder } from './queued-order';

/** The last press sent to the server from this user's pad whose lines are still on it, kept in `meta`. */
interface SentPlacement {
  clientOrderId: string;
  lines: string;
}

export interface PadPlacementId {
  clientOrderId: string;
  /** An earlier press of the same lines was sent with this id: that order may already exist. */
  sentBefore: boolean;
}

const placementKey = (email: string) => `orderPadPlacement:${ownerKey(email)}`;

/**
 * The pad's lines as pressed. `addedAt` tells a line left on the pad from one removed and put on again:
 * a pad rebuilt the same way later is a new order, not a repeat of the first.
 */
function linesKey(lines: readonly Pick<PadLine, 'productId' | 'quantity' | 'addedAt'>[]): string {
  return lines
    .map((line) => `${line.productId}@${line.addedAt}x${line.quantity}`)
    .sort()
    .join(',');
}

/**
 * The clientOrderId to place these lines with: the one an earlier press of the same lines was sent with
 * (the tab died before the pad was emptied, or the answer never came), else a new one. `sending`: this
 * press goes to the server now, so it is kept for a repeat to find.
 */
export function padPlacementId(
  email: string,
  lines: readonly Pick<PadLine, 'productId' | 'quantity' | 'addedAt'>[],
  sending: boolean,
  db: ForgelineDatabase = getDatabase(),
): Promise<PadPlacementId> {
  const key = placementKey(email);
  const pressed = linesKey(lines);
  return db.transaction('rw', db.meta, async () => {
    const sent = (await db.meta.get(key))?.value as SentPlacement | undefined;
    if (sent?.lines === pressed) return { clientOrderId: sent.clientOrderId, sentBefore: true };
    const clientOrderId = crypto.randomUUID();
    if (sending) await db.meta.put({ key, value: { clientOrderId, lines: pressed } satisfies SentPlacement });
    return { clientOrderId, sentBefore: false };
  });
}

async function forgetPlacement(email: string, clientOrderId: string, db: ForgelineDatabase): Promise<void> {
  const key = placementKey(email);
  const sent = (await db.meta.get(key))?.value as SentPlacement | undefined;
  if (sent?.clientOrderId === clientOrderId) await db.meta.delete(key);
}

/** The server took the order: its lines leave the pad, and with them the id a repeat would have used. */
export function finishPadPlacement(email: string, clientOrderId: string, productIds: readonly string[], db: ForgelineDatabase = getDatabase()): Promise<void> {
  return db.transaction('rw', [db.orderPad, db.meta], async () => {
    await clearPad(email, productIds, db);
    await forgetPlacement(email, clientOrderId, db);
  });
}

/**
 * Puts the pad's order in the outbox (one item carrying its lines) and takes those lines off the pad, in
 * one transaction: a tab closed between two writes would leave the lines on the pad and the order in the
 * outbox, and placing the pad again would send the same tools twice under two ids.
 */
export function movePadToOutbox(order: QueuedOrder, db: ForgelineDatabase = getDatabase(), now = Date.now()): Promise<OutboxItem> {
  return db.transaction('rw', [db.outbox, db.orderPad, db.meta], async () => {
    const item = await enqueueOrder(order, db, now);
    await clearPad(
      order.ownerEmail,
      order.lines.map((line) => line.productId),
      db,
    );
    await forgetPlacement(order.ownerEmail, order.clientOrderId, db);
    return item;
  });
}
