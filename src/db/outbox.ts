// The order outbox (docs/architecture.md, "Offline"): orders placed without a connection wait here, per user,
// until outbox-sync.ts sends them. Nothing leaves this table except by a 2xx from the server or the user's Discard.

import { orderTotal } from '../contract/pricing';
import { getDatabase, type OutboxItem, type OutboxLine } from './database';

/** A tool of an order as the dealer placed it: which, how many, and the unit price they saw. */
export type QueuedLine = Pick<OutboxLine, 'productId' | 'productName' | 'imageUrl' | 'quantity' | 'unitPrice'>;

/** An order as it is queued; the outbox adds its own bookkeeping (state, attempts, times). */
export interface QueuedOrder {
  clientOrderId: string;
  ownerEmail: string;
  userAddress: string;
  userPhone: string;
  lines: readonly QueuedLine[];
  /** A request with this clientOrderId may already have reached the server. */
  maybeDelivered?: boolean;
}

/** The dealer's changes to a queued order: its remaining lines (a line left out is removed), address and phone. */
export interface OutboxEdit {
  /** Each line's quantity and the unit price the dealer now accepts (the current one, after a price change). */
  lines: { productId: string; quantity: number; unitPrice: number }[];
  userAddress: string;
  userPhone: string;
}

export class OutboxEditRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxEditRefused';
  }
}

export const ownerKey = (email: string): string => email.trim().toLowerCase();

const totalOf = (lines: readonly QueuedLine[]): number => lines.reduce((sum, line) => sum + orderTotal(line.quantity, line.unitPrice), 0);

export async function enqueueOrder(order: QueuedOrder, db = getDatabase(), now = Date.now()): Promise<OutboxItem> {
  if (order.lines.length === 0) throw new RangeError('An order needs at least one tool.');
  const item: OutboxItem = {
    clientOrderId: order.clientOrderId,
    ownerEmail: ownerKey(order.ownerEmail),
    lines: order.lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      imageUrl: line.imageUrl,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      problem: null,
      serverProduct: null,
    })),
    userAddress: order.userAddress,
    userPhone: order.userPhone,
    totalPrice: totalOf(order.lines),
    createdAt: now,
    updatedAt: now,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
    sendingSince: null,
    maybeDelivered: order.maybeDelivered ?? false,
    lastError: null,
  };
  // put, not add: queuing the same clientOrderId twice (a double tap) keeps one item.
  await db.outbox.put(item);
  return item;
}

/** How an order is named in lists and messages, as My Orders names it: its first tool and how many more. */
export function queuedOrderName(lines: readonly Pick<OutboxLine, 'productName'>[]): string {
  const [first] = lines;
  const more = lines.length - 1;
  return more > 0 ? `${first?.productName ?? ''} and ${more} more` : (first?.productName ?? '');
}

/** How many pieces an order holds, over all its lines. */
export const queuedPieces = (lines: readonly Pick<OutboxLine, 'quantity'>[]): number => lines.reduce((sum, line) => sum + line.quantity, 0);

/** The user's queued orders, oldest first. */
export function listOutbox(email: string, db = getDatabase()): Promise<OutboxItem[]> {
  const owner = ownerKey(email);
  return db.outbox.where('[ownerEmail+createdAt]').between([owner, -Infinity], [owner, Infinity]).toArray();
}

/**
 * How many orders of other accounts wait on this device. The signed-in user learns that much and nothing
 * else: they are sent when their own account signs in here again (docs/decisions/029-a-shared-counter-tablet.md).
 */
export function countOthersQueued(email: string, db = getDatabase()): Promise<number> {
  return db.outbox.where('ownerEmail').notEqual(ownerKey(email)).count();
}

async function ownItem(email: string, clientOrderId: string, db: ReturnType<typeof getDatabase>): Promise<OutboxItem | undefined> {
  const item = await db.outbox.get(clientOrderId);
  return item && item.ownerEmail === ownerKey(email) ? item : undefined;
}

/** The user's Discard: the one way an unsent order leaves the outbox without the server's 2xx. */
export async function discardOutboxItem(email: string, clientOrderId: string, db = getDatabase()): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    if (!(await ownItem(email, clientOrderId, db))) return false;
    await db.outbox.delete(clientOrderId);
    return true;
  });
}

/** Whether Edit is allowed now, and if not, why. */
export function editBlocker(item: OutboxItem, now = Date.now(), sendWindowMs = 30_000): string | null {
  if (item.sendingSince !== null && now - item.sendingSince < sendWindowMs) return 'It is being sent right now.';
  // A request may have reached the server: a changed resend would be answered with the first order.
  if (item.maybeDelivered && item.state === 'waiting') return 'It may already have reached the server; wait for its answer.';
  return null;
}

/**
 * Applies the dealer's changes to a queued order (quantities, prices they now accept, lines removed,
 * address, phone) and queues it again with the same clientOrderId: the server refused it, or never
 * answered while Edit was allowed, so it made no order under that id (docs/architecture.md, "Offline").
 */
export async function editOutboxItem(email: string, clientOrderId: string, edit: OutboxEdit, db = getDatabase(), now = Date.now()): Promise<OutboxItem> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await ownItem(email, clientOrderId, db);
    if (!item) throw new OutboxEditRefused('This order is no longer waiting.');
    const blocker = editBlocker(item, now);
    if (blocker) throw new OutboxEditRefused(blocker);
    const byId = new Map(item.lines.map((line) => [line.productId, line]));
    const lines = edit.lines.flatMap((change): OutboxLine[] => {
      const line = byId.get(change.productId);
      // Only the order's own tools: an edit removes or changes lines, it never adds one.
      return line ? [{ ...line, quantity: change.quantity, unitPrice: change.unitPrice, problem: null }] : [];
    });
    if (lines.length === 0) throw new OutboxEditRefused('An order needs at least one tool: discard it instead.');
    const next: OutboxItem = {
      ...item,
      lines,
      totalPrice: totalOf(lines),
      userAddress: edit.userAddress,
      userPhone: edit.userPhone,
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      updatedAt: now,
    };
    await db.outbox.put(next);
    return next;
  });
}
