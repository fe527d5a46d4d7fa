// Data access for orders. Every status change is a conditional update (docs/architecture.md, "Orders and
// stock"), so two requests racing on one order can never move it backwards or skip a state. Orders belong
// to the user id that placed them and to the company it was placed for: the e-mail on an order is a
// snapshot for the records, never a key, and who among a company's members sees which orders is decided
// here alone (dealerSeesOrder).

import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentTerms } from '../../src/contract/account-terms';
import { isCurrency, LIST_CURRENCY, toMajor, type CurrencyCode } from '../../src/contract/money';
import type { Order, OrderLine } from '../../src/contract/order';
import type { OrderStatus } from '../../src/contract/order-status';
import type { TaxTerms } from '../../src/contract/tax';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import type { OrderApproval } from '../../src/contract/spending-limits';
import { companyMembers, companyReps, orderApprovals, orderLines, orders, users } from '../db/schema';
import { approvalsOf } from './order-approvals';

export type OrderRow = typeof orders.$inferSelect;

/** What a one-tool order's answer names at its top level; for every order it is read from the lines. */
export type OneToolFields = 'productId' | 'productName' | 'imageUrl' | 'unitPrice' | 'orderQuantity';

/** An order as the server knows it: who ordered, where it stands, and its lines, one or many. */
export type OrderWithLines = Omit<Order, OneToolFields | 'lines'> & { lines: OrderLine[] };

/**
 * The order with its lines. `heldFor` is how long an unpaid order keeps its stock (UNPAID_ORDER_TTL_HOURS):
 * an unpaid order says until when, so the dealer knows how long there is to pay.
 */
export function toOrder(row: OrderRow, heldFor: number | null = null, lines: OrderLine[] = [], approval: OrderApproval | null = null): OrderWithLines {
  return {
    _id: row.id,
    number: row.number,
    userName: row.userName,
    userEmail: row.userEmail,
    userAddress: row.userAddress,
    userPhone: row.userPhone,
    totalPrice: toMajor(row.totalMinor, currencyOf(row)),
    totalMinor: row.totalMinor,
    currency: currencyOf(row),
    priceListVersion: row.priceListVersion,
    taxMinor: row.taxMinor,
    taxRateMicros: row.taxRateMicros,
    taxName: row.taxName,
    reverseCharge: row.reverseCharge,
    status: row.status,
    transactionId: row.transactionId,
    clientOrderId: row.clientOrderId,
    createdAt: row.createdAt.toISOString(),
    heldUntil: row.status === 'Unpaid' && row.holdsStock && heldFor !== null ? new Date(row.createdAt.getTime() + heldFor).toISOString() : null,
    holdsStock: row.holdsStock,
    lines,
    invoiceNo: invoiceNoOf(row),
    shippedAt: row.shippedAt?.toISOString() ?? null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    userId: row.userId,
    companyId: row.companyId,
    companyName: row.companyName,
    companyTaxNumber: row.companyTaxNumber,
    locationId: row.locationId,
    locationName: row.locationName,
    ...(row.placedByRep ? { placedByRep: true } : {}),
    poNumber: row.poNumber,
    paymentTerms: row.paymentTerms,
    statusReason: row.statusReason,
    dueAt: row.dueAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentReference: row.paymentReference,
    ...(row.depositMinor > 0 ? { depositMinor: row.depositMinor, depositPaidAt: row.depositPaidAt?.toISOString() ?? null } : {}),
    ...(approval ? { approval } : {}),
  };
}

/** The tax the order was placed with, as the contract's terms (docs/decisions/046). */
export function taxTermsOf(row: Pick<OrderRow, 'taxRateMicros' | 'taxName' | 'reverseCharge'>): TaxTerms {
  return { rateMicros: row.taxRateMicros, name: row.taxName, reverseCharge: row.reverseCharge };
}

/** The order's currency; a code the contract does not know (never written by this server) reads as the list's. */
export function currencyOf(row: Pick<OrderRow, 'currency'>): CurrencyCode {
  return isCurrency(row.currency) ? row.currency : LIST_CURRENCY;
}

/** `2026-00042`: the year the order was paid and its number in that year. */
export function invoiceNoOf(row: Pick<OrderRow, 'invoiceYear' | 'invoiceSeq'>): string | null {
  if (row.invoiceYear === null || row.invoiceSeq === null) return null;
  return `${row.invoiceYear}-${String(row.invoiceSeq).padStart(5, '0')}`;
}

type LineRecord = typeof orderLines.$inferSelect;

function toLine(row: LineRecord, currency: CurrencyCode): OrderLine {
  return {
    productId: row.productId,
    productName: row.productName,
    sku: row.sku,
    imageUrl: row.imageUrl,
    unitPrice: toMajor(row.unitPriceMinor, currency),
    quantity: row.quantity,
    lineTotal: toMajor(row.lineTotalMinor, currency),
    unitPriceMinor: row.unitPriceMinor,
    lineTotalMinor: row.lineTotalMinor,
  };
}

/** The lines of these orders, in line order, one query for all of them. */
export async function linesOf(tx: Tx, orderIds: string[]): Promise<Map<string, OrderLine[]>> {
  const byOrder = new Map<string, OrderLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await tx
    .select({ line: orderLines, currency: orders.currency })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
  for (const { line, currency } of rows) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(toLine(line, currencyOf({ currency })));
    byOrder.set(line.orderId, list);
  }
  return byOrder;
}

/** The orders with their lines, and for an order that waited for its company's approver, the approval (docs/decisions/055). */
export async function withLines(tx: Tx, rows: OrderRow[], heldFor: number | null): Promise<OrderWithLines[]> {
  const ids = rows.map((row) => row.id);
  const [lines, approvals] = await Promise.all([linesOf(tx, ids), approvalsOf(tx, ids)]);
  return rows.map((row) => toOrder(row, heldFor, lines.get(row.id) ?? [], approvals.get(row.id) ?? null));
}

/** What the placing user's row says, read under a lock on it (see lockUserForOrder). */
export interface PlacingUser {
  /** Pieces the user holds in unpaid orders, kept by a trigger on orders (migration 0010, decision 022). */
  held: number;
  /** The shop trusts the user to hold stock unpaid (docs/decisions/027). */
  trusted: boolean;
  /** As the user's row says now: the sign-in that made the access token may be older. */
  emailVerified: boolean;
  /** The order this user already placed with the clientOrderId, if any. */
  existing: string | null;
}

/**
 * Locks the user's row until the transaction ends and reads what placing an order needs from it: the
 * pieces held unpaid and an earlier order with this clientOrderId. One user's orders are placed one after
 * another, so a repeated request finds the first one committed, and two orders cannot both slip under
 * the unpaid cap (docs/decisions/011-unpaid-orders-expire.md).
 */
export async function lockUserForOrder(tx: Tx, userId: string, clientOrderId: string): Promise<PlacingUser> {
  // The lock first, on its own: a statement that waited for the lock still reads with the snapshot it
  // started with, so reading in the same statement would miss an order committed while it waited.
  await tx.execute(sql`select 1 from users where id = ${userId}::uuid for update`);
  const [row] = await rowsOf<{ held: number; trusted: boolean; verified: boolean; existing: string | null }>(
    tx,
    sql`
    select u.unpaid_units as held, u.trusted_at is not null as trusted, u.email_verified as verified,
           (select o.id from orders o where o.user_id = u.id and o.client_order_id = ${clientOrderId}::uuid) as existing
      from users u where u.id = ${userId}::uuid`,
  );
  return { held: Number(row?.held ?? 0), trusted: row?.trusted === true, emailVerified: row?.verified === true, existing: row?.existing ?? null };
}

export interface NewOrder {
  userId: string;
  userEmail: string;
  userName: string;
  userAddress: string;
  userPhone: string;
  clientOrderId: string;
  /** Minor units of `pricing.currency`: the sum of the lines, and the tax on it when `tax` says so (the gross). */
  totalMinor: number;
  /** The tax in `totalMinor` and what it was worked out on; left out, none. */
  tax?: TaxTerms & { minor: number };
  /** What the lines were priced with: the currency, and the price list with its version and rate; left out, the list price in US dollars. */
  pricing?: { currency: CurrencyCode; priceList: { id: string; version: number; rateMicros: number } | null };
  lines: { productId: string; productName: string; sku: string | null; imageUrl: string; unitPriceMinor: number; quantity: number }[];
  /** The pieces are off the shelf from now on; false for an account not trusted to hold stock (docs/decisions/027). */
  holdsStock: boolean;
  /** The placer's company as it is now (copied); none for an account without one. */
  company?: { id: string; name: string; taxNumber: string | null } | null;
  /** The company's location it goes to (its name copied); none for an address typed for this order alone. */
  location?: { id: string; name: string } | null;
  /** A sales rep placed it for the company (the user fields are the rep's). */
  placedByRep?: boolean;
  /** The dealer's purchase-order number; null for none. */
  poNumber?: string | null;
  /**
   * On account (docs/decisions/044): the company's terms, and whether it is Confirmed or On hold with why.
   * Left out, the order is to be paid by card (Unpaid).
   */
  onAccount?: { terms: Exclude<PaymentTerms, 'card'>; holdReason: string | null; depositMinor?: number } | null;
  /** Over the buyer's spending limit: Awaiting approval, whatever the terms, until an approver decides (docs/decisions/055). */
  awaitingApproval?: boolean;
}

/** Inserts an order and its lines (Unpaid; on account Confirmed or On hold), numbered from 1 in the order given; returns the order's id. */
export async function insertOrder(tx: Tx, order: NewOrder): Promise<string> {
  if (order.lines.length === 0) throw new Error('an order needs a line');
  const [placed] = await tx
    .insert(orders)
    .values({
      userId: order.userId,
      userEmail: order.userEmail,
      userName: order.userName,
      userAddress: order.userAddress,
      userPhone: order.userPhone,
      totalMinor: order.totalMinor,
      currency: order.pricing?.currency ?? LIST_CURRENCY,
      priceListId: order.pricing?.priceList?.id ?? null,
      priceListVersion: order.pricing?.priceList?.version ?? null,
      rateMicros: order.pricing?.priceList?.rateMicros ?? 1_000_000,
      taxMinor: order.tax?.minor ?? 0,
      taxRateMicros: order.tax?.rateMicros ?? 0,
      taxName: order.tax?.name ?? null,
      reverseCharge: order.tax?.reverseCharge ?? false,
      status: order.awaitingApproval ? 'Awaiting approval' : order.onAccount ? (order.onAccount.holdReason === null ? 'Confirmed' : 'On hold') : 'Unpaid',
      paymentTerms: order.onAccount?.terms ?? 'card',
      statusReason: order.awaitingApproval ? null : (order.onAccount?.holdReason ?? null),
      depositMinor: order.onAccount?.depositMinor ?? 0,
      poNumber: order.poNumber ?? null,
      clientOrderId: order.clientOrderId,
      holdsStock: order.holdsStock,
      companyId: order.company?.id ?? null,
      companyName: order.company?.name ?? null,
      companyTaxNumber: order.company?.taxNumber ?? null,
      locationId: order.location?.id ?? null,
      locationName: order.location?.name ?? null,
      placedByRep: order.placedByRep ?? false,
    })
    .returning({ id: orders.id });
  if (!placed) throw new Error('order insert returned no row');
  await tx.insert(orderLines).values(
    order.lines.map((line, i) => ({
      orderId: placed.id,
      lineNo: i + 1,
      productId: line.productId,
      productName: line.productName,
      sku: line.sku,
      imageUrl: line.imageUrl,
      unitPriceMinor: line.unitPriceMinor,
      quantity: line.quantity,
      lineTotalMinor: line.unitPriceMinor * line.quantity,
    })),
  );
  return placed.id;
}

/** The pieces of these orders' lines, for giving them back. */
export async function piecesOf(tx: Tx, orderIds: string[]): Promise<{ productId: string | null; quantity: number }[]> {
  if (orderIds.length === 0) return [];
  return tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines).where(inArray(orderLines.orderId, orderIds));
}

export async function findOrderIdByClientOrderId(tx: Tx, userId: string, clientOrderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, clientOrderId)))
    .limit(1);
  return row?.id ?? null;
}

export async function findOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/**
 * The one rule of which orders a dealer sees and acts on (lists, an order, paying, deleting, invoices): the
 * orders they placed themselves, and every order of their company when they are its company admin or a
 * buyer who sees all of the company's orders (docs/decisions/040-dealer-companies.md). A sales rep sees the
 * orders of every company assigned to it (docs/decisions/043-sales-reps.md). Read from the membership and the
 * assignments as they are at this statement, so a change of role applies at once. Anyone else's order does
 * not exist for them.
 */
export function dealerSeesOrder(userId: string): SQL {
  // One membership per user (its key), so a scalar subquery: read once per statement, and the company's
  // index on orders serves it beside the user's.
  const companySeen = sql`${orders.companyId} = (select ${companyMembers.companyId} from ${companyMembers}
    where ${companyMembers.userId} = ${userId}::uuid and (${companyMembers.role} = 'company_admin' or ${companyMembers.canSeeAllOrders}))`;
  const repSeen = sql`${orders.companyId} in (select ${companyReps.companyId} from ${companyReps}
    join ${users} on ${users.id} = ${companyReps.userId} and ${users.role} = 'rep' where ${companyReps.userId} = ${userId}::uuid)`;
  return or(eq(orders.userId, userId), companySeen, repSeen) ?? eq(orders.userId, userId);
}

/**
 * Whether this dealer may act on an order they see (pay it or its invoice, delete it): the one who placed it,
 * and their company's admin. A buyer who sees all of the company's orders reads them, invoices included, and acts on
 * their own only.
 */
export function dealerActsOnOrder(userId: string): SQL {
  const companyAdmin = sql`${orders.companyId} = (select ${companyMembers.companyId} from ${companyMembers}
    where ${companyMembers.userId} = ${userId}::uuid and ${companyMembers.role} = 'company_admin')`;
  return or(eq(orders.userId, userId), companyAdmin) ?? eq(orders.userId, userId);
}

/** An order this dealer sees, and whether they may act on it (dealerActsOnOrder). */
export interface SeenOrder {
  order: OrderRow;
  mayAct: boolean;
}

/** The order, if this dealer sees it, with whether they may pay or delete it; null for a missing one and for anyone else's. */
export async function findOrderAccess(tx: Tx, id: string, userId: string): Promise<SeenOrder | null> {
  const [row] = await tx
    .select({ order: orders, mayAct: sql<boolean>`coalesce(${dealerActsOnOrder(userId)}, false)` })
    .from(orders)
    .where(and(eq(orders.id, id), dealerSeesOrder(userId)))
    .limit(1);
  return row ? { order: row.order, mayAct: row.mayAct === true } : null;
}

/** The order, if this dealer sees it (dealerSeesOrder); null for a missing one and for anyone else's. */
export async function findOrderSeenBy(tx: Tx, id: string, userId: string): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), dealerSeesOrder(userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The orders this dealer sees (dealerSeesOrder), newest first, narrowed by a search (see orderSearchWhere). An
 * order the dealer reads but may not pay or delete (dealerActsOnOrder) says so with `readOnly`, so the list
 * offers its buttons only where the server would accept them.
 */
export async function listOrdersSeenBy(tx: Tx, userId: string, heldFor: number | null = null, search: OrderSearch = {}): Promise<OrderWithLines[]> {
  const rows = await tx
    .select({ order: orders, mayAct: sql<boolean>`coalesce(${dealerActsOnOrder(userId)}, false)` })
    .from(orders)
    .where(and(dealerSeesOrder(userId), orderSearchWhere(search)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const readOnly = new Set(rows.filter((row) => row.mayAct !== true).map((row) => row.order.id));
  const listed = await withLines(
    tx,
    rows.map((row) => row.order),
    heldFor,
  );
  return listed.map((order) => (readOnly.has(order._id) ? { ...order, readOnly: true } : order));
}

/** The user's unpaid orders that have a payment started at the processor. */
export async function listUnpaidWithPaymentByUser(tx: Tx, userId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'Unpaid'), isNotNull(orders.paymentIntentId)));
}

/**
 * An order approved by its company's approver after the cutoff is not due yet: its time to pay counts from the
 * approval, not from when it was placed (docs/decisions/055).
 */
function notApprovedSince(cutoff: Date): SQL {
  return sql`not exists (select 1 from ${orderApprovals} where ${orderApprovals.orderId} = ${orders.id} and ${orderApprovals.decidedAt} >= ${cutoff.toISOString()}::timestamptz)`;
}

/** Unpaid orders placed (or approved) before the cutoff, oldest first: the ones whose hold on the stock has run out. */
export async function listExpiredUnpaid(tx: Tx, placedBefore: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'Unpaid'), lt(orders.createdAt, placedBefore), notApprovedSince(placedBefore)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/** What a list of orders is narrowed to; `customer` also searches the customer's name and e-mail. */
export interface OrderSearch {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  /** Placed at or after this instant. */
  placedFrom?: Date | undefined;
  /** Placed before this instant. */
  placedBefore?: Date | undefined;
  customer?: boolean;
  /** Placed by this account (a company's view). */
  placedBy?: string | undefined;
  /** Going to this location of the company (a company's view). */
  locationId?: string | undefined;
  /** For this company (a sales rep's view of one of its companies). */
  companyId?: string | undefined;
  /** Part of the company's name (admins). */
  companyName?: string | undefined;
  /** Part of the location's name (admins). */
  locationName?: string | undefined;
}

export type OrderPageQuery = OrderSearch & { page: number; pageSize: number; heldFor?: number | null };

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
}

/**
 * The SQL condition of a search, the same for My Orders, Manage Orders and the CSV export: the status, the
 * days placed (whole calendar days in the asker's time zone), and a text found in the order number, the
 * dealer's purchase-order number, or a
 * tool's name or SKU on any line, ignoring case; for admins also in the customer's name or e-mail. A
 * company's view narrows by who placed it and its location; the admins by part of the company's or the
 * location's name.
 */
export function orderSearchWhere(search: OrderSearch): SQL | undefined {
  const filters: SQL[] = [];
  if (search.status) filters.push(eq(orders.status, search.status));
  if (search.placedBy) filters.push(eq(orders.userId, search.placedBy));
  if (search.locationId) filters.push(eq(orders.locationId, search.locationId));
  if (search.companyId) filters.push(eq(orders.companyId, search.companyId));
  if (search.companyName) filters.push(ilike(orders.companyName, likePattern(search.companyName)));
  if (search.locationName) filters.push(ilike(orders.locationName, likePattern(search.locationName)));
  if (search.placedFrom) filters.push(gte(orders.createdAt, search.placedFrom));
  if (search.placedBefore) filters.push(lt(orders.createdAt, search.placedBefore));
  if (search.q) {
    const pattern = likePattern(search.q);
    const anyLine = sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and (${orderLines.productName} ilike ${pattern} or ${orderLines.sku} ilike ${pattern}))`;
    const customer = search.customer ? [ilike(orders.userEmail, pattern), ilike(orders.userName, pattern)] : [];
    const match = or(ilike(orders.number, pattern), ilike(orders.poNumber, pattern), anyLine, ...customer);
    if (match) filters.push(match);
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

/** One page of all orders, newest first, and how many match in total (docs/decisions/004). */
export async function listOrdersPage(tx: Tx, query: OrderPageQuery): Promise<{ items: OrderWithLines[]; total: number }> {
  const where = orderSearchWhere(query);
  const [rows, totals] = await Promise.all([
    tx
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    tx.select({ n: count() }).from(orders).where(where),
  ]);
  return { items: await withLines(tx, rows, query.heldFor ?? null), total: totals[0]?.n ?? 0 };
}

/**
 * Deletes the order only while it is Unpaid (and, for the expiry job, only if placed before the cutoff);
 * returns what was deleted, so its stock can go back.
 */
export async function deleteUnpaidOrder(tx: Tx, id: string, placedBefore?: Date): Promise<OrderRow | null> {
  const [row] = await tx
    .delete(orders)
    .where(
      and(eq(orders.id, id), eq(orders.status, 'Unpaid'), placedBefore ? and(lt(orders.createdAt, placedBefore), notApprovedSince(placedBefore)) : undefined),
    )
    .returning();
  return row ?? null;
}

/** Remembers the payment intent made for an Unpaid order, so a later attempt can reuse it. */
export async function setPaymentIntent(tx: Tx, id: string, intentId: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ paymentIntentId: intentId })
    .where(and(eq(orders.id, id), eq(orders.status, 'Unpaid')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Locks the order's row until the transaction ends and returns it while it is Unpaid; null otherwise. Of two
 * payments racing for one order, the second waits here and then finds it Paid.
 */
export async function lockUnpaidOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.status, 'Unpaid')))
    .for('update');
  return row ?? null;
}

/** Unpaid -> Paid with the processor's transaction id and the invoice number; null when it was not Unpaid. */
export async function setOrderPaid(tx: Tx, id: string, transactionId: string, invoice: { year: number; seq: number }): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'Paid', transactionId, paidAt: sql`now()`, invoiceYear: invoice.year, invoiceSeq: invoice.seq })
    .where(and(eq(orders.id, id), eq(orders.status, 'Unpaid')))
    .returning();
  return row ?? null;
}

/** What the admin may say of a shipment: both optional. */
export interface Shipping {
  carrier: string | null;
  trackingNumber: string | null;
}

/** Paid -> Shipped, with the carrier and tracking number; null when the order was not Paid. */
export async function setOrderShipped(tx: Tx, id: string, shipping: Shipping = { carrier: null, trackingNumber: null }): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'Shipped', shippedAt: sql`now()`, carrier: shipping.carrier, trackingNumber: shipping.trackingNumber })
    .where(and(eq(orders.id, id), eq(orders.status, 'Paid')))
    .returning();
  return row ?? null;
}

/** The order locked until the transaction ends, while it is in this status; null otherwise. */
export async function lockOrderIn(tx: Tx, id: string, status: OrderStatus): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.status, status)))
    .for('update');
  return row ?? null;
}

/** An order with no deposit, or whose deposit is paid: one on account may ship only then (docs/decisions/047). */
const depositSettled = or(eq(orders.depositMinor, 0), isNotNull(orders.depositPaidAt));

/**
 * On account: Confirmed -> Shipped, due `days` after now by the database's clock, with the invoice number given
 * (none when it has one from a shipping undone); null when the order was not Confirmed.
 */
export async function setAccountOrderShipped(
  tx: Tx,
  id: string,
  shipping: Shipping = { carrier: null, trackingNumber: null },
  invoice: { year: number; seq: number } | null,
  days: number,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'Shipped',
      shippedAt: sql`now()`,
      dueAt: sql`now() + ${days} * interval '1 day'`,
      carrier: shipping.carrier,
      trackingNumber: shipping.trackingNumber,
      ...(invoice ? { invoiceYear: invoice.year, invoiceSeq: invoice.seq } : {}),
    })
    .where(and(eq(orders.id, id), eq(orders.status, 'Confirmed'), ne(orders.paymentTerms, 'card'), depositSettled))
    .returning();
  return row ?? null;
}

/** The deposit of a confirmed order on account is due: the order's row locked until the transaction ends; null otherwise. */
export async function lockOrderWithDepositDue(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.status, 'Confirmed'), gt(orders.depositMinor, 0), isNull(orders.depositPaidAt)))
    .for('update');
  return row ?? null;
}

/**
 * The deposit paid, by card with the processor's transaction id or by bank transfer with its reference; null
 * when it was not due (paid already, or the order is not confirmed).
 */
export async function setDepositPaid(tx: Tx, id: string, payment: { transactionId: string } | { reference: string }): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({
      depositPaidAt: sql`now()`,
      ...('transactionId' in payment ? { depositTransactionId: payment.transactionId } : { depositReference: payment.reference }),
    })
    .where(and(eq(orders.id, id), eq(orders.status, 'Confirmed'), gt(orders.depositMinor, 0), isNull(orders.depositPaidAt)))
    .returning();
  return row ?? null;
}

/** The intent the deposit is being paid with, while it is due; false when it is not. */
export async function setDepositIntent(tx: Tx, id: string, intentId: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ paymentIntentId: intentId })
    .where(and(eq(orders.id, id), eq(orders.status, 'Confirmed'), gt(orders.depositMinor, 0), isNull(orders.depositPaidAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Awaiting approval -> where it would have gone without the limit: Unpaid (a card order, holding no stock until it
 * is paid, docs/decisions/027), or on account Confirmed or On hold with why, its pieces taken. Null when it was not
 * waiting.
 */
export async function setOrderApproved(
  tx: Tx,
  id: string,
  next: { status: 'Unpaid' } | { status: 'Confirmed' | 'On hold'; holdReason: string | null },
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set(next.status === 'Unpaid' ? { status: 'Unpaid' } : { status: next.status, statusReason: next.holdReason, holdsStock: true })
    .where(and(eq(orders.id, id), eq(orders.status, 'Awaiting approval')))
    .returning();
  return row ?? null;
}

/** Awaiting approval -> Declined with the approver's reason; it never held stock. Null when it was not waiting. */
export async function setOrderDeclined(tx: Tx, id: string, reason: string): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'Declined', statusReason: reason, holdsStock: false })
    .where(and(eq(orders.id, id), eq(orders.status, 'Awaiting approval')))
    .returning();
  return row ?? null;
}

/** On hold -> Confirmed; null when it was not on hold. */
export async function setOrderReleased(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'Confirmed', statusReason: null })
    .where(and(eq(orders.id, id), eq(orders.status, 'On hold')))
    .returning();
  return row ?? null;
}

/** On hold -> Refused with why; it holds no stock any more. Null when it was not on hold. */
export async function setOrderRefused(tx: Tx, id: string, reason: string): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'Refused', statusReason: reason, holdsStock: false })
    .where(and(eq(orders.id, id), eq(orders.status, 'On hold')))
    .returning();
  return row ?? null;
}

/**
 * The invoices of these shipped orders on account paid now, by bank transfer (its reference) or by card (the
 * processor's transaction id); returns those that were unpaid invoices on account, the others untouched.
 */
export async function setAccountInvoicesPaid(tx: Tx, ids: string[], payment: { paymentReference: string } | { transactionId: string }): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(orders)
    .set({ paidAt: sql`now()`, ...payment })
    .where(and(inArray(orders.id, ids), eq(orders.status, 'Shipped'), ne(orders.paymentTerms, 'card'), isNull(orders.paidAt), isNotNull(orders.invoiceYear)))
    .returning();
}

/**
 * Shipped -> Paid again (Confirmed for an order on account, which keeps its invoice number but not its due
 * date), the only way back: while the shipping is less than `withinMs` old by the database's clock, so every
 * process agrees when it is too late. The shipping details go with it. Null when the order is not shipped,
 * was shipped too long ago, or is on account and already paid.
 */
export async function unsetOrderShipped(tx: Tx, id: string, withinMs: number): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({
      status: sql`case when ${orders.paymentTerms} = 'card' then 'Paid' else 'Confirmed' end`,
      shippedAt: null,
      dueAt: null,
      carrier: null,
      trackingNumber: null,
    })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, 'Shipped'),
        or(eq(orders.paymentTerms, 'card'), isNull(orders.paidAt)),
        gt(orders.shippedAt, sql`now() - ${withinMs} * interval '1 millisecond'`),
      ),
    )
    .returning();
  return row ?? null;
}

/** The order's pieces are off the shelf now (docs/decisions/027). */
export async function setHoldsStock(tx: Tx, id: string): Promise<void> {
  await tx.update(orders).set({ holdsStock: true }).where(eq(orders.id, id));
}

/** The user's Unpaid orders, locked until the transaction ends. */
export async function lockUnpaidOrdersOf(tx: Tx, userId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'Unpaid')))
    .orderBy(asc(orders.id))
    .for('update');
}
