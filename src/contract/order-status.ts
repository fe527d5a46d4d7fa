// The order state machine of DESIGN section 6: Unpaid -> Paid -> Shipped, nothing else.

export const ORDER_STATUSES = ['Unpaid', 'Paid', 'Shipped'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Record<OrderStatus, OrderStatus | null> = {
  Unpaid: 'Paid',
  Paid: 'Shipped',
  Shipped: null,
};

export function nextStatus(status: OrderStatus): OrderStatus | null {
  return NEXT[status];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from] === to;
}

/** Only Unpaid orders can be paid or deleted (spec section 4). */
export function isDeletable(status: OrderStatus): boolean {
  return status === 'Unpaid';
}

/** Admins see a Paid order as Pending (spec section 2, Manage Orders). */
export function adminStatusLabel(status: OrderStatus): string {
  return status === 'Paid' ? 'Pending' : status;
}
