// The first thing a row of orders says: the order's number, and the day and time it was placed, in the
// reader's own time zone. An order saved before numbers existed shows its placing time alone.

import type { Order } from '../contract/order';

const formatPlaced = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export function OrderNumberCell({ order }: { order: Pick<Order, 'number' | 'createdAt'> }) {
  return (
    <span className="grid gap-0.5">
      {order.number ? <span className="whitespace-nowrap font-mono text-sm font-semibold">{order.number}</span> : null}
      <time dateTime={order.createdAt} className="whitespace-nowrap text-xs text-base-content/80">
        {formatPlaced(order.createdAt)}
      </time>
    </span>
  );
}
