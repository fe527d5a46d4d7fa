import * as v from 'valibot';
import { PaymentChoiceSchema, PAYMENT_TERMS, PoNumberSchema } from './account-terms';
import { MAX_ORDER_LINES, MAX_ORDER_TOTAL, MAX_PRICE } from './constants';
import { CURRENCIES, CurrencySchema, LIST_CURRENCY, listMinor, type CurrencyCode } from './money';
import { MAX_LIST_PRICE_MINOR } from './price-list';
import { AddressSchema, IdSchema, PhoneSchema, queryInt, uuidField } from './fields';
import { OrderApprovalSchema } from './spending-limits';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { formatCount, LINE_PROBLEM_CODES } from './pricing';
import { ProductSchema } from './product';
import type { TaxTerms } from './tax';
import { purchaseQuantitySchema, QuantitySchema, type QuantityTerms } from './quantity-rules';

/**
 * The most one order may come to, tax included, in minor units of its currency: one card payment must be able
 * to take it (MAX_ORDER_TOTAL). The server refuses an order past it, and the pad says so before it is sent.
 */
export const MAX_ORDER_GROSS_MINOR = listMinor(MAX_ORDER_TOTAL);
export const ORDER_TOO_LARGE = 'This order is larger than one order can be. Please split it into smaller orders.';

/** One tool of an order: what was ordered at which price, as the server priced it at the time. */
export const OrderLineSchema = v.object({
  productId: v.nullable(v.string()),
  productName: v.string(),
  /** The tool's SKU when it was ordered; optional so lines saved before SKUs still read. */
  sku: v.optional(v.nullable(v.string())),
  imageUrl: v.nullable(v.string()),
  /** In the order's currency's major unit (the spec's whole dollars for the list price); `unitPriceMinor` is exact. */
  unitPrice: v.number(),
  quantity: v.number(),
  lineTotal: v.number(),
  /** In minor units of the order's currency. Always sent by the server; optional so lists saved before still read. */
  unitPriceMinor: v.optional(v.number()),
  lineTotalMinor: v.optional(v.number()),
});
export type OrderLine = v.InferOutput<typeof OrderLineSchema>;

/**
 * An order as the API sends it. The spec's fields describe a one-tool order; a bulk order carries every
 * tool in `lines`, and its top-level product fields name the first line, `orderQuantity` counts the
 * pieces of all lines and `totalPrice` is the sum of the line totals.
 */
export const OrderSchema = v.object({
  _id: v.string(),
  /**
   * What people call the order, `O-2026-00042`, given when it is placed (docs/decisions/035-order-numbers.md).
   * Always sent by the server; optional so an order list saved before numbers still reads.
   */
  number: v.optional(v.string()),
  userName: v.string(),
  userEmail: v.string(),
  userAddress: v.string(),
  userPhone: v.string(),
  productId: v.nullable(v.string()),
  productName: v.string(),
  imageUrl: v.nullable(v.string()),
  unitPrice: v.number(),
  orderQuantity: v.number(),
  /** In the major unit of `currency` (whole dollars at list price, the spec's field); `totalMinor` is exact. */
  totalPrice: v.number(),
  /**
   * Money in minor units of `currency`, the price list and version it was priced at
   * (docs/decisions/045-price-lists-and-money.md). Always sent by the server; optional so lists saved before
   * still read, as US dollars.
   */
  totalMinor: v.optional(v.number()),
  currency: v.optional(v.picklist(CURRENCIES)),
  priceListVersion: v.optional(v.nullable(v.number())),
  /**
   * The tax in `totalMinor`, which is the gross: the net is `totalMinor - taxMinor`. The rate (millionths) and
   * its name where the ship-to place has one; `reverseCharge` where the company is exempt and accounts for
   * the tax itself (docs/decisions/046-tax-per-ship-to-location.md). Left out on orders saved before tax.
   */
  taxMinor: v.optional(v.number()),
  taxRateMicros: v.optional(v.number()),
  taxName: v.optional(v.nullable(v.string())),
  reverseCharge: v.optional(v.boolean()),
  status: v.picklist(ORDER_STATUSES),
  transactionId: v.nullable(v.string()),
  clientOrderId: v.nullable(v.string()),
  createdAt: v.string(),
  /** Unpaid orders: when the stock they hold goes back on sale unless the order is paid. */
  heldUntil: v.optional(v.nullable(v.string())),
  /**
   * Unpaid orders: false when none of its pieces are set aside yet, as for an account the shop does not
   * trust yet; they are taken when the payment goes through, if they are still there.
   */
  holdsStock: v.optional(v.boolean()),
  /** Always sent by the server; optional so an order list saved before bulk orders still reads. */
  lines: v.optional(v.array(OrderLineSchema)),
  /** The invoice number, given when the order is paid (GET /api/orders/{id}/invoice); null while unpaid. */
  invoiceNo: v.optional(v.nullable(v.string())),
  /** Shipped orders: when, and the carrier and tracking number the admin gave, if any; null otherwise. */
  shippedAt: v.optional(v.nullable(v.string())),
  carrier: v.optional(v.nullable(v.string())),
  trackingNumber: v.optional(v.nullable(v.string())),
  /**
   * Who placed it (their account's id; `userName` and `userEmail` are their name and address then), for
   * the company's views of its orders. Null once that account is deleted.
   */
  userId: v.optional(v.nullable(v.string())),
  /**
   * The dealer's company it was placed for, with its name and tax number as they were then; null for an
   * order of an account without a company (docs/decisions/040-dealer-companies.md).
   */
  companyId: v.optional(v.nullable(v.string())),
  companyName: v.optional(v.nullable(v.string())),
  companyTaxNumber: v.optional(v.nullable(v.string())),
  /** The company's location it goes to, and its name then; null for an address typed for this order alone. */
  locationId: v.optional(v.nullable(v.string())),
  locationName: v.optional(v.nullable(v.string())),
  /** Placed by a sales rep for the company (`userName` and `userEmail` are the rep's); left out otherwise. */
  placedByRep: v.optional(v.boolean()),
  /**
   * In a dealer's own list: the dealer reads this order (a colleague's, seen through the company) but may not
   * pay or delete it, which only the one who placed it and the company's admin do. Left out otherwise.
   */
  readOnly: v.optional(v.boolean()),
  /** The dealer's purchase-order number, as typed when it was placed; null when none was given. */
  poNumber: v.optional(v.nullable(v.string())),
  /** How it is paid: by card (the spec's way), or on account on the company's terms then (docs/decisions/044). */
  paymentTerms: v.optional(v.picklist(PAYMENT_TERMS)),
  /** On hold or Refused: why, in the dealer's words (over the credit limit, an overdue invoice, the admin's reason). Null otherwise. */
  statusReason: v.optional(v.nullable(v.string())),
  /** An order on account that shipped: when its invoice is due. Null otherwise. */
  dueAt: v.optional(v.nullable(v.string())),
  /** When it was paid: by card (status Paid), or for an order on account when its invoice was settled. Null while unpaid. */
  paidAt: v.optional(v.nullable(v.string())),
  /** An invoice on account paid by bank transfer: the transfer's reference, as the admin recorded it. */
  paymentReference: v.optional(v.nullable(v.string())),
  /**
   * On account with a deposit (docs/decisions/047): the part of the gross paid by card before the order ships,
   * in minor units (0 or left out: none), and when it was paid (null while it is due).
   */
  depositMinor: v.optional(v.number()),
  depositPaidAt: v.optional(v.nullable(v.string())),
  /**
   * An order over its buyer's spending limit (docs/decisions/055): which limit, and who approved or declined it,
   * when, and why. Left out or null for an order that never needed approval.
   */
  approval: v.optional(v.nullable(OrderApprovalSchema)),
});
export type Order = v.InferOutput<typeof OrderSchema>;

type DepositFields = Pick<Order, 'status' | 'depositMinor' | 'depositPaidAt'>;

/** A confirmed order on account whose deposit is not paid yet: the dealer pays it by card, and it ships only then. */
export function depositDue(order: DepositFields): boolean {
  return (order.depositMinor ?? 0) > 0 && !order.depositPaidAt && order.status === 'Confirmed';
}

/**
 * What the dealer pays by card now, in minor units: an unpaid card order's gross, or a confirmed order's
 * deposit; null when nothing is due by card (paid, on account, or on hold until the shop releases it).
 */
export function dueByCard(order: DepositFields & Pick<Order, 'totalMinor' | 'currency' | 'totalPrice'>): { minor: number; kind: 'order' | 'deposit' } | null {
  if (order.status === 'Unpaid') return { minor: orderAmount(order).minor, kind: 'order' };
  if (depositDue(order)) return { minor: order.depositMinor ?? 0, kind: 'deposit' };
  return null;
}

/** What the invoice of an order on account asks for: its gross less the deposit paid before it shipped. */
export function invoiceBalance(order: Pick<Order, 'totalMinor' | 'currency' | 'totalPrice' | 'depositMinor'>): number {
  return orderAmount(order).minor - (order.depositMinor ?? 0);
}

/** An order's total in minor units and its currency, for orders saved before either was sent too. */
export function orderAmount(order: Pick<Order, 'totalMinor' | 'currency' | 'totalPrice'>): { minor: number; currency: CurrencyCode } {
  return { minor: order.totalMinor ?? listMinor(order.totalPrice), currency: order.currency ?? LIST_CURRENCY };
}

/** An order's net, tax and gross in minor units, with the tax's terms (no tax for orders saved before it). */
export function orderTaxAmounts(order: Pick<Order, 'totalMinor' | 'currency' | 'totalPrice' | 'taxMinor' | 'taxRateMicros' | 'taxName' | 'reverseCharge'>): {
  net: number;
  tax: number;
  gross: number;
  terms: TaxTerms;
} {
  const gross = orderAmount(order).minor;
  const tax = order.taxMinor ?? 0;
  return {
    net: gross - tax,
    tax,
    gross,
    terms: { rateMicros: order.taxRateMicros ?? 0, name: order.taxName ?? null, reverseCharge: order.reverseCharge ?? false },
  };
}

/** A line's unit price and total in minor units, for lines saved before they were sent. */
export function lineAmounts(line: Pick<OrderLine, 'unitPrice' | 'lineTotal' | 'unitPriceMinor' | 'lineTotalMinor'>): { unit: number; total: number } {
  return { unit: line.unitPriceMinor ?? listMinor(line.unitPrice), total: line.lineTotalMinor ?? listMinor(line.lineTotal) };
}
export const OrderListSchema = v.array(OrderSchema);

export const OrderPageSchema = v.object({
  items: OrderListSchema,
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type OrderPage = v.InferOutput<typeof OrderPageSchema>;

export const orderMessages = {
  /** A locationId that is not one of the placer's company's locations: another company's answers the same as a missing one. */
  locationNotFound: 'That delivery location is not one of your company’s locations. Choose one of them, or type the address for this order.',
  /** A buyer who sees all of the company's orders reads a colleague's order but does not pay or delete it. */
  onlyPlacerOrCompanyAdmin: 'Only the person who placed this order, or your company’s admin, can pay or delete it.',
  /** A companyId the placer does not order for: a rep's unassigned company, or a dealer's other than its own (the same answer as a missing one). */
  notYourCompany: 'That company is not one you order for. Choose one of your companies.',
} as const;

export const ClientOrderIdSchema = uuidField('clientOrderId must be a UUID');

/**
 * One of the company's locations to deliver to: the server then takes the address and phone from the
 * location and ignores those typed (the spec's userAddress and userPhone stay required all the same).
 * Left out, the order goes to the address typed for it alone.
 */
export const LocationIdSchema = v.optional(uuidField('locationId must be the id of one of your company’s locations'));

/**
 * The company the order is for: a sales rep names one of the companies assigned to it (required of a rep);
 * a dealer may leave it out, and when it sends it, it must be its own company.
 */
const CompanyIdSchema = v.optional(uuidField('companyId must be the id of a company you order for'));

/**
 * The one-tool order's body of POST /api/orders, as the spec's clients send it; the server places it as
 * an order of one line. Name, e-mail, price and status come from the server, never from here.
 */
export const OneToolOrderBodySchema = v.strictObject({
  productId: IdSchema,
  orderQuantity: QuantitySchema,
  userAddress: AddressSchema,
  userPhone: PhoneSchema,
  clientOrderId: ClientOrderIdSchema,
  companyId: CompanyIdSchema,
  locationId: LocationIdSchema,
  poNumber: PoNumberSchema,
  payment: PaymentChoiceSchema,
  /** The total the customer saw; a mismatch gives 409 price_changed (docs/architecture.md, "Orders and stock"). */
  totalPrice: v.optional(
    v.pipe(v.number('totalPrice must be a number'), v.integer('totalPrice must be whole dollars'), v.minValue(0), v.maxValue(MAX_ORDER_TOTAL, ORDER_TOO_LARGE)),
  ),
});
export type OneToolOrderBody = v.InferOutput<typeof OneToolOrderBodySchema>;

/** One line of an order as the dealer sends it: the tool, how many, and the unit price the screen showed. */
export const OrderLineInputSchema = v.strictObject({
  productId: IdSchema,
  quantity: QuantitySchema,
  /** The unit price the dealer saw, in whole dollars of the list price; a different server price refuses the line with price_changed. */
  unitPrice: v.optional(v.pipe(v.number('unitPrice must be a number'), v.integer('unitPrice must be whole dollars'), v.minValue(0), v.maxValue(MAX_PRICE))),
  /**
   * The unit price the dealer saw, in minor units of the order's `currency`: a server price at or below it
   * is applied, a higher one refuses the line with price_changed and both prices (docs/decisions/045).
   */
  unitPriceMinor: v.optional(
    v.pipe(
      v.number('unitPriceMinor must be a number'),
      v.integer('unitPriceMinor must be a whole number of minor units'),
      v.minValue(0),
      v.maxValue(MAX_LIST_PRICE_MINOR),
    ),
  ),
});
export type OrderLineInput = v.InferOutput<typeof OrderLineInputSchema>;

/**
 * Body of POST /api/orders as an order is: its lines, one address, paid once. The PWA always sends this
 * one, for one tool as for many; a body without `lines` is the one-tool order's.
 */
export const OrderBodySchema = v.strictObject({
  lines: v.pipe(
    v.array(OrderLineInputSchema, 'lines must be a list'),
    v.minLength(1, 'Add at least one tool to the order'),
    v.maxLength(MAX_ORDER_LINES, `One order holds at most ${formatCount(MAX_ORDER_LINES)} tools`),
    v.check((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, 'Each tool may appear on one line only'),
  ),
  userAddress: AddressSchema,
  userPhone: PhoneSchema,
  clientOrderId: ClientOrderIdSchema,
  companyId: CompanyIdSchema,
  locationId: LocationIdSchema,
  /** The dealer's purchase-order number (required where its company says so). */
  poNumber: PoNumberSchema,
  /** Card, or on the company's account; left out, on account where the company has terms. */
  payment: PaymentChoiceSchema,
  /** The total the dealer saw, in whole dollars of the list price; a different server total refuses the order with price_changed. */
  totalPrice: v.optional(
    v.pipe(v.number('totalPrice must be a number'), v.integer('totalPrice must be whole dollars'), v.minValue(0), v.maxValue(MAX_ORDER_TOTAL, ORDER_TOO_LARGE)),
  ),
  /** The currency of the lines' `unitPriceMinor`: the dealer's price list's as the device last read it. */
  currency: v.optional(CurrencySchema),
  /** The version of that price list the device priced the order with. */
  priceListVersion: v.optional(v.pipe(v.number('priceListVersion must be a number'), v.integer('priceListVersion must be a whole number'), v.minValue(0))),
});
export type OrderBody = v.InferOutput<typeof OrderBodySchema>;

/** Why a line of an order was refused (409), named per line so the dealer can fix each. */
export const OrderLineProblemSchema = v.object({
  productId: v.string(),
  code: v.picklist(LINE_PROBLEM_CODES),
  message: v.string(),
  /** The tool as it is now (missing when it no longer exists). */
  product: v.optional(ProductSchema),
  /** price_changed on a dealer's price list: the unit price the dealer saw and the one it costs now, in minor units of `currency`. */
  seenPriceMinor: v.optional(v.number()),
  priceMinor: v.optional(v.number()),
  currency: v.optional(v.picklist(CURRENCIES)),
});
export type OrderLineProblem = v.InferOutput<typeof OrderLineProblemSchema>;

/**
 * The purchase form (the spec): address and phone required, and a whole quantity from the product's
 * minimum to the most one order may take of it, with the spec's message for anything else
 * (quantity-rules.ts decides the range and its words).
 */
export function purchaseFormSchema(terms: QuantityTerms) {
  return v.object({
    userAddress: AddressSchema,
    userPhone: PhoneSchema,
    orderQuantity: purchaseQuantitySchema(terms),
  });
}
export type PurchaseForm = v.InferOutput<ReturnType<typeof purchaseFormSchema>>;

/** Details carried by the 409 answers of POST /api/orders: the product (one-tool orders), every failing line (bulk). */
export const OrderConflictDetailsSchema = v.object({ product: v.optional(ProductSchema), lines: v.optional(v.array(OrderLineProblemSchema)) });

export const PaymentIntentBodySchema = v.strictObject({ orderId: IdSchema });
export const ConfirmPaymentBodySchema = v.strictObject({
  transactionId: v.pipe(
    v.string('transactionId is required'),
    v.nonEmpty('transactionId is required'),
    v.maxLength(255),
    v.regex(/^[A-Za-z0-9_]+$/u, 'transactionId is malformed'),
  ),
});

export const InsertedIdSchema = v.object({ insertedId: v.string() });
/** The answer of POST /api/orders: the spec's `insertedId`, and the order's number (docs/decisions/035). */
export const PlacedOrderSchema = v.object({
  insertedId: v.string(),
  number: v.optional(v.string()),
  /** Unpaid (to be paid by card), or for an order on account Confirmed or On hold (docs/decisions/044). */
  status: v.optional(v.picklist(ORDER_STATUSES)),
  /** On hold: why, in the dealer's words. */
  statusReason: v.optional(v.nullable(v.string())),
  /** On account with a deposit (docs/decisions/047): the deposit to pay by card before it ships, in minor units; left out for none. */
  depositMinor: v.optional(v.number()),
});
export type PlacedOrder = v.InferOutput<typeof PlacedOrderSchema>;

/** Whether a placed order goes on to the payment page: only one to pay by card. */
export function needsCardPayment(status: OrderStatus | undefined): boolean {
  return status === undefined || status === 'Unpaid';
}
export const DeletedCountSchema = v.object({ deletedCount: v.number() });
export const ModifiedCountSchema = v.object({ modifiedCount: v.number() });
export const PaymentIntentResponseSchema = v.object({ clientSecret: v.string() });

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;
export const ADMIN_ORDERS_SEARCH_MAX_LENGTH = 100;

/** A calendar day as `YYYY-MM-DD` that exists (no 31 April). */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A time zone the platform knows by its IANA name (`Europe/Berlin`, `UTC`). */
export function isTimeZone(text: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: text });
    return true;
  } catch {
    return false;
  }
}

const daySchema = (name: string) => v.pipe(v.string(), v.trim(), v.check(isCalendarDay, `${name} must be a date written as YYYY-MM-DD, such as 2026-11-26`));

/**
 * What a list of orders can be narrowed to: `q` finds the order number or a tool (name or SKU) of any
 * line, ignoring case (and, for admins, the customer's name or e-mail); `status`; and the days it was
 * placed, `from` and `to` included, as calendar days in the time zone `tz` (UTC when not given).
 */
const orderSearchEntries = {
  status: v.optional(v.picklist(ORDER_STATUSES, `status must be one of ${ORDER_STATUSES.join(', ')}`)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(ADMIN_ORDERS_SEARCH_MAX_LENGTH, `q must be at most ${ADMIN_ORDERS_SEARCH_MAX_LENGTH} characters`))),
  from: v.optional(daySchema('from')),
  to: v.optional(daySchema('to')),
  tz: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64), v.check(isTimeZone, 'tz must be a time zone such as Europe/Berlin or UTC'))),
};

/** A day range that ends before it starts finds nothing by mistake: it is refused instead. */
const fromNotAfterTo = <T extends { from?: string | undefined; to?: string | undefined }>() =>
  v.check<T, string>((query) => !query.from || !query.to || query.from <= query.to, 'from must be on or before to');

/**
 * Query of GET /api/orders/{email}: the orders the dealer may see (their own, or all of their company's for
 * its company admin and a buyer who sees all), narrowed as orderSearchEntries says, and for a company's
 * view by who placed them (`placedBy`, an account's id) and where they go (`locationId`); for a sales rep, by
 * one of its companies (`companyId`).
 */
export const MyOrdersQuerySchema = v.pipe(
  v.object({
    ...orderSearchEntries,
    placedBy: v.optional(uuidField('placedBy must be the id of a member of your company')),
    locationId: v.optional(uuidField('locationId must be the id of one of your company’s locations')),
    /** A sales rep's view of one of its companies. */
    companyId: v.optional(uuidField('companyId must be the id of a company you order for')),
  }),
  fromNotAfterTo(),
);
export type MyOrdersQuery = v.InferOutput<typeof MyOrdersQuerySchema>;
export type OrdersSearchInput = v.InferInput<typeof MyOrdersQuerySchema>;

/** Query of GET /api/orders (admin): one page of every order, newest first (docs/decisions/004), narrowed the same way. */
export const AdminOrdersQuerySchema = v.pipe(
  v.object({
    page: v.optional(queryInt('page', 1_000_000), '1'),
    pageSize: v.optional(queryInt('pageSize', ADMIN_ORDERS_MAX_PAGE_SIZE), String(ADMIN_ORDERS_PAGE_SIZE)),
    ...orderSearchEntries,
    /** Part of the company's name, ignoring case. */
    company: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(ADMIN_ORDERS_SEARCH_MAX_LENGTH, `company must be at most ${ADMIN_ORDERS_SEARCH_MAX_LENGTH} characters`)),
    ),
    /** Part of the location's name, ignoring case. */
    location: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(ADMIN_ORDERS_SEARCH_MAX_LENGTH, `location must be at most ${ADMIN_ORDERS_SEARCH_MAX_LENGTH} characters`)),
    ),
  }),
  fromNotAfterTo(),
);
export type AdminOrdersQuery = v.InferOutput<typeof AdminOrdersQuerySchema>;
export type AdminOrdersQueryInput = v.InferInput<typeof AdminOrdersQuerySchema>;

/** How long after shipping an admin may take it back; the server decides, the screen offers it meanwhile. */
export const SHIP_UNDO_MS = 60_000;
export const CARRIER_MAX_LENGTH = 40;
export const TRACKING_NUMBER_MIN_LENGTH = 4;
export const TRACKING_NUMBER_MAX_LENGTH = 40;

/**
 * Body of PATCH /api/orders/{id} (ship), all optional: the carrier and the tracking number. An empty
 * text is the same as none. A carrier is a name (letters, digits, spaces and `.&'-()`); a tracking number
 * is letters, digits, spaces and hyphens, as carriers print them.
 */
export const ShipOrderBodySchema = v.strictObject({
  carrier: v.optional(
    v.pipe(
      v.string('carrier must be text'),
      v.trim(),
      v.maxLength(CARRIER_MAX_LENGTH, `The carrier must be at most ${CARRIER_MAX_LENGTH} characters`),
      v.regex(/^(?:[\p{L}\p{N}][\p{L}\p{N} .&'()-]*)?$/u, "The carrier may hold letters, digits, spaces and . & ' ( ) - only"),
    ),
  ),
  trackingNumber: v.optional(
    v.pipe(
      v.string('trackingNumber must be text'),
      v.trim(),
      v.check(
        (text) => text === '' || (text.length >= TRACKING_NUMBER_MIN_LENGTH && text.length <= TRACKING_NUMBER_MAX_LENGTH),
        `The tracking number must be ${TRACKING_NUMBER_MIN_LENGTH} to ${TRACKING_NUMBER_MAX_LENGTH} characters`,
      ),
      v.regex(/^(?:[A-Za-z0-9][A-Za-z0-9 -]*)?$/u, 'The tracking number may hold letters A-Z, digits, spaces and hyphens only'),
    ),
  ),
});
export type ShipOrderBody = v.InferOutput<typeof ShipOrderBodySchema>;
