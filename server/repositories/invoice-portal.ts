// Data access for the dealer's invoice portal (docs/decisions/044-orders-on-account.md): the invoices of the
// orders a dealer sees (dealerSeesOrder), where each stands, the balance, and the payments of several
// invoices with one card payment (invoice_payments).

import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { InvoiceState } from '../../src/contract/account-terms';
import type { PortalInvoice } from '../../src/contract/invoices-portal';
import { LIST_CURRENCY, type CurrencyCode } from '../../src/contract/money';
import type { Tx } from '../db/client';
import { companyMembers, invoicePayments, orders } from '../db/schema';
import { companyCurrency } from './company-account';
import { currencyOf, dealerActsOnOrder, dealerSeesOrder, invoiceNoOf, type OrderRow } from './orders';

export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

/**
 * Where an invoice stands: a card order's is paid with the order; one on account is paid once `paidAt` is
 * set, overdue after its due date, open until then (INVOICE_STATES).
 */
const invoiceState = sql<InvoiceState>`case when ${orders.paymentTerms} = 'card' or ${orders.paidAt} is not null then 'paid'
  when ${orders.dueAt} < now() then 'overdue' else 'open' end`;

/** Orders with an invoice: a card order once paid, an order on account once shipped. */
const hasInvoice = and(isNotNull(orders.invoiceYear), or(eq(orders.paymentTerms, 'card'), eq(orders.status, 'Shipped')));

/** An unpaid invoice on account: the only kind paid through the portal. */
const unpaidOnAccount = and(ne(orders.paymentTerms, 'card'), eq(orders.status, 'Shipped'), isNull(orders.paidAt), isNotNull(orders.invoiceYear));

function toInvoice(row: OrderRow, state: InvoiceState, mayAct: boolean): PortalInvoice {
  const card = row.paymentTerms === 'card';
  return {
    orderId: row.id,
    number: row.number,
    invoiceNo: invoiceNoOf(row) ?? '',
    poNumber: row.poNumber,
    paymentTerms: row.paymentTerms,
    amount: row.totalMinor - row.depositMinor,
    ...(row.depositMinor > 0 ? { depositMinor: row.depositMinor } : {}),
    currency: currencyOf(row),
    taxMinor: row.taxMinor,
    taxRateMicros: row.taxRateMicros,
    taxName: row.taxName,
    reverseCharge: row.reverseCharge,
    // A card order's invoice is made when it is paid; one on account's when the order ships.
    issuedAt: ((card ? row.paidAt : row.shippedAt) ?? row.createdAt).toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    state,
    companyName: row.companyName,
    placedBy: row.userName,
    mayPay: mayAct && !card && state !== 'paid',
  };
}

/**
 * One page of the invoices of the orders this dealer sees, in one state or all: overdue first, then open by
 * due date, then paid, the latest paid first.
 */
export async function listPortalInvoices(
  tx: Tx,
  userId: string,
  query: { state?: InvoiceState | undefined; page: number; pageSize: number },
): Promise<PortalInvoice[]> {
  const rows = await tx
    .select({ order: orders, state: invoiceState, mayAct: sql<boolean>`coalesce(${dealerActsOnOrder(userId)}, false)` })
    .from(orders)
    .where(and(dealerSeesOrder(userId), hasInvoice, query.state ? sql`${invoiceState} = ${query.state}` : undefined))
    .orderBy(
      sql`case ${invoiceState} when 'overdue' then 0 when 'open' then 1 else 2 end`,
      asc(orders.dueAt),
      sql`${orders.paidAt} desc nulls last`,
      sql`${orders.invoiceYear} desc, ${orders.invoiceSeq} desc`,
      asc(orders.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return rows.map((row) => toInvoice(row.order, row.state, row.mayAct === true));
}

/** How many invoices this dealer sees in each state. */
export async function countPortalInvoices(tx: Tx, userId: string): Promise<Record<InvoiceState, number>> {
  const rows = await tx
    .select({ state: invoiceState, n: sql<string>`count(*)` })
    .from(orders)
    .where(and(dealerSeesOrder(userId), hasInvoice))
    .groupBy(invoiceState);
  const counts: Record<InvoiceState, number> = { open: 0, overdue: 0, paid: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

/**
 * Minor units of the open and overdue invoices this dealer sees, and of the overdue ones among them, in their
 * currency. A dealer sees one company's invoices, whose open ones share the company's currency (its price list
 * cannot change currency while any is open); were there ever two, the larger balance is the one given.
 */
export async function portalBalance(tx: Tx, userId: string): Promise<{ openBalance: number; overdue: number; currency: CurrencyCode }> {
  const [row] = await tx
    .select({
      currency: orders.currency,
      openBalance: sql<string>`coalesce(sum(${orders.totalMinor} - ${orders.depositMinor}), 0)`,
      overdue: sql<string>`coalesce(sum(${orders.totalMinor} - ${orders.depositMinor}) filter (where ${orders.dueAt} < now()), 0)`,
    })
    .from(orders)
    .where(and(dealerSeesOrder(userId), unpaidOnAccount))
    .groupBy(orders.currency)
    .orderBy(sql`2 desc`)
    .limit(1);
  if (row) return { openBalance: Number(row.openBalance), overdue: Number(row.overdue), currency: currencyOf(row) };
  // Nothing open: nought in the currency the dealer's company buys in.
  const [member] = await tx.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId)).limit(1);
  return { openBalance: 0, overdue: 0, currency: member ? await companyCurrency(tx, member.companyId) : LIST_CURRENCY };
}

/** One of the orders a dealer asked to pay, as they see it: null fields when they do not see it at all. */
export interface InvoiceToPay {
  order: OrderRow;
  mayAct: boolean;
}

/**
 * The orders with these ids that this dealer sees, with whether they may pay them; with `lock`, locked until
 * the transaction ends (in id order, so two payments of overlapping invoices wait for each other instead of
 * deadlocking).
 */
export async function invoicesToPay(tx: Tx, userId: string, orderIds: string[], { lock }: { lock: boolean }): Promise<InvoiceToPay[]> {
  if (orderIds.length === 0) return [];
  const query = tx
    .select({ order: orders, mayAct: sql<boolean>`coalesce(${dealerActsOnOrder(userId)}, false)` })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), dealerSeesOrder(userId)))
    .orderBy(asc(orders.id));
  const rows = lock ? await query.for('update', { of: orders }) : await query;
  return rows.map((row) => ({ order: row.order, mayAct: row.mayAct === true }));
}

export interface NewInvoicePayment {
  userId: string;
  companyId: string | null;
  orderIds: string[];
  /** In minor units of `currency`. */
  amount: number;
  currency: CurrencyCode;
}

export async function insertInvoicePayment(tx: Tx, payment: NewInvoicePayment): Promise<InvoicePaymentRow> {
  const [row] = await tx.insert(invoicePayments).values(payment).returning();
  if (!row) throw new Error('invoice payment insert returned no row');
  return row;
}

export async function setInvoicePaymentIntent(tx: Tx, id: string, intentId: string): Promise<void> {
  await tx.update(invoicePayments).set({ intentId }).where(eq(invoicePayments.id, id));
}

/** The pending payments of any of these orders: each invoice has one open intent at a time. */
export async function listPendingPaymentsOf(tx: Tx, orderIds: string[]): Promise<InvoicePaymentRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.state, 'pending'),
        sql`${invoicePayments.orderIds} && array[${sql.join(
          orderIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`,
      ),
    )
    .orderBy(asc(invoicePayments.createdAt));
}

/** Pending -> canceled; false when it was no longer pending. */
export async function cancelInvoicePayment(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(invoicePayments)
    .set({ state: 'canceled' })
    .where(and(eq(invoicePayments.id, id), eq(invoicePayments.state, 'pending')))
    .returning({ id: invoicePayments.id });
  return rows.length > 0;
}

export async function findInvoicePayment(tx: Tx, id: string): Promise<InvoicePaymentRow | null> {
  const [row] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, id)).limit(1);
  return row ?? null;
}

/** The payment locked until the transaction ends: of two confirmations racing, the second waits and then finds it paid. */
export async function lockInvoicePayment(tx: Tx, id: string): Promise<InvoicePaymentRow | null> {
  const [row] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, id)).for('update');
  return row ?? null;
}

/**
 * Paid with the processor's transaction id; null when it was paid already. A payment replaced by a newer one
 * is paid too when its card went through after all: the money came in for these invoices.
 */
export async function setInvoicePaymentPaid(tx: Tx, id: string, transactionId: string): Promise<InvoicePaymentRow | null> {
  const [row] = await tx
    .update(invoicePayments)
    .set({ state: 'paid', transactionId, paidAt: sql`now()` })
    .where(and(eq(invoicePayments.id, id), ne(invoicePayments.state, 'paid')))
    .returning();
  return row ?? null;
}
