// The order outbox (docs/architecture.md, "Offline"): orders placed without a connection wait here, per user,
// until flush.ts sends them. Nothing leaves this table except by a 2xx from the server or the user's Discard.
// What the server stored moves to `sentOrders`, kept a while so the dealer sees each one's number.

import { liveQuery } from 'dexie';
import { orderTotal } from '../../contract/pricing';
import { getDatabase, type OutboxItem, type OutboxLine, type SentOrder } from '../store/database';
import { ownerKey } from '../store/owner';
import { deviceOrderState, editBlocker, OutboxEditRefused, type OutboxEdit, type QueuedLine, type QueuedOrder } from './queued-order';

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
      ...(line.unitPriceMinor !== undefined ? { unitPriceMinor: line.unitPriceMinor } : {}),
      problem: null,
      serverProduct: null,
    })),
    userAddress: order.userAddress,
    userPhone: order.userPhone,
    locationId: order.locationId ?? null,
    companyId: order.companyId ?? null,
    poNumber: order.poNumber ?? null,
    payment: order.payment ?? null,
    ...(typeof order.quoteMessage === 'string' ? { quoteMessage: order.quoteMessage } : {}),
    ...(order.approval ? { approval: order.approval } : {}),
    totalPrice: totalOf(order.lines),
    ...(order.currency ? { currency: order.currency, priceListVersion: order.priceListVersion ?? null } : {}),
    ...(order.tax ? { tax: order.tax } : {}),
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

/** The user's queued orders, oldest first. */
export function listOutbox(email: string, db = getDatabase()): Promise<OutboxItem[]> {
  const owner = ownerKey(email);
  return db.outbox.where('[ownerEmail+createdAt]').between([owner, -Infinity], [owner, Infinity]).toArray();
}

/**
 * Calls `listener` with `read`'s answer now and after every change of the outbox, from this tab, another
 * tab or the service worker (Dexie's liveQuery). Returns the function that stops it.
 */
function watch<T>(read: () => Promise<T>, listener: (value: T) => void, onError: (error: unknown) => void): () => void {
  const subscription = liveQuery(read).subscribe({ next: listener, error: onError });
  return () => subscription.unsubscribe();
}

/** The user's queued orders, oldest first, now and after every change. */
export function watchOutbox(email: string, listener: (items: OutboxItem[]) => void, onError: (error: unknown) => void, db = getDatabase()): () => void {
  return watch(() => listOutbox(email, db), listener, onError);
}

/** Sent orders kept per account: the newest this many, none older than SENT_KEEP_MS. */
export const SENT_KEEP_COUNT = 50;
export const SENT_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * Keeps an order the server stored in the device's record of what it sent, and lets the account's oldest go
 * (past SENT_KEEP_COUNT, or older than SENT_KEEP_MS). Runs inside the transaction that takes it out of the outbox.
 */
export async function keepSentOrder(sent: SentOrder, db = getDatabase()): Promise<void> {
  const owner = sent.ownerEmail;
  await db.sentOrders.put(sent);
  const newestFirst = await db.sentOrders.where('[ownerEmail+sentAt]').between([owner, -Infinity], [owner, Infinity]).reverse().toArray();
  const stale = newestFirst.filter((row, index) => index >= SENT_KEEP_COUNT || row.sentAt < sent.sentAt - SENT_KEEP_MS);
  if (stale.length > 0) await db.sentOrders.bulkDelete(stale.map((row) => row.clientOrderId));
}

/** The orders this device sent for the user and still keeps, newest first. */
export function listSentOrders(email: string, db = getDatabase()): Promise<SentOrder[]> {
  const owner = ownerKey(email);
  return db.sentOrders.where('[ownerEmail+sentAt]').between([owner, -Infinity], [owner, Infinity]).reverse().toArray();
}

/** What this device holds and sent for the user: the outbox, oldest first, and the sent orders it keeps, newest first. */
export interface DeviceOrders {
  queued: OutboxItem[];
  sent: SentOrder[];
}

/** The user's saved and sent orders, read together, now and after every change of either. */
export function watchDeviceOrders(email: string, listener: (orders: DeviceOrders) => void, onError: (error: unknown) => void, db = getDatabase()): () => void {
  const read = () =>
    db.transaction('r', db.outbox, db.sentOrders, async () => ({ queued: await listOutbox(email, db), sent: await listSentOrders(email, db) }));
  return watch(read, listener, onError);
}

/** How many orders of other accounts wait on this device, now and after every change. */
export function watchOthersQueued(email: string, listener: (count: number) => void, onError: (error: unknown) => void, db = getDatabase()): () => void {
  return watch(() => countOthersQueued(email, db), listener, onError);
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

/**
 * The user's Retry: the order as it stands becomes due at once. One the server refused goes back to waiting
 * unchanged under its clientOrderId (a 4xx made no order, so nothing can be doubled); one being sent is left to
 * its sender. False when it is not theirs, gone or being sent.
 */
export async function retryOutboxItem(email: string, clientOrderId: string, db = getDatabase(), now = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await ownItem(email, clientOrderId, db);
    if (!item || deviceOrderState(item, now).kind === 'sending') return false;
    const refused = item.state === 'needs-attention';
    await db.outbox.put({
      ...item,
      state: 'waiting',
      nextAttemptAt: now,
      updatedAt: now,
      ...(refused ? { attempts: 0, lastError: null, lines: item.lines.map((line) => ({ ...line, problem: null })) } : {}),
    });
    return true;
  });
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
      if (!line) return [];
      // A line priced from the company's list takes the price in minor units the dealer now accepts.
      const minor = line.unitPriceMinor === undefined ? {} : { unitPriceMinor: change.unitPriceMinor ?? line.unitPriceMinor };
      return [{ ...line, quantity: change.quantity, unitPrice: change.unitPrice, ...minor, problem: null }];
    });
    if (lines.length === 0) throw new OutboxEditRefused('An order needs at least one tool: discard it instead.');
    const next: OutboxItem = {
      ...item,
      lines,
      totalPrice: totalOf(lines),
      userAddress: edit.userAddress,
      userPhone: edit.userPhone,
      poNumber: edit.poNumber === undefined ? (item.poNumber ?? null) : edit.poNumber.trim() || null,
      // A changed address is one typed for this order alone: the server would deliver to the location's otherwise.
      locationId: edit.userAddress === item.userAddress && edit.userPhone === item.userPhone ? (item.locationId ?? null) : null,
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
