// The invoice an order gets once it is paid, read from the order's own snapshot
// (docs/decisions/013-invoices-and-mail-queue.md).

import type { OrderDocument } from '../repositories/invoices';
import { invoiceNoOf } from '../repositories/orders';
import type { Invoice } from './invoice-pdf';

/** The invoice of a paid or shipped order; null while it is unpaid. */
export function invoiceOf({ order, lines }: OrderDocument): Invoice | null {
  const invoiceNo = invoiceNoOf(order);
  if (!invoiceNo || !order.transactionId || !order.paidAt) return null;
  return {
    invoiceNo,
    orderId: order.id,
    orderNo: order.number,
    placedAt: order.createdAt,
    paidAt: order.paidAt,
    transactionId: order.transactionId,
    dealer: { name: order.userName, email: order.userEmail, address: order.userAddress, phone: order.userPhone },
    // As the company was named when the order was placed: an invoice says what was true then.
    company: order.companyName === null ? null : { name: order.companyName, taxNumber: order.companyTaxNumber, location: order.locationName },
    lines,
    total: order.totalPrice,
  };
}
