// Order statuses: Unpaid -> Paid -> Shipped, nothing else; the server makes every move
// (docs/architecture.md, "Orders and stock").

export const ORDER_STATUSES = ['Unpaid', 'Paid', 'Shipped'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Only Unpaid orders can be paid or deleted (the spec). */
export function isDeletable(status: OrderStatus): boolean {
  return status === 'Unpaid';
}

/** Admins see a Paid order as Pending (the spec, Manage Orders). */
export function adminStatusLabel(status: OrderStatus): string {
  return status === 'Paid' ? 'Pending' : status;
}
