// Places an order now, or saves it in the outbox to be sent once when the connection is back
// (docs/architecture.md, "Offline"): the one way the purchase page and the order pad place an order. The
// order is its lines under one clientOrderId, kept wherever it goes: a request that got no answer may have
// arrived, and the outbox's resend with the same id is then answered with the first order, never a second.
// The outbox's code (IndexedDB) loads only when it is needed: a page that places online starts without it.

import { NetworkError } from '../../api/errors';
import { orderRefusal } from '../../api/order-refusal';
import type { PlacedOrder } from '../../contract/order';
import { isOnline } from '../store/network';
import { orderBody, postOrder, type OrderToPlace, type PlaceOutcome } from './post-order';
import type { QueuedOrder } from './queued-order';
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
