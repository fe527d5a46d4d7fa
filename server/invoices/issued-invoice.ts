// The invoice an order gets, read from the order's own snapshot (docs/decisions/013-invoices-and-mail-queue.md):
// an order paid by card has one once it is paid; an order on account once it ships, due on its terms and
// marked paid when its money comes in (docs/decisions/044-orders-on-account.md).

import type { OrderDocument } from '../repositories/invoices';
import { currencyOf, invoiceNoOf, taxTermsOf } from '../repositories/orders';
import type { Invoice, InvoicePayment } from './invoice-pdf';

/** How the order's invoice is paid; null while the order has no invoice (unpaid by card, on account and not shipped). */
function paymentOf(order: OrderDocument['order']): { issuedAt: Date; payment: InvoicePayment } | null {
  if (order.paymentTerms === 'card') {
    if (!order.transactionId || !order.paidAt) return null;
    return { issuedAt: order.paidAt, payment: { kind: 'card', transactionId: order.transactionId } };
  }
  if (order.status !== 'Shipped' || !order.shippedAt || !order.dueAt) return null;
  let paid: Extract<InvoicePayment, { kind: 'account' }>['paid'] = null;
  if (order.paidAt) {
    // A bank transfer recorded by an admin, or a card payment through the dealer's invoice portal.
    if (order.paymentReference) paid = { at: order.paidAt, reference: order.paymentReference };
    else if (order.transactionId) paid = { at: order.paidAt, transactionId: order.transactionId };
  }
  return { issuedAt: order.shippedAt, payment: { kind: 'account', terms: order.paymentTerms, dueAt: order.dueAt, paid } };
}

/** The deposit an order on account paid before it shipped, by card or by bank transfer; null for none. */
function depositOf(order: OrderDocument['order']): Invoice['deposit'] {
  if (order.depositMinor <= 0 || !order.depositPaidAt) return null;
  if (order.depositTransactionId) return { minor: order.depositMinor, paidAt: order.depositPaidAt, how: 'card', reference: order.depositTransactionId };
  if (order.depositReference) return { minor: order.depositMinor, paidAt: order.depositPaidAt, how: 'transfer', reference: order.depositReference };
  return null;
}

/** The invoice of a paid card order or of a shipped order on account; null while it has none. */
export function invoiceOf({ order, lines }: OrderDocument): Invoice | null {
  const invoiceNo = invoiceNoOf(order);
  const payment = paymentOf(order);
  if (!invoiceNo || !payment) return null;
  return {
    invoiceNo,
    orderId: order.id,
    orderNo: order.number,
    placedAt: order.createdAt,
    ...payment,
    poNumber: order.poNumber,
    dealer: { name: order.userName, email: order.userEmail, address: order.userAddress, phone: order.userPhone },
    // As the company was named when the order was placed: an invoice says what was true then.
    company: order.companyName === null ? null : { name: order.companyName, taxNumber: order.companyTaxNumber, location: order.locationName },
    lines,
    totalMinor: order.totalMinor,
    currency: currencyOf(order),
    tax: { minor: order.taxMinor, terms: taxTermsOf(order) },
    deposit: depositOf(order),
  };
}
