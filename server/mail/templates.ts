// The order e-mails in words: plain text and simple HTML of the same content, in the storefront's own
// plain voice (docs/decisions/013-invoices-and-mail-queue.md). Pure functions of the order, so each is
// tested without a server and the queue can make a mail again after a failed try.

import { companyFacts } from '../../src/contract/company';
import type { OrderMailKind } from '../../src/contract/mail';
import { formatDollars } from '../../src/contract/pricing';
import type { InvoiceLine } from '../invoices/invoice-pdf';
import { invoiceNoOf, type OrderRow } from '../repositories/orders';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  order: OrderRow;
  lines: InvoiceLine[];
  /** Unpaid orders: when their hold on the stock ends (docs/decisions/011-unpaid-orders-expire.md). */
  heldUntil: Date | null;
}

const when = (date: Date) => `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
const pieces = (n: number) => `${n.toLocaleString('en-US')} pcs.`;
/** Header fields never carry a line break, whatever a name holds. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/gu, ' ').trim();
const firstName = (order: OrderRow) => oneLine(order.userName).split(' ')[0] || 'there';
const toolCount = (lines: InvoiceLine[]) => (lines.length === 1 ? '1 tool' : `${lines.length} tools`);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** A paragraph of the mail: plain words, with parts that HTML shows in bold. */
type Part = string | { strong: string };
type Block = { p: Part[] } | { lines: true } | { address: true } | { small: Part[] };

const plainOf = (parts: Part[]) => parts.map((part) => (typeof part === 'string' ? part : part.strong)).join('');
const htmlOf = (parts: Part[]) => parts.map((part) => (typeof part === 'string' ? escapeHtml(part) : `<strong>${escapeHtml(part.strong)}</strong>`)).join('');

function linesText(ctx: MailContext): string {
  const rows = ctx.lines.map((line) => {
    const sku = line.sku ? ` (${line.sku})` : '';
    return `  ${line.productName}${sku}: ${pieces(line.quantity)} x ${formatDollars(line.unitPrice)} = ${formatDollars(line.lineTotal)}`;
  });
  return [...rows, `  Total: ${formatDollars(ctx.order.totalPrice)}`].join('\n');
}

function linesHtml(ctx: MailContext): string {
  const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;';
  const rows = ctx.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${escapeHtml(line.productName)}${line.sku ? `<br><span style="color:#6b7280;font-size:12px">${escapeHtml(line.sku)}</span>` : ''}</td>` +
        `<td style="${cell}text-align:right">${escapeHtml(pieces(line.quantity))}</td>` +
        `<td style="${cell}text-align:right">${escapeHtml(formatDollars(line.unitPrice))}</td>` +
        `<td style="${cell}text-align:right">${escapeHtml(formatDollars(line.lineTotal))}</td></tr>`,
    )
    .join('');
  const head = ['Tool', 'Quantity', 'Unit price', 'Line total']
    .map((h, i) => `<th style="padding:6px 8px;text-align:${i === 0 ? 'left' : 'right'};color:#4b5563;font-size:12px">${h}</th>`)
    .join('');
  return (
    `<table style="border-collapse:collapse;width:100%;max-width:560px;font-size:14px"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody>` +
    `<tfoot><tr><td colspan="3" style="padding:8px;text-align:right"><strong>Total</strong></td>` +
    `<td style="padding:8px;text-align:right"><strong>${escapeHtml(formatDollars(ctx.order.totalPrice))}</strong></td></tr></tfoot></table>`
  );
}

function addressText(order: OrderRow): string {
  return [`Delivery address: ${oneLine(order.userAddress)}`, `Phone: ${order.userPhone}`].join('\n');
}

const SIGNATURE_TEXT = [companyFacts.name, `${companyFacts.street}, ${companyFacts.city}`, `${companyFacts.phone.display} · ${companyFacts.email}`].join('\n');

function compose(subject: string, ctx: MailContext, blocks: Block[]): MailContent {
  const text = blocks
    .map((block) => {
      if ('lines' in block) return linesText(ctx);
      if ('address' in block) return addressText(ctx.order);
      return plainOf('p' in block ? block.p : block.small);
    })
    .join('\n\n');
  const html = blocks
    .map((block) => {
      if ('lines' in block) return linesHtml(ctx);
      if ('address' in block) return `<p>Delivery address: ${escapeHtml(oneLine(ctx.order.userAddress))}<br>Phone: ${escapeHtml(ctx.order.userPhone)}</p>`;
      if ('small' in block) return `<p style="color:#6b7280;font-size:12px">${htmlOf(block.small)}</p>`;
      return `<p>${htmlOf(block.p)}</p>`;
    })
    .join('\n');
  const signatureHtml = `<p style="color:#4b5563;font-size:12px;border-top:1px solid #e5e7eb;padding-top:12px">${SIGNATURE_TEXT.split('\n').map(escapeHtml).join('<br>')}</p>`;
  return {
    subject: oneLine(subject),
    text: `${text}\n\n-- \n${SIGNATURE_TEXT}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">\n${html}\n${signatureHtml}\n</body></html>\n`,
  };
}

/** The carrier and tracking number the admin gave when shipping, whichever there are. */
function shippingBlocks(order: OrderRow): Block[] {
  const parts: Part[] = [];
  if (order.carrier) parts.push('Carrier: ', { strong: oneLine(order.carrier) });
  if (order.trackingNumber) parts.push(order.carrier ? '. Tracking number: ' : 'Tracking number: ', { strong: oneLine(order.trackingNumber) });
  return parts.length > 0 ? [{ p: [...parts, '.'] }] : [];
}

export function renderMail(kind: OrderMailKind, ctx: MailContext): MailContent {
  const { order } = ctx;
  // The order's own number, as My Orders and Manage Orders show it (docs/decisions/035-order-numbers.md).
  const ref = order.number;
  const total = formatDollars(order.totalPrice);
  const invoiceNo = invoiceNoOf(order) ?? '';
  const hello: Block = { p: [`Hello ${firstName(order)},`] };

  switch (kind) {
    case 'order_placed':
      return compose(`We have your order ${ref}: ${toolCount(ctx.lines)}, ${total}`, ctx, [
        hello,
        { p: ['Thank you for your order ', { strong: ref }, '. Here is what you ordered:'] },
        { lines: true },
        // Paid before this mail went out: the payment confirmation follows, so no request to pay.
        ...(order.status !== 'Unpaid'
          ? []
          : [
              {
                p: ctx.heldUntil
                  ? [
                      'The order is waiting for payment. We hold these tools for you until ',
                      { strong: when(ctx.heldUntil) },
                      '; please pay from My Orders in your dashboard before then.',
                    ]
                  : ['The order is waiting for payment. Please pay from My Orders in your dashboard.'],
              } satisfies Block,
            ]),
        { address: true },
      ]);
    case 'order_paid':
      return compose(`Payment received for order ${ref}: invoice ${invoiceNo}`, ctx, [
        hello,
        { p: ['Your payment of ', { strong: total }, ' for order ', { strong: ref }, ' has gone through. Thank you!'] },
        { p: ['Your invoice ', { strong: invoiceNo }, ' is attached to this e-mail. You can download it again from My Orders at any time.'] },
        { lines: true },
        { p: ['We are getting your order ready and will write again when it ships.'] },
        { address: true },
        { small: [`Transaction ${order.transactionId ?? ''}`] },
      ]);
    case 'order_shipped':
      return compose(`Order ${ref} is on its way`, ctx, [
        hello,
        { p: ['Good news: your order ', { strong: ref }, ' has been shipped. You will get your products within 7 official days.'] },
        ...shippingBlocks(order),
        { lines: true },
        { address: true },
      ]);
    case 'order_paid_admin':
      return compose(`Paid: order ${ref} from ${order.userName}, ${total}`, ctx, [
        { p: [{ strong: oneLine(order.userName) }, ` (${order.userEmail}) has paid order `, { strong: ref }, ` for ${total} (invoice ${invoiceNo}).`] },
        { lines: true },
        { p: ['It is waiting to be shipped: open Manage Orders and press Mark shipped when it leaves.'] },
        { address: true },
        { small: ['You get this e-mail because you are an admin of the storefront. Switch it off on My Profile.'] },
      ]);
  }
}
