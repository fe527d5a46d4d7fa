// Puts an order that could not reach the server into the outbox (docs/architecture.md, "Offline"). The
// purchase page calls it when the device is offline or the request failed with NetworkError, with the
// same clientOrderId it tried, so a request that did arrive is not doubled by the resend.

import type { CreateOrderBody } from '../../contract/order';
import { lineTotal, unitPriceFor } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import type { OutboxItem } from '../../db/database';
import { enqueueOrder, type QueuedLineInput, type QueuedOrderInput } from '../../db/outbox';
import { movePadToOutbox } from '../../db/pad-placement';
import { isOnline } from './network-status';
import { flushOutboxNow, requestBackgroundSync } from './outbox-runner';

/** A queued item is sent when the connection is back, by this page or by the service worker. */
function sendLater(item: OutboxItem): OutboxItem {
  void requestBackgroundSync();
  // A request that failed while the device says it is online may have been a blip: the runner retries with backoff.
  if (isOnline()) void flushOutboxNow(false);
  return item;
}

async function queueOrder(input: QueuedOrderInput): Promise<OutboxItem> {
  return sendLater(await enqueueOrder(input));
}

/** The purchase page's order, with the product as the customer saw it; `requestSent`: it may have arrived. */
export function queuePurchase(order: CreateOrderBody, product: Product, ownerEmail: string, requestSent: boolean): Promise<OutboxItem> {
  return queueOrder({
    ...order,
    totalPrice: order.totalPrice ?? lineTotal(product, order.orderQuantity),
    ownerEmail,
    productName: product.name,
    imageUrl: product.imageUrl,
    // The volume price of this quantity, as the total was worked out.
    unitPrice: unitPriceFor(product, order.orderQuantity),
    maybeDelivered: requestSent,
  });
}

/**
 * The order pad's bulk order, as one item carrying its lines, under the clientOrderId it was placed with;
 * its lines leave the pad in the same write.
 */
export function queueBulkOrder(
  order: { clientOrderId: string; userAddress: string; userPhone: string; lines: QueuedLineInput[] },
  ownerEmail: string,
  requestSent: boolean,
): Promise<OutboxItem> {
  return movePadToOutbox({ ...order, ownerEmail, maybeDelivered: requestSent }).then(sendLater);
}
