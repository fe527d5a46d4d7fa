// What an invoice and the order e-mails print, read from an order and its lines
// (docs/decisions/013-invoices-and-mail-queue.md). Everything comes from the order's own snapshot,
// so an invoice reads the same however often it is made, whatever became of the tools since.

import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { invoiceCounters, invoiceDocuments, orderLines } from '../db/schema';
import { findOrder, type OrderRow } from './orders';

/** One line as the order's documents print it: the tool, its article number, how many, at what price. */
export interface OrderDocumentLine {
  productName: string;
  /** The tool's article number when the order was placed; null for lines older than SKUs. */
  sku: string | null;
  quantity: number;
  /** Minor units of the order's currency, as is the line's total. */
  unitPriceMinor: number;
  lineTotalMinor: number;
}

export interface OrderDocument {
  order: OrderRow;
  lines: OrderDocumentLine[];
}

export async function findOrderDocument(tx: Tx, orderId: string): Promise<OrderDocument | null> {
  const order = await findOrder(tx, orderId);
  if (!order) return null;
  const lines = await tx
    .select({
      productName: orderLines.productName,
      sku: orderLines.sku,
      quantity: orderLines.quantity,
      unitPriceMinor: orderLines.unitPriceMinor,
      lineTotalMinor: orderLines.lineTotalMinor,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
  return { order, lines };
}

/** An invoice's PDF as drawn once and kept, with the SHA-256 of its bytes (base64url). */
export interface KeptInvoice {
  pdf: Buffer;
  sha256: string;
}

export async function findKeptInvoice(tx: Tx, orderId: string): Promise<KeptInvoice | null> {
  const [row] = await tx
    .select({ pdf: invoiceDocuments.pdf, sha256: invoiceDocuments.sha256 })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.orderId, orderId))
    .limit(1);
  return row ?? null;
}

/** Keeps an invoice's PDF unless one is kept already (another process drew it meanwhile); answers the one kept. */
export async function keepInvoice(tx: Tx, orderId: string, drawn: KeptInvoice): Promise<KeptInvoice> {
  const [inserted] = await tx
    .insert(invoiceDocuments)
    .values({ orderId, pdf: drawn.pdf, sha256: drawn.sha256 })
    .onConflictDoNothing({ target: invoiceDocuments.orderId })
    .returning({ pdf: invoiceDocuments.pdf, sha256: invoiceDocuments.sha256 });
  if (inserted) return inserted;
  const kept = await findKeptInvoice(tx, orderId);
  if (!kept) throw new Error(`the invoice of order ${orderId} was neither kept nor found`);
  return kept;
}

/**
 * The next invoice number of the current year (UTC): the year's counter plus one. The counter's row stays
 * locked until the transaction ends, so a rolled-back payment gives its number back and the numbers of a year
 * have no gaps and never repeat (docs/decisions/013-invoices-and-mail-queue.md).
 */
export async function takeInvoiceNumber(tx: Tx): Promise<{ year: number; seq: number }> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year: sql`extract(year from now() at time zone 'UTC')::int`, lastNo: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNo: sql`${invoiceCounters.lastNo} + 1` } })
    .returning({ year: invoiceCounters.year, seq: invoiceCounters.lastNo });
  if (!row) throw new Error('the invoice counter returned no row');
  return row;
}
