// Puts an order that could not reach the server into the outbox (docs/architecture.md, "Offline"). The
// purchase page calls it when the device is offline or the request failed with NetworkError, with the
// same clientOrderId it tried, so a request that did arrive is not doubled by the resend.

import type { CreateOrderBody } from '../../contract/order';
import { lineTotal, unitPriceFor } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import type { OutboxItem } from '../../db/database';
import { bulkOrderInput, enqueueOrder, type QueuedLineInput, type QueuedOrderInput } from '../../db/outbox';
import { isOnline } from './network-status';
import { flushOutboxNow, requestBackgroundSync } from './outbox-runner';

async function queueOrder(input: QueuedOrderInput): Promise<OutboxItem> {
  const item = await enqueueOrder(input);
  void requestBackgroundSync();
  // A request that failed while the device says it is online may have been a blip: the runner retries with backoff.
  if (isOnline()) void flushOutboxNow(false);
  return item;
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

/** The order pad's bulk order, as one item carrying its lines, under the clientOrderId it was placed with. */
export function queueBulkOrder(
  order: { clientOrderId: string; userAddress: string; userPhone: string; lines: QueuedLineInput[] },
  ownerEmail: string,
  requestSent: boolean,
): Promise<OutboxItem> {
  return queueOrder(bulkOrderInput({ ...order, ownerEmail, maybeDelivered: requestSent }));
}
