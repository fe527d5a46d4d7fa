// The order outbox (DESIGN section 9): orders placed without a connection wait here, per user, until
// outbox-sync.ts sends them. Nothing leaves this table except by a 2xx from the server or the user's Discard.

import type { CreateOrderBody } from '../contract/order';
import { orderTotal } from '../contract/pricing';
import { getDatabase, type OutboxItem } from './database';

export interface QueuedOrderInput {
  clientOrderId: string;
  ownerEmail: string;
  productId: string;
  productName: string;
  imageUrl: string;
  orderQuantity: number;
  userAddress: string;
  userPhone: string;
  unitPrice: number;
  /** The total the customer saw; the server refuses the order if the price has changed since. */
  totalPrice: number;
  /** True when a request for it already went out without an answer (it may exist on the server). */
  maybeDelivered?: boolean;
}

export interface OutboxEdit {
  orderQuantity: number;
  userAddress: string;
  userPhone: string;
  /** The unit price the customer now accepts (the current one, after a price change). */
  unitPrice: number;
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
  };
  // put, not add: queuing the same clientOrderId twice (a double tap) keeps one item.
  await db.outbox.put(item);
  return item;
}

/** The user's queued orders, oldest first. */
export function listOutbox(email: string, db = getDatabase()): Promise<OutboxItem[]> {
  const owner = ownerKey(email);
  return db.outbox.where('[ownerEmail+createdAt]').between([owner, -Infinity], [owner, Infinity]).toArray();
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

/** The body of POST /api/orders for a queued item: always its own clientOrderId. */
export function orderBody(item: OutboxItem): CreateOrderBody {
  return {
    productId: item.productId,
    orderQuantity: item.orderQuantity,
    userAddress: item.userAddress,
    userPhone: item.userPhone,
    clientOrderId: item.clientOrderId,
    totalPrice: item.totalPrice,
  };
}
