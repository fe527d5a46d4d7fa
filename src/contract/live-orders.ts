// The live orders stream (`GET /api/orders/events`, docs/architecture.md "Live orders"): what each
// server-sent event carries. The server writes these shapes; the admin's page validates them.

import * as v from 'valibot';
import { ORDER_STATUSES } from './order-status';

export const ORDER_CHANGE_KINDS = ['placed', 'paid', 'shipped', 'deleted'] as const;
export type OrderChangeKind = (typeof ORDER_CHANGE_KINDS)[number];

/** The event names of the stream. */
export const LIVE_ORDER_EVENTS = {
  /** First event of every connection: the count as it is now. */
  ready: 'ready',
  /** One order placed, paid, shipped or deleted. */
  order: 'order',
  /** Changes may have been missed (the server's database connection came back): refetch everything. */
  resync: 'resync',
} as const;

/** Orders waiting to ship (paid by card or confirmed on account); null when the server could not count them this time. */
const PaidWaitingSchema = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)));

export const OrderChangeSchema = v.object({
  id: v.string(),
  status: v.picklist(ORDER_STATUSES),
  kind: v.picklist(ORDER_CHANGE_KINDS),
});
export type OrderChange = v.InferOutput<typeof OrderChangeSchema>;

export const OrderEventSchema = v.object({ ...OrderChangeSchema.entries, paidWaiting: PaidWaitingSchema });
export type OrderEvent = v.InferOutput<typeof OrderEventSchema>;

/** The `ready` and `resync` events. */
export const OrdersCountEventSchema = v.object({ paidWaiting: PaidWaitingSchema });
export type OrdersCountEvent = v.InferOutput<typeof OrdersCountEventSchema>;

/** How long a client waits before reconnecting after the stream ends, sent as the stream's `retry:`. */
export const LIVE_ORDERS_RETRY_MS = 3000;
