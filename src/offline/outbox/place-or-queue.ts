// Places an order now, or saves it in the outbox to be sent once when the connection is back
// (docs/architecture.md, "Offline"): the one way the purchase page and the order pad place an order. The
// order is its lines under one clientOrderId, kept wherever it goes: a request that got no answer may have
// arrived, and the outbox's resend with the same id is then answered with the first order, never a second.
// The outbox's code (IndexedDB) loads only when it is needed: a page that places online starts without it.

import { NetworkError } from '../../api/errors';
import { orderRefusal } from '../../api/order-refusal';
import type { Order, PlacedOrder } from '../../contract/order';
import { isOnline } from '../store/network';
import type { CurrencyCode } from '../../contract/money';
import type { QuoteRequested } from '../../contract/quote';
import type { ApprovalToSend, PadLine } from '../store/database';
import { orderBody, postApprovalDecision, postOrder, postQuoteRequest, quoteRequestBody, type OrderToPlace, type PlaceOutcome } from './post-order';
import type { QueuedLine, QueuedOrder } from './queued-order';
import { flushOutboxNow, requestBackgroundSync } from './runner';

const outbox = () => import('./queue');
const padPlacement = () => import('./pad-placement');

/** The clientOrderId of this press: the pad's (a repeat of lines sent before keeps theirs), else a new one. */
async function clientOrderIdFor(order: OrderToPlace, sending: boolean): Promise<{ clientOrderId: string; sentBefore: boolean }> {
  if (order.pad) {
    const pad = order.pad;
    // Kept on the device until the pad is emptied: a resend of it is recognised.
    return padPlacement()
      .then((placing) => placing.padPlacementId(order.ownerEmail, pad, sending))
      .catch(() => ({ clientOrderId: crypto.randomUUID(), sentBefore: false }));
  }
  // A fresh id per attempt: a retried request is recognised, a new attempt is a new order.
  return { clientOrderId: crypto.randomUUID(), sentBefore: false };
}

/**
 * Into the outbox, to be sent by this page or by the service worker. A pad's lines leave the pad in the
 * same write; it throws if it could not, and then did neither.
 */
async function saveForLater(queued: QueuedOrder, fromPad: boolean): Promise<PlaceOutcome> {
  if (fromPad) await (await padPlacement()).movePadToOutbox(queued);
  else await (await outbox()).enqueueOrder(queued);
  void requestBackgroundSync();
  // A request that failed while the device says it is online may have been a blip: the runner retries with backoff.
  if (isOnline()) void flushOutboxNow(false);
  return { kind: 'saved' };
}

export async function placeOrQueue(order: OrderToPlace): Promise<PlaceOutcome> {
  const sending = isOnline();
  const { clientOrderId, sentBefore } = await clientOrderIdFor(order, sending);
  const queued: QueuedOrder = {
    clientOrderId,
    ownerEmail: order.ownerEmail,
    userAddress: order.userAddress,
    userPhone: order.userPhone,
    locationId: order.locationId ?? null,
    companyId: order.companyId ?? null,
    poNumber: order.poNumber ?? null,
    payment: order.payment ?? null,
    lines: order.lines,
    ...(order.currency ? { currency: order.currency, priceListVersion: order.priceListVersion ?? null } : {}),
    ...(order.tax ? { tax: order.tax } : {}),
  };
  const fromPad = order.pad !== undefined;
  if (!sending) return saveForLater({ ...queued, maybeDelivered: sentBefore }, fromPad);
  let placed: PlacedOrder;
  try {
    placed = await postOrder(orderBody(queued), true);
  } catch (error) {
    if (error instanceof NetworkError) return saveForLater({ ...queued, maybeDelivered: true }, fromPad);
    const refusal = orderRefusal(error);
    if (refusal) return { kind: 'refused', refusal };
    throw error;
  }
  if (fromPad) {
    const productIds = order.lines.map((line) => line.productId);
    // The order is placed: should this fail, the lines left on the pad place the same order again, never a second one.
    await padPlacement()
      .then((placing) => placing.finishPadPlacement(order.ownerEmail, clientOrderId, productIds))
      .catch(() => undefined);
  }
  return { kind: 'placed', orderId: placed.insertedId, status: placed.status, statusReason: placed.statusReason };
}

/** A quote request the order pad sends now or saves for later (docs/decisions/058-quotes.md). */
export interface QuoteToRequest {
  ownerEmail: string;
  /** The dealer's message to the shop; '' for none. */
  message: string;
  lines: QueuedLine[];
  currency?: CurrencyCode | undefined;
  priceListVersion?: number | undefined;
  companyId?: string | null | undefined;
  /** The pad's lines as pressed: they leave the pad once the request is sent or saved. */
  pad?: readonly Pick<PadLine, 'productId' | 'quantity' | 'addedAt'>[];
}

export type QuoteRequestOutcome = { kind: 'requested'; quoteId: string; number: string } | { kind: 'saved' };

/**
 * Asks for a quote on the pad's lines now, or saves the request in the outbox to be sent once when the connection
 * is back, exactly as an order is (one clientOrderId wherever it goes; the server answers a repeat with the first
 * quote). A refusal (no approved company, a tool gone) is thrown as the server's ApiError.
 */
export async function requestQuoteOrQueue(request: QuoteToRequest): Promise<QuoteRequestOutcome> {
  const sending = isOnline();
  const asOrder: OrderToPlace = {
    ownerEmail: request.ownerEmail,
    userAddress: '',
    userPhone: '',
    lines: request.lines,
    ...(request.pad ? { pad: request.pad } : {}),
  };
  const { clientOrderId, sentBefore } = await clientOrderIdFor(asOrder, sending);
  const queued: QueuedOrder = {
    clientOrderId,
    ownerEmail: request.ownerEmail,
    userAddress: '',
    userPhone: '',
    companyId: request.companyId ?? null,
    lines: request.lines,
    ...(request.currency ? { currency: request.currency, priceListVersion: request.priceListVersion ?? null } : {}),
    quoteMessage: request.message,
  };
  const fromPad = request.pad !== undefined;
  if (!sending) {
    await saveForLater({ ...queued, maybeDelivered: sentBefore }, fromPad);
    return { kind: 'saved' };
  }
  let quote: QuoteRequested;
  try {
    quote = await postQuoteRequest(quoteRequestBody(queued), true);
  } catch (error) {
    if (error instanceof NetworkError) {
      await saveForLater({ ...queued, maybeDelivered: true }, fromPad);
      return { kind: 'saved' };
    }
    throw error;
  }
  if (fromPad) {
    const productIds = request.lines.map((line) => line.productId);
    await padPlacement()
      .then((placing) => placing.finishPadPlacement(request.ownerEmail, clientOrderId, productIds))
      .catch(() => undefined);
  }
  return { kind: 'requested', quoteId: quote.id, number: quote.number };
}

/** An approver's decision the To approve list sends now or saves for later (docs/decisions/055). */
export interface DecisionToSend {
  ownerEmail: string;
  approval: ApprovalToSend;
  /** The decision's id, made once per decision: pressed again after a lost answer, it is the same decision. */
  decisionId: string;
  /** The order's lines, for This Device to name it. */
  lines: QueuedLine[];
}

export type DecisionOutcome = { kind: 'decided'; order: Order } | { kind: 'saved' };

/**
 * Sends an approver's decision now, or saves it in the outbox to be sent once when the connection is back: the
 * server takes a decision with the same id once, and a refusal (another approver was first) is thrown as its ApiError.
 */
export async function decideOrQueue(decision: DecisionToSend): Promise<DecisionOutcome> {
  const queued: QueuedOrder = {
    clientOrderId: decision.decisionId,
    ownerEmail: decision.ownerEmail,
    userAddress: '',
    userPhone: '',
    lines: decision.lines,
    approval: decision.approval,
  };
  if (!isOnline()) {
    await saveForLater(queued, false);
    return { kind: 'saved' };
  }
  try {
    return { kind: 'decided', order: await postApprovalDecision(decision.approval, decision.decisionId, true) };
  } catch (error) {
    if (error instanceof NetworkError) {
      await saveForLater({ ...queued, maybeDelivered: true }, false);
      return { kind: 'saved' };
    }
    throw error;
  }
}
