// The order outbox (docs/architecture.md, "Offline"): orders placed without a connection wait here, per user,
// until outbox-sync.ts sends them. Nothing leaves this table except by a 2xx from the server or the user's Discard.

import type { CreateBulkOrderBody, CreateOrderBody } from '../contract/order';
import { orderTotal } from '../contract/pricing';
import { getDatabase, type OutboxItem, type OutboxLine } from './database';

/** An order as it is queued; the outbox adds its own bookkeeping (state, attempts, times). */
export type QueuedOrderInput = Pick<
  OutboxItem,
  'clientOrderId' | 'ownerEmail' | 'productId' | 'productName' | 'imageUrl' | 'orderQuantity' | 'userAddress' | 'userPhone' | 'unitPrice' | 'totalPrice'
> &
  Partial<Pick<OutboxItem, 'maybeDelivered' | 'lines'>>;

/** A tool of a bulk order as the dealer placed it. */
export type QueuedLineInput = Pick<OutboxLine, 'productId' | 'productName' | 'imageUrl' | 'quantity' | 'unitPrice'>;

export interface OutboxEdit {
  orderQuantity: number;
  userAddress: string;
  userPhone: string;
  /** The unit price the customer now accepts (the current one, after a price change). */
  unitPrice: number;
}

/** The changes of a queued bulk order: its remaining lines (a line left out is removed), address and phone. */
export interface OutboxBulkEdit {
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

export async function enqueueOrder(input: QueuedOrderInput, db = getDatabase(), now = Date.now()): Promise<OutboxItem> {
  const item: OutboxItem = {
    clientOrderId: input.clientOrderId,
    ownerEmail: ownerKey(input.ownerEmail),
    productId: input.productId,
    productName: input.productName,
    imageUrl: input.imageUrl,
    orderQuantity: input.orderQuantity,
    userAddress: input.userAddress,
    userPhone: input.userPhone,
    unitPrice: input.unitPrice,
    totalPrice: input.totalPrice,
    createdAt: now,
    updatedAt: now,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
    sendingSince: null,
    maybeDelivered: input.maybeDelivered ?? false,
    lastError: null,
    serverProduct: null,
    ...(input.lines ? { lines: input.lines.map((line) => ({ ...line, problem: line.problem ?? null, serverProduct: line.serverProduct ?? null })) } : {}),
  };
  // put, not add: queuing the same clientOrderId twice (a double tap) keeps one item.
  await db.outbox.put(item);
  return item;
}

/** How a bulk order is named in lists and messages, as My Orders names it: its first tool and how many more. */
export function bulkOrderName(lines: readonly Pick<OutboxLine, 'productName'>[]): string {
  const [first] = lines;
  const more = lines.length - 1;
  return more > 0 ? `${first?.productName ?? ''} and ${more} more` : (first?.productName ?? '');
}

/** The summary fields of a bulk order, as the server's orders have them: the first line, all pieces, the total. */
function bulkSummary(lines: readonly QueuedLineInput[]) {
  const [first] = lines;
  if (!first) throw new OutboxEditRefused('An order needs at least one tool.');
  return {
    productId: first.productId,
    productName: bulkOrderName(lines),
    imageUrl: first.imageUrl,
    unitPrice: first.unitPrice,
    orderQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalPrice: lines.reduce((sum, line) => sum + orderTotal(line.quantity, line.unitPrice), 0),
  };
}

/** A bulk order (the order pad) as it is queued: one item carrying every line. */
export function bulkOrderInput(order: {
  clientOrderId: string;
  ownerEmail: string;
  userAddress: string;
  userPhone: string;
  lines: readonly QueuedLineInput[];
  maybeDelivered?: boolean;
}): QueuedOrderInput {
  const lines = order.lines.map((line) => ({
    productId: line.productId,
    productName: line.productName,
    imageUrl: line.imageUrl,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    problem: null,
    serverProduct: null,
  }));
  return {
    clientOrderId: order.clientOrderId,
    ownerEmail: order.ownerEmail,
    userAddress: order.userAddress,
    userPhone: order.userPhone,
    ...bulkSummary(lines),
    lines,
    maybeDelivered: order.maybeDelivered ?? false,
  };
}

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

/** Applies the user's changes and queues the order again with the same clientOrderId. */
export async function editOutboxItem(email: string, clientOrderId: string, edit: OutboxEdit, db = getDatabase(), now = Date.now()): Promise<OutboxItem> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await ownItem(email, clientOrderId, db);
    if (!item) throw new OutboxEditRefused('This order is no longer waiting.');
    const blocker = editBlocker(item, now);
    if (blocker) throw new OutboxEditRefused(blocker);
    if (item.lines) throw new OutboxEditRefused('This order has several tools: edit its lines.');
    const next: OutboxItem = {
      ...item,
      orderQuantity: edit.orderQuantity,
      userAddress: edit.userAddress,
      userPhone: edit.userPhone,
      unitPrice: edit.unitPrice,
      totalPrice: orderTotal(edit.orderQuantity, edit.unitPrice),
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

/**
 * Applies the dealer's changes to a queued bulk order (quantities, prices they now accept, lines
 * removed, address, phone) and queues it again with the same clientOrderId: the server refused it, so
 * it made no order under that id (docs/architecture.md, "Offline").
 */
export async function editOutboxLines(email: string, clientOrderId: string, edit: OutboxBulkEdit, db = getDatabase(), now = Date.now()): Promise<OutboxItem> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await ownItem(email, clientOrderId, db);
    if (!item) throw new OutboxEditRefused('This order is no longer waiting.');
    const blocker = editBlocker(item, now);
    if (blocker) throw new OutboxEditRefused(blocker);
    if (!item.lines) throw new OutboxEditRefused('This order has one tool: edit its quantity.');
    const byId = new Map(item.lines.map((line) => [line.productId, line]));
    const lines = edit.lines.flatMap((change): OutboxLine[] => {
      const line = byId.get(change.productId);
      // Only the order's own tools: an edit removes or changes lines, it never adds one.
      return line ? [{ ...line, quantity: change.quantity, unitPrice: change.unitPrice, problem: null }] : [];
    });
    if (lines.length === 0) throw new OutboxEditRefused('An order needs at least one tool: discard it instead.');
    const next: OutboxItem = {
      ...item,
      ...bulkSummary(lines),
      lines,
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

/** The body of POST /api/orders for a queued item: always its own clientOrderId; a bulk item sends its lines. */
export function orderBody(item: OutboxItem): CreateOrderBody | CreateBulkOrderBody {
  if (item.lines) {
    return {
      lines: item.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, unitPrice: line.unitPrice })),
      userAddress: item.userAddress,
      userPhone: item.userPhone,
      clientOrderId: item.clientOrderId,
      totalPrice: item.totalPrice,
    };
  }
  return {
    productId: item.productId,
    orderQuantity: item.orderQuantity,
    userAddress: item.userAddress,
    userPhone: item.userPhone,
    clientOrderId: item.clientOrderId,
    totalPrice: item.totalPrice,
  };
}
