// Puts an order that could not reach the server into the outbox (DESIGN section 9). The purchase page
// calls it when the device is offline or the request failed with NetworkError, with the same
// clientOrderId it tried, so a request that did arrive is not doubled by the resend.

import type { OutboxItem } from '../../db/database';
import { enqueueOrder, type QueuedOrderInput } from '../../db/outbox';
import { isOnline } from './network-status';
import { flushOutboxNow, requestBackgroundSync } from './outbox-runner';

export type { QueuedOrderInput };

export async function queueOrder(input: QueuedOrderInput): Promise<OutboxItem> {
  const item = await enqueueOrder(input);
  void requestBackgroundSync();
  // A request that failed while the device says it is online may have been a blip: the runner retries with backoff.
  if (isOnline()) void flushOutboxNow(false);
  return item;
}
