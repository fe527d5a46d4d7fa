// What an invoice and the order e-mails print, read from an order and its lines
// (docs/decisions/013-invoices-and-mail-queue.md). Everything comes from the order's own snapshot,
// so an invoice reads the same however often it is made, whatever became of the tools since.

import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { invoiceDocuments, orderLines } from '../db/schema';
import type { Invoice, InvoiceLine } from '../invoices/invoice-pdf';
import { findOrder, invoiceNoOf, type OrderRow } from './orders';

export interface OrderDocument {
  order: OrderRow;
  lines: InvoiceLine[];
}

export async function findOrderDocument(tx: Tx, orderId: string): Promise<OrderDocument | null> {
  const order = await findOrder(tx, orderId);
  if (!order) return null;
  const lines = await tx
    .select({
      productName: orderLines.productName,
      sku: orderLines.sku,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      lineTotal: orderLines.lineTotal,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
  return { order, lines };
}

/** The invoice of a paid or shipped order; null while it is unpaid. */
export function invoiceOf({ order, lines }: OrderDocument): Invoice | null {
  const invoiceNo = invoiceNoOf(order);
  if (!invoiceNo || !order.transactionId || !order.paidAt) return null;
  return {
    invoiceNo,
    orderId: order.id,
    placedAt: order.createdAt,
    paidAt: order.paidAt,
    transactionId: order.transactionId,
    dealer: { name: order.userName, email: order.userEmail, address: order.userAddress, phone: order.userPhone },
    lines,
    total: order.totalPrice,
  };
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
