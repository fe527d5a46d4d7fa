// Orders made from their lines for the component and unit tests of My Orders, Manage Orders and Order
// again: the top-level fields name the first line and add up the lines, as the server writes them.

import type { Order } from '../../src/contract/order';

export type OrderLine = NonNullable<Order['lines']>[number];

/** A UUID made from a number, so tests can name products and orders by number. */
export const fixtureId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A shipped order of `lines` (at least one); `fields` replaces any of its other fields. */
export function orderOfLines(lines: OrderLine[], fields: Partial<Order> = {}): Order {
  const first = lines[0];
  if (!first) throw new Error('an order has at least one line');
  return {
    _id: fixtureId(900),
    userName: 'Dealer',
    userEmail: 'dealer@example.com',
    userAddress: '1 Quay St',
    userPhone: '+44 113 496 0000',
    productId: first.productId,
    productName: first.productName,
    imageUrl: first.imageUrl,
    unitPrice: first.unitPrice,
    orderQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalPrice: lines.reduce((sum, line) => sum + line.lineTotal, 0),
    status: 'Shipped',
    transactionId: 'pi_1',
    clientOrderId: null,
    createdAt: '2026-10-01T10:00:00.000Z',
    heldUntil: null,
    lines,
    ...fields,
  };
}
