// Under a shipped order's status: the carrier and the tracking number it left with, as the admin gave
// them; nothing when neither was given or the order is not shipped.

import type { Order } from '../contract/order';

export function ShippingDetails({ order }: { order: Pick<Order, 'status' | 'carrier' | 'trackingNumber'> }) {
  if (order.status !== 'Shipped' || (!order.carrier && !order.trackingNumber)) return null;
  return (
    <span className="grid gap-0.5 text-xs text-base-content/80">
      {order.carrier ? <span>Carrier: {order.carrier}</span> : null}
      {order.trackingNumber ? (
        <span>
          Tracking: <span className="break-all font-mono">{order.trackingNumber}</span>
        </span>
      ) : null}
    </span>
  );
}
