// The first thing a row of orders says: the order's number, and the day and time it was placed, in the
// reader's own time zone, above what was ordered. An order saved before numbers existed shows its placing
// time alone. They share the Product column, which keeps the tables narrow enough to stay tables.

import type { ReactNode } from 'react';
import type { Order } from '../contract/order';

const formatPlaced = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export function OrderNumberCell({ order }: { order: Pick<Order, 'number' | 'createdAt'> }) {
  return (
    <span className="grid gap-0.5">
      {order.number ? <span className="whitespace-nowrap font-mono text-xs font-semibold">{order.number}</span> : null}
      <time dateTime={order.createdAt} className="text-xs text-base-content/80">
        {formatPlaced(order.createdAt)}
      </time>
    </span>
  );
}

/** The Product column of a list of orders: the order's number and placing time, then the product. */
export function OrderProductCell({ order, children }: { order: Pick<Order, 'number' | 'createdAt'>; children: ReactNode }) {
  return (
    <span className="grid justify-items-start gap-1">
      <OrderNumberCell order={order} />
      <span>{children}</span>
    </span>
  );
}
