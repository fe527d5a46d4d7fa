// Order statuses. An order paid by card goes Unpaid -> Paid -> Shipped; an order on account (the company's
// payment terms) is Confirmed, or On hold until an admin releases it (Confirmed) or refuses it (Refused, its stock back), then Shipped, and its invoice is paid
// later (`paidAt`). The server makes every move (docs/architecture.md, "Orders and stock";
// docs/decisions/044-orders-on-account.md).

export const ORDER_STATUSES = ['Unpaid', 'Paid', 'Shipped', 'On hold', 'Confirmed', 'Refused', 'Awaiting approval', 'Declined'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Only Unpaid orders can be paid or deleted (the spec). */
export function isDeletable(status: OrderStatus): boolean {
  return status === 'Unpaid';
}

/** Admins see a Paid order as Pending (the spec, Manage Orders); an order on account waiting to ship is Confirmed. */
export function adminStatusLabel(status: OrderStatus): string {
  return status === 'Paid' ? 'Pending' : status;
}

/** Orders an admin may ship: paid by card, or confirmed on account. */
export function isShippable(status: OrderStatus): boolean {
  return status === 'Paid' || status === 'Confirmed';
}
