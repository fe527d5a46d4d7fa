// The invoice of an order as a PDF (docs/decisions/013-invoices-and-mail-queue.md): of an order paid by
// card, or of an order on account once it ships, with its terms and due date, and marked paid once it is
// (docs/decisions/044-orders-on-account.md). Drawn with pdfkit in an embedded DejaVu Sans, so the text is
// real, searchable text and dealers' names and addresses in Latin, Greek or Cyrillic letters print as
// written. The same invoice always gives the same document.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { termsLabel, type PaymentTerms } from '../../src/contract/account-terms';
import { bankLine, companyFacts } from '../../src/contract/company';
import { formatMoney, formatPrice, type CurrencyCode } from '../../src/contract/money';
import { showsTax, taxLine, type TaxTerms } from '../../src/contract/tax';
import type { OrderDocumentLine } from '../repositories/invoices';

/** One line of an invoice, as the order's documents read it. */
export type InvoiceLine = OrderDocumentLine;

/** How an invoice on account was settled: by card through the dealer's invoice portal, or by a bank transfer an admin recorded. */
export type InvoiceSettlement = { at: Date; transactionId: string } | { at: Date; reference: string };

/**
 * How the invoice is paid: by card when the order was placed (the spec's way; the invoice's date is the
 * payment's), or on account on the company's terms (its date is the day the order shipped), due on
 * `dueAt` and `paid` once money came in.
 */
export type InvoicePayment =
  { kind: 'card'; transactionId: string } | { kind: 'account'; terms: Exclude<PaymentTerms, 'card'>; dueAt: Date; paid: InvoiceSettlement | null };

export interface Invoice {
  invoiceNo: string;
  orderId: string;
  /** The order's number, as the dealer's screens and mails name it (`O-2026-00042`). */
  orderNo: string;
  placedAt: Date;
  /** The invoice's date: when the card payment went through, or when the order on account shipped. */
  issuedAt: Date;
  /** The dealer's purchase-order number, when the order has one. */
  poNumber?: string | null;
  payment: InvoicePayment;
  /** The person who placed the order, and where it went. */
  dealer: { name: string; email: string; address: string; phone: string };
  /** The dealer's company billed, with its tax number and the location delivered to; null for an order of no company. */
  company?: { name: string; taxNumber: string | null; location: string | null } | null;
  lines: InvoiceLine[];
  /** Minor units of `currency`: the gross, the sum of the lines' totals and the tax on it. */
  totalMinor: number;
  currency: CurrencyCode;
  /**
   * The tax in `totalMinor` and its terms (docs/decisions/046-tax-per-ship-to-location.md): with a rate or
   * under the reverse charge the invoice shows the net, the tax line and the gross. Left out, no tax.
   */
  tax?: { minor: number; terms: TaxTerms };
  /**
   * On account: the deposit paid by card before the order shipped, in minor units of `currency`, with when and
   * the transaction (docs/decisions/047-deposits-on-account.md); the invoice asks for the rest. Left out, none.
   */
  deposit?: { minor: number; paidAt: Date; how: 'card' | 'transfer'; reference: string } | null;
}

const require = createRequire(import.meta.url);
// Read once; each document embeds only the letters it uses.
const FONT_REGULAR = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const FONT_BOLD = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));

const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const BRAND = '#c2410c';

/** Invoice dates are in UTC, so every reader of one invoice sees the same date. */
export const invoiceDate = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
const invoiceTime = (date: Date) => new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'UTC' }).format(date);

/** A calendar day as `2026-12-27` (UTC), as due dates are written on invoices, mails and screens. */
export const invoiceDay = (date: Date) => date.toISOString().slice(0, 10);

export const invoiceFileName = (invoiceNo: string) => `forgeline-invoice-${invoiceNo}.pdf`;

/**
 * Whether the invoice can change no more: one paid by card is final when it is issued; one on account
 * changes once, when it is paid. Only a final invoice's PDF is kept (kept-invoice.ts).
 */
export function isFinalInvoice(invoice: Invoice): boolean {
  return invoice.payment.kind === 'card' || invoice.payment.paid !== null;
}

/** When the invoice last changed: its date, or the day an invoice on account was paid. */
function lastChange(invoice: Invoice): Date {
  return invoice.payment.kind === 'account' && invoice.payment.paid ? invoice.payment.paid.at : invoice.issuedAt;
}

/** The columns of the lines table: x from the left margin and width, in points. */
const COLUMNS = {
  tool: { x: 0, width: 190 },
  sku: { x: 195, width: 80 },
  quantity: { x: 280, width: 55 },
  unitPrice: { x: 340, width: 70 },
  lineTotal: { x: 415, width: 80 },
} as const;

export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    // A fixed creation date keeps the document the same however often it is made.
    info: {
      Title: `Invoice ${invoice.invoiceNo}`,
      Author: companyFacts.name,
      Subject: `Order ${invoice.orderNo}`,
      CreationDate: invoice.issuedAt,
      ModDate: lastChange(invoice),
    },
    bufferPages: true,
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  // Processor ids run to a hundred characters (the sandbox's): small, on a line of their own.
  const transaction = (id: string) => {
    doc.text('Transaction', { width });
    doc.fontSize(8).text(id, { width });
  };

  // The manufacturer, and the invoice's number and dates opposite.
  doc.font('bold').fontSize(18).fillColor(BRAND).text(companyFacts.name, left, 50, { width: 300 });
  doc.font('regular').fontSize(9).fillColor(MUTED);
  for (const line of [companyFacts.street, companyFacts.city, companyFacts.phone.display, companyFacts.email]) doc.text(line, { width: 300 });
  const headerBottom = doc.y;

  const right = { x: left + width - 200, width: 200, align: 'right' as const };
  doc.font('bold').fontSize(22).fillColor(INK).text('INVOICE', right.x, 50, { width: right.width, align: right.align });
  doc.font('regular').fontSize(10).fillColor(INK);
  doc.text(`Invoice no. ${invoice.invoiceNo}`, right.x, doc.y + 2, { width: right.width, align: right.align });
  doc.text(`Date: ${invoiceDate(invoice.issuedAt)}`, { width: right.width, align: right.align });
  const { payment } = invoice;
  if (payment.kind === 'account') {
    doc.text(`Terms: ${termsLabel(payment.terms)}`, { width: right.width, align: right.align });
    doc.font('bold').text(`Due ${invoiceDay(payment.dueAt)}`, { width: right.width, align: right.align });
    doc.font('regular');
  }
  doc.text(`Order no. ${invoice.orderNo}`, { width: right.width, align: right.align });
  if (invoice.poNumber) doc.text(`Your PO no. ${invoice.poNumber}`, { width: right.width, align: right.align });
  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text(`placed ${invoiceDate(invoice.placedAt)}`, { width: right.width, align: right.align });

  // The dealer: the company billed, with its tax number, then who ordered and where it went. A company of
  // one is named after its dealer, who is then not named twice.
  let y = Math.max(headerBottom, doc.y) + 24;
  const { company } = invoice;
  doc.font('bold').fontSize(9).fillColor(MUTED).text('BILL TO', left, y);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(company?.name ?? invoice.dealer.name, left, doc.y + 2, { width: 300 });
  doc.font('regular').fontSize(10);
  const person = company && company.name !== invoice.dealer.name ? `Ordered by ${invoice.dealer.name}` : '';
  const deliverTo = company?.location ? `${company.location}: ${invoice.dealer.address}` : invoice.dealer.address;
  const details = [company?.taxNumber ? `Tax number ${company.taxNumber}` : '', person, deliverTo, invoice.dealer.email, invoice.dealer.phone];
  for (const line of details) if (line.trim()) doc.text(line, { width: 300 });

  // The lines, the header repeated on every page they run onto.
  const drawHeader = (top: number): number => {
    doc.font('bold').fontSize(9).fillColor(MUTED);
    doc.text('Tool', left + COLUMNS.tool.x, top, { width: COLUMNS.tool.width });
    doc.text('SKU', left + COLUMNS.sku.x, top, { width: COLUMNS.sku.width });
    doc.text('Qty', left + COLUMNS.quantity.x, top, { width: COLUMNS.quantity.width, align: 'right' });
    doc.text('Unit price', left + COLUMNS.unitPrice.x, top, { width: COLUMNS.unitPrice.width, align: 'right' });
    doc.text('Line total', left + COLUMNS.lineTotal.x, top, { width: COLUMNS.lineTotal.width, align: 'right' });
    const under = top + 14;
    doc
      .moveTo(left, under)
      .lineTo(left + width, under)
      .lineWidth(0.8)
      .strokeColor(RULE)
      .stroke();
    return under + 6;
  };
  y = drawHeader(doc.y + 24);
  doc.font('regular').fontSize(10).fillColor(INK);
  for (const line of invoice.lines) {
    const height = Math.max(doc.heightOfString(line.productName, { width: COLUMNS.tool.width }), 12);
    if (y + height > bottom()) {
      doc.addPage();
      y = drawHeader(doc.page.margins.top);
      doc.font('regular').fontSize(10).fillColor(INK);
    }
    doc.text(line.productName, left + COLUMNS.tool.x, y, { width: COLUMNS.tool.width });
    doc.text(line.sku ?? '', left + COLUMNS.sku.x, y, { width: COLUMNS.sku.width });
    doc.text(line.quantity.toLocaleString('en-US'), left + COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    doc.text(formatPrice(line.unitPriceMinor, invoice.currency, 'en-US'), left + COLUMNS.unitPrice.x, y, { width: COLUMNS.unitPrice.width, align: 'right' });
    doc.text(formatPrice(line.lineTotalMinor, invoice.currency, 'en-US'), left + COLUMNS.lineTotal.x, y, { width: COLUMNS.lineTotal.width, align: 'right' });
    y += height + 6;
  }

  // The total and the payment; kept together on one page, with a taxed order's net and tax lines.
  if (y + (invoice.tax && showsTax(invoice.tax.terms) ? 190 : 140) + (invoice.deposit ? 40 : 0) > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke();
  y += 8;
  // A taxed order's net and tax above its total, all with the currency's decimals; the labels may take the
  // width left of the amounts, which the reverse charge's note needs.
  const labelWidth = COLUMNS.lineTotal.x - 5;
  const tax = invoice.tax && showsTax(invoice.tax.terms) ? invoice.tax : null;
  const { deposit } = invoice;
  const exact = tax !== null || Boolean(deposit);
  const amount = (minor: number) => (exact ? formatMoney(minor, invoice.currency, 'en-US') : formatPrice(minor, invoice.currency, 'en-US'));
  const row = (label: string, minor: number) => {
    doc.text(label, left, y, { width: labelWidth, align: 'right' });
    doc.text(amount(minor), left + COLUMNS.lineTotal.x, y, { width: COLUMNS.lineTotal.width, align: 'right' });
    y = doc.y + 4;
  };
  if (tax) {
    doc.font('regular').fontSize(10).fillColor(INK);
    row(`Net (${invoice.currency})`, invoice.totalMinor - tax.minor);
    row(taxLine(tax.terms, 'en-US'), tax.minor);
  }
  doc.font('bold').fontSize(11).fillColor(INK);
  doc.text(`Total (${invoice.currency})`, left, y, { width: labelWidth, align: 'right' });
  doc.text(amount(invoice.totalMinor), left + COLUMNS.lineTotal.x, y, { width: COLUMNS.lineTotal.width, align: 'right' });
  // Under the reverse charge the buyer accounts for the tax: its tax number stands by the note too.
  if (tax?.terms.reverseCharge && company?.taxNumber) {
    doc
      .font('regular')
      .fontSize(10)
      .text(`Recipient’s tax number ${company.taxNumber}`, left, doc.y + 4, { width: labelWidth, align: 'right' });
  }
  // The deposit paid before shipping, and the balance this invoice asks for.
  if (deposit) {
    y = doc.y + 6;
    doc.font('regular').fontSize(10).fillColor(INK);
    row(`Deposit paid by ${deposit.how === 'card' ? 'card' : 'bank transfer'} on ${invoiceDay(deposit.paidAt)}`, -deposit.minor);
    doc.font('bold').fontSize(11);
    row(`Balance on account (${invoice.currency})`, invoice.totalMinor - deposit.minor);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(deposit.how === 'card' ? `Deposit transaction ${deposit.reference}` : `Deposit transfer reference ${deposit.reference}`, left, y, {
        width: labelWidth + COLUMNS.lineTotal.width + 5,
        align: 'right',
      });
  }
  y = doc.y + 24;

  doc.font('bold').fontSize(9).fillColor(MUTED).text('PAYMENT', left, y);
  doc.font('regular').fontSize(10).fillColor(INK);
  if (payment.kind === 'card') {
    doc.text(`Paid in full by card on ${invoiceDate(invoice.issuedAt)}, ${invoiceTime(invoice.issuedAt)} UTC.`, left, doc.y + 2, { width });
    transaction(payment.transactionId);
  } else if (payment.paid === null) {
    doc.text(
      `On account, ${termsLabel(payment.terms)}: due ${invoiceDay(payment.dueAt)}. Please pay by then, by card from Invoices in your dashboard, ` +
        `or by bank transfer quoting invoice no. ${invoice.invoiceNo} to ${bankLine()}.`,
      left,
      doc.y + 2,
      { width },
    );
  } else {
    const { paid } = payment;
    doc
      .font('bold')
      .fontSize(14)
      .fillColor(BRAND)
      .text('Paid', left, doc.y + 2, { width });
    doc.font('regular').fontSize(10).fillColor(INK);
    const how = 'reference' in paid ? 'by bank transfer' : 'by card';
    doc.text(`Paid in full ${how} on ${invoiceDay(paid.at)}.`, { width });
    if ('reference' in paid) {
      // A reference is at most 60 characters: it fits the line it is named on.
      doc.text(`Bank reference ${paid.reference}`, { width });
    } else {
      transaction(paid.transactionId);
    }
  }

  // Page numbers and the contact line at the foot of every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const foot = doc.page.height - 40;
    doc.font('regular').fontSize(8).fillColor(MUTED);
    const contact = `Questions about this invoice: ${companyFacts.email} or ${companyFacts.phone.display}`;
    // Writing below the bottom margin would start a new page; the margin is lifted while the foot is drawn.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(contact, left, foot, { width: width - 80, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, left + width - 80, foot, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }

  doc.end();
  return done;
}
