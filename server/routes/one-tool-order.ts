// The one-tool order at the HTTP edge. The storefront's purchase form, and any client written against the
// original API, sends one tool as `{ productId, orderQuantity, ... }` and reads an order's tool, quantity and
// unit price at its top level. The server knows only orders with lines (docs/decisions/030): this module
// turns that body into an order of one line, a refusal into the answer such a client expects, and an order
// into its answer with the top-level fields read from its lines.

import { formatPrice } from '../../src/contract/money';
import type { OneToolOrderBody, Order } from '../../src/contract/order';
import type { AuthUser } from '../auth/guards';
import { AppError, notFound } from '../errors';
import type { OrderWithLines } from '../repositories/orders';
import { OrderRefusal, type OrderService } from '../services/orders';

/** A body with `lines` is an order with lines; any other is a one-tool order. */
export function isOneToolOrderBody(body: unknown): boolean {
  return !(typeof body === 'object' && body !== null && 'lines' in body);
}

/**
 * Places the one-tool order as an order of one line. A refusal answers as it always has: a tool that is gone
 * is 404; a total the customer did not see comes first, then the tool's own rules, each with the product as
 * it is now.
 */
export async function placeOneToolOrder(orders: OrderService, user: AuthUser, body: OneToolOrderBody): Promise<{ id: string; created: boolean }> {
  const request = {
    lines: [{ productId: body.productId, quantity: body.orderQuantity }],
    userAddress: body.userAddress,
    userPhone: body.userPhone,
    clientOrderId: body.clientOrderId,
    companyId: body.companyId,
    locationId: body.locationId,
    poNumber: body.poNumber,
    payment: body.payment,
    totalPrice: body.totalPrice,
  };
  try {
    return await orders.place(user, request);
  } catch (error) {
    if (!(error instanceof OrderRefusal)) throw error;
    const [line] = error.lines;
    if (!line?.product) throw notFound('That product');
    const { product } = line;
    if (error.totalChanged) {
      const total = formatPrice(error.total.minor, error.total.currency, 'en-US');
      throw new AppError('price_changed', `The price has changed: ${line.quantity} pcs. now cost ${total}. Please confirm the new total.`, { product });
    }
    const [problem] = error.problems;
    if (!problem) throw error;
    throw new AppError(problem.code === 'not_found' ? 'conflict' : problem.code, problem.message, { product });
  }
}

/**
 * The order as the API answers it: its lines, and at the top level what a one-tool order names, read from
 * them: the first line's tool, picture and unit price, and the pieces of all lines.
 */
export function withOneToolFields(order: OrderWithLines): Order {
  const [first] = order.lines;
  return {
    ...order,
    productId: first?.productId ?? null,
    productName: first?.productName ?? '',
    imageUrl: first?.imageUrl ?? null,
    unitPrice: first?.unitPrice ?? 0,
    orderQuantity: order.lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}
