// POST /api/orders, the one request that places an order: always the order's lines under its
// clientOrderId, whether the purchase page, the order pad or the outbox sends it. A repeat of the same
// clientOrderId is answered with the first order (docs/architecture.md, "Orders and stock").

import { apiRequest } from '../../api/client';
import type { PaymentChoice } from '../../contract/account-terms';
import type { TaxTerms } from '../../contract/tax';
import type { CurrencyCode } from '../../contract/money';
import { OrderSchema, PlacedOrderSchema, type Order, type OrderBody, type PlacedOrder } from '../../contract/order';
import type { ApprovalDecisionBody } from '../../contract/spending-limits';
import type { OrderStatus } from '../../contract/order-status';
import type { OrderRefusal } from '../../api/order-refusal';
import { orderTotal } from '../../contract/pricing';
import type { ApprovalToSend, PadLine } from '../store/database';
import { QuoteRequestedSchema, type QuoteRequestBody, type QuoteRequested } from '../../contract/quote';
import type { QueuedLine, QueuedOrder } from './queued-order';

export interface OrderToSend {
  clientOrderId: string;
  userAddress: string;
  userPhone: string;
  /** One of the company's locations: the server delivers to its address, whatever userAddress says. */
  locationId?: string | null | undefined;
  /** The company a sales rep orders for; none for a dealer's own order. */
  companyId?: string | null | undefined;
  /** The dealer's purchase-order number; none when none was typed (and on orders saved before PO numbers). */
  poNumber?: string | null | undefined;
  /** Card or on account, as chosen; none: the server's default (on account where the company has terms, else card). */
  payment?: PaymentChoice | null | undefined;
  /** Each with the unit price the dealer saw; the server refuses a line whose price differs. */
  lines: readonly { productId: string; quantity: number; unitPrice: number; unitPriceMinor?: number | undefined }[];
  /** The price list the lines' `unitPriceMinor` come from; none at list price (and on orders saved before price lists). */
  currency?: CurrencyCode | null | undefined;
  priceListVersion?: number | null | undefined;
}

/** Whether the order was priced from the company's price list: every line has its price in minor units. */
const pricedFromList = (order: OrderToSend): order is OrderToSend & { currency: CurrencyCode } =>
  Boolean(order.currency) && order.lines.every((line) => line.unitPriceMinor !== undefined);

/**
 * The body of POST /api/orders: the lines with the prices the dealer saw. From a price list, each line's unit
 * price in minor units with the list's currency and version (the server applies a price at or below it,
 * docs/decisions/045-price-lists-and-money.md); at list price, and for orders saved before price lists, the
 * whole-dollar unit prices and the total as before.
 */
export function orderBody(order: OrderToSend): OrderBody {
  const listed = pricedFromList(order);
  return {
    lines: order.lines.map((line) =>
      listed
        ? { productId: line.productId, quantity: line.quantity, unitPriceMinor: line.unitPriceMinor }
        : { productId: line.productId, quantity: line.quantity, unitPrice: line.unitPrice },
    ),
    userAddress: order.userAddress,
    userPhone: order.userPhone,
    clientOrderId: order.clientOrderId,
    ...(order.companyId ? { companyId: order.companyId } : {}),
    ...(order.locationId ? { locationId: order.locationId } : {}),
    ...(order.poNumber ? { poNumber: order.poNumber } : {}),
    ...(order.payment ? { payment: order.payment } : {}),
    ...(listed
      ? { currency: order.currency, ...(order.priceListVersion != null ? { priceListVersion: order.priceListVersion } : {}) }
      : { totalPrice: order.lines.reduce((sum, line) => sum + orderTotal(line.quantity, line.unitPrice), 0) }),
  };
}

/** The body of POST /api/quotes for a saved request: its lines (the server prices them) under its clientOrderId. */
export function quoteRequestBody(request: Pick<QueuedOrder, 'clientOrderId' | 'lines' | 'quoteMessage'>): QuoteRequestBody {
  return {
    clientQuoteId: request.clientOrderId,
    lines: request.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    message: request.quoteMessage ?? '',
  };
}

/** POST /api/quotes: the one request that asks for a quote, from the pad now or from the outbox later. */
export function postQuoteRequest(body: QuoteRequestBody, auth: string | true, signal?: AbortSignal): Promise<QuoteRequested> {
  return apiRequest('/quotes', { method: 'POST', body, auth, schema: QuoteRequestedSchema, signal });
}

/** POST /api/orders/{id}/approval: an approver's decision, under its decisionId (the server takes a repeat once). */
export function postApprovalDecision(approval: ApprovalToSend, decisionId: string, auth: string | true, signal?: AbortSignal): Promise<Order> {
  const body: ApprovalDecisionBody =
    approval.decision === 'approve' ? { decision: 'approve', decisionId } : { decision: 'decline', reason: approval.reason ?? '', decisionId };
  return apiRequest(`/orders/${encodeURIComponent(approval.orderId)}/approval`, { method: 'POST', body, auth, schema: OrderSchema, signal });
}

/** `auth`: the access token to send with (the outbox's sender holds its own), or true for the page's. */
export function postOrder(body: OrderBody, auth: string | true, signal?: AbortSignal): Promise<PlacedOrder> {
  return apiRequest('/orders', { method: 'POST', body, auth, schema: PlacedOrderSchema, signal });
}

/** An order a screen places (the purchase page's one tool, or the order pad's lines). */
export interface OrderToPlace {
  ownerEmail: string;
  userAddress: string;
  userPhone: string;
  /** The company's location chosen (its address and phone are the two above); none for a one-off address. */
  locationId?: string | null | undefined;
  /** The company a sales rep orders for (one of those assigned to it); none for a dealer's own order. */
  companyId?: string | null | undefined;
  /** The dealer's purchase-order number, trimmed; none when none was typed. */
  poNumber?: string | undefined;
  /** Card or on the company's account; none for an order without the choice (the server's default). */
  payment?: PaymentChoice | undefined;
  lines: QueuedLine[];
  /** The price list the lines' `unitPriceMinor` were priced with; none at list price. */
  currency?: CurrencyCode | undefined;
  priceListVersion?: number | undefined;
  /** The tax the form showed, kept with an order saved for later; none for an untaxed order. */
  tax?: TaxTerms | undefined;
  /**
   * The order pad's lines as pressed, when the order is the pad's: a press of lines already sent keeps
   * their clientOrderId, and the lines leave the pad once the order is placed or saved.
   */
  pad?: readonly Pick<PadLine, 'productId' | 'quantity' | 'addedAt'>[];
}

/** What became of an order placed now or saved for later; a session the server refused, and any other error, is thrown. */
/** `status`: Unpaid for an order to pay by card, Confirmed or On hold for one on account (missing from a server before accounts). */
export type PlaceOutcome =
  | { kind: 'placed'; orderId: string; status?: OrderStatus | undefined; statusReason?: string | null | undefined }
  | { kind: 'saved' }
  | { kind: 'refused'; refusal: OrderRefusal };
