// The front door of the order outbox (docs/architecture.md, "Offline"): placing an order now or saving it
// to be sent once when the connection is back, the page's runner that sends it, the service worker's
// flush, and what My Orders shows and does with the saved orders. The IndexedDB code loads with the
// first use of a saved order, not with the app (first-load JavaScript budget, docs/performance.md).

import type { OutboxItem } from '../store/database';
import { lazyWatch } from '../store/lazy-watch';
import type { FlushDeps, FlushOptions, FlushReport, FlushSession } from './flush';
import type { DecisionOutcome, DecisionToSend, QuoteRequestOutcome, QuoteToRequest } from './place-or-queue';
import type { OrderToPlace, PlaceOutcome } from './post-order';
import type { DeviceOrders } from './queue';
import type { OutboxEdit } from './queued-order';

export type { OutboxItem, OutboxLine, SentOrder } from '../store/database';
export type { DeviceOrders } from './queue';
export type { FlushReport, FlushSession, SendOrder } from './flush';
export type { OrderToPlace, PlaceOutcome } from './post-order';
export type { DecisionOutcome, DecisionToSend, QuoteRequestOutcome, QuoteToRequest } from './place-or-queue';
export type { ApprovalToSend } from '../store/database';
export {
  deviceOrderState,
  editBlocker,
  OutboxEditRefused,
  approvalOf,
  isOrderItem,
  isQuoteRequest,
  queuedOrderName,
  queuedPieces,
  type DeviceOrderState,
  type OutboxEdit,
  type QueuedLine,
  type QueuedOrder,
} from './queued-order';
export { flushOutboxNow, onOutboxReport, publishOutboxReport, requestBackgroundSync, startOutboxRunner, type RunnerSession } from './runner';

const queue = () => import('./queue');

/**
 * Places an order now, or saves it to be sent once when the connection is back: the one way the purchase
 * page and the order pad place an order. Loads with the first order a page places.
 */
export async function placeOrQueue(order: OrderToPlace): Promise<PlaceOutcome> {
  return (await import('./place-or-queue')).placeOrQueue(order);
}

/** Asks for a quote on the pad's lines now, or saves the request to be sent once when the connection is back (docs/decisions/058-quotes.md). */
export async function requestQuoteOrQueue(request: QuoteToRequest): Promise<QuoteRequestOutcome> {
  return (await import('./place-or-queue')).requestQuoteOrQueue(request);
}

/** Sends an approver's decision now, or saves it to be sent once when the connection is back. */
export async function decideOrQueue(decision: DecisionToSend): Promise<DecisionOutcome> {
  return (await import('./place-or-queue')).decideOrQueue(decision);
}

/** The user's Discard: the one way an unsent order leaves the outbox without the server's 2xx; false when it is not theirs or gone. */
export async function discardOutboxItem(email: string, clientOrderId: string): Promise<boolean> {
  return (await queue()).discardOutboxItem(email, clientOrderId);
}

/** The user's Retry: the order as it stands, due at once (a refused one sent again unchanged); false when it is not theirs, gone or being sent. */
export async function retryOutboxItem(email: string, clientOrderId: string): Promise<boolean> {
  return (await queue()).retryOutboxItem(email, clientOrderId);
}

/** Applies the dealer's changes and queues the order again under its clientOrderId; throws OutboxEditRefused when Edit is not allowed. */
export async function editOutboxItem(email: string, clientOrderId: string, edit: OutboxEdit): Promise<OutboxItem> {
  return (await queue()).editOutboxItem(email, clientOrderId, edit);
}

/** Calls `listener` with the user's saved orders, oldest first, now and after every change; returns the function that stops it. */
export function watchOutbox(email: string, listener: (items: OutboxItem[]) => void, onError: (error: unknown) => void): () => void {
  return lazyWatch(queue, (module) => module.watchOutbox(email, listener, onError), onError);
}

/** The user's saved orders and the ones this device sent and keeps, now and after every change; returns the function that stops it. */
export function watchDeviceOrders(email: string, listener: (orders: DeviceOrders) => void, onError: (error: unknown) => void): () => void {
  return lazyWatch(queue, (module) => module.watchDeviceOrders(email, listener, onError), onError);
}

/** How many orders of other accounts wait on this device, now and after every change (docs/decisions/029-a-shared-counter-tablet.md). */
export function watchOthersQueued(email: string, listener: (count: number) => void, onError: (error: unknown) => void): () => void {
  return lazyWatch(queue, (module) => module.watchOthersQueued(email, listener, onError), onError);
}

/**
 * Sends the signed-in user's due saved orders, each at most once at a time across every tab and the
 * service worker (which calls it on Background Sync). Never throws for an order's own failure.
 */
export async function flushOutbox(session: FlushSession, options: FlushOptions = {}, overrides: Partial<FlushDeps> = {}): Promise<FlushReport> {
  return (await import('./flush')).flushOutbox(session, options, overrides);
}
