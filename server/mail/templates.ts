// The shop's e-mails in words: plain text and simple HTML of the same content, in the storefront's own
// plain voice (docs/decisions/013-invoices-and-mail-queue.md). The order mails, the invitation to join a
// company and the shop's answer to a company's application share one layout. Pure functions of what they
// tell, so each is tested without a server and the queue can make a mail again after a failed try.

import { accountMessages, termDays, termsLabel } from '../../src/contract/account-terms';
import { bankLine, companyFacts } from '../../src/contract/company';
import type { MemberRole } from '../../src/contract/dealer-company';
import type { CompanyDecisionMailKind, OrderMailKind } from '../../src/contract/mail';
import { formatMoney, formatPrice } from '../../src/contract/money';
import { showsTax, taxLine } from '../../src/contract/tax';
import type { InvoiceLine } from '../invoices/invoice-pdf';
import { currencyOf, invoiceNoOf, taxTermsOf, type OrderRow } from '../repositories/orders';

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
  /** An order over its buyer's spending limit: which limit, and the approver's decision once there is one. */
  approval?: MailApproval | null;
}

/** What the approval mails say of an order over a buyer's limit (docs/decisions/055). */
export interface MailApproval {
  limitKind: 'order' | 'month';
  limitMinor: number;
  spentMinor: number;
  decidedByName: string | null;
}

/** Which of the buyer's limits the order goes over, in words. */
function overLimit(order: OrderRow, approval: MailApproval): string {
  if (approval.limitKind === 'order') return `it is more than the ${money(order, approval.limitMinor)} one order may come to`;
  return `with the ${money(order, approval.spentMinor)} ordered earlier this month it comes to more than the monthly limit of ${money(order, approval.limitMinor)}`;
}

const when = (date: Date) => `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
const pieces = (n: number) => `${n.toLocaleString('en-US')} pcs.`;
/** Header fields never carry a line break, whatever a name holds. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/gu, ' ').trim();
const firstNameOf = (name: string) => oneLine(name).split(' ')[0] || 'there';
const firstName = (order: OrderRow) => firstNameOf(order.userName);
/** An amount of the order, in its currency, written the shop's way. */
const money = (order: OrderRow, minor: number) => formatPrice(minor, currencyOf(order), 'en-US');
/**
 * The rows under an order's lines: one total, or for an order with tax (or under the reverse charge) its net,
 * its tax line and its gross, all with the currency's decimals (docs/decisions/046-tax-per-ship-to-location.md).
 */
function totalRows(order: OrderRow): { label: string; amount: string; strong: boolean }[] {
  const terms = taxTermsOf(order);
  if (!showsTax(terms)) return [{ label: 'Total', amount: money(order, order.totalMinor), strong: true }];
  const exact = (minor: number) => formatMoney(minor, currencyOf(order), 'en-US');
  return [
    { label: 'Net', amount: exact(order.totalMinor - order.taxMinor), strong: false },
    { label: taxLine(terms, 'en-US'), amount: exact(order.taxMinor), strong: false },
    { label: 'Total', amount: exact(order.totalMinor), strong: true },
  ];
}
const toolCount = (lines: InvoiceLine[]) => (lines.length === 1 ? '1 tool' : `${lines.length} tools`);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** A paragraph of the mail: plain words, with parts that HTML shows in bold. */
type Part = string | { strong: string };
/** A piece made elsewhere in both forms (an order's lines, its address), a link to open, or words. */
type Block = { p: Part[] } | { small: Part[] } | { link: { href: string; label: string } } | { made: { text: string; html: string } };

const plainOf = (parts: Part[]) => parts.map((part) => (typeof part === 'string' ? part : part.strong)).join('');
const htmlOf = (parts: Part[]) => parts.map((part) => (typeof part === 'string' ? escapeHtml(part) : `<strong>${escapeHtml(part.strong)}</strong>`)).join('');

function linesText(ctx: MailContext): string {
  const rows = ctx.lines.map((line) => {
    const sku = line.sku ? ` (${line.sku})` : '';
    return `  ${line.productName}${sku}: ${pieces(line.quantity)} x ${money(ctx.order, line.unitPriceMinor)} = ${money(ctx.order, line.lineTotalMinor)}`;
  });
  return [...rows, ...totalRows(ctx.order).map((row) => `  ${row.label}: ${row.amount}`)].join('\n');
}

function linesHtml(ctx: MailContext): string {
  const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;';
  const rows = ctx.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${escapeHtml(line.productName)}${line.sku ? `<br><span style="color:#6b7280;font-size:12px">${escapeHtml(line.sku)}</span>` : ''}</td>` +
        `<td style="${cell}text-align:right">${escapeHtml(pieces(line.quantity))}</td>` +
        `<td style="${cell}text-align:right">${escapeHtml(money(ctx.order, line.unitPriceMinor))}</td>` +
        `<td style="${cell}text-align:right">${escapeHtml(money(ctx.order, line.lineTotalMinor))}</td></tr>`,
    )
    .join('');
  const head = ['Tool', 'Quantity', 'Unit price', 'Line total']
    .map((h, i) => `<th style="padding:6px 8px;text-align:${i === 0 ? 'left' : 'right'};color:#4b5563;font-size:12px">${h}</th>`)
    .join('');
  return (
    `<table style="border-collapse:collapse;width:100%;max-width:560px;font-size:14px"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody>` +
    `<tfoot>${totalRows(ctx.order)
      .map(({ label, amount, strong }) => {
        const bold = (text: string) => (strong ? `<strong>${escapeHtml(text)}</strong>` : escapeHtml(text));
        return `<tr><td colspan="3" style="padding:8px;text-align:right">${bold(label)}</td><td style="padding:8px;text-align:right">${bold(amount)}</td></tr>`;
      })
      .join('')}</tfoot></table>`
  );
}

const linesBlock = (ctx: MailContext): Block => ({ made: { text: linesText(ctx), html: linesHtml(ctx) } });

function addressBlock(order: OrderRow): Block {
  return {
    made: {
      text: [`Delivery address: ${oneLine(order.userAddress)}`, `Phone: ${order.userPhone}`].join('\n'),
      html: `<p>Delivery address: ${escapeHtml(oneLine(order.userAddress))}<br>Phone: ${escapeHtml(order.userPhone)}</p>`,
    },
  };
}

const SIGNATURE_TEXT = [companyFacts.name, `${companyFacts.street}, ${companyFacts.city}`, `${companyFacts.phone.display} · ${companyFacts.email}`].join('\n');

/** The layout every mail shares: its blocks, then the shop's signature, as plain text and as HTML. */
function compose(subject: string, blocks: Block[]): MailContent {
  const text = blocks
    .map((block) => {
      if ('made' in block) return block.made.text;
      if ('link' in block) return `${block.link.label}:\n${block.link.href}`;
      return plainOf('p' in block ? block.p : block.small);
    })
    .join('\n\n');
  const html = blocks
    .map((block) => {
      if ('made' in block) return block.made.html;
      if ('link' in block) {
        const href = escapeHtml(block.link.href);
        return (
          `<p><a href="${href}" style="display:inline-block;background:#1f2937;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">` +
          `${escapeHtml(block.link.label)}</a></p>\n<p style="color:#6b7280;font-size:12px">Or paste this address into your browser: ${href}</p>`
        );
      }
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

/** The dealer's purchase-order number, when the order has one; `their` for the mails to admins. */
function poBlocks(order: OrderRow, whose: 'Your' | 'Their' = 'Your'): Block[] {
  return order.poNumber ? [{ p: [`${whose} purchase-order number: `, { strong: oneLine(order.poNumber) }, '.'] }] : [];
}

/** A calendar day in UTC, as invoices print it. */
function day(date: Date | null): string {
  return date ? date.toISOString().slice(0, 10) : '';
}

/**
 * What the terms mean for an order waiting to ship: nothing to pay yet, and when the invoice comes and is due;
 * with a deposit, the deposit to pay by card first and the rest invoiced (docs/decisions/047).
 */
function nothingToPayYet(order: OrderRow): string {
  const days = termDays(order.paymentTerms) ?? 0;
  if (order.depositMinor > 0 && order.depositPaidAt === null)
    return (
      `Please pay the deposit of ${money(order, order.depositMinor)} by card from My Orders in your dashboard: the order ships once it is paid. ` +
      `The invoice for the rest, ${money(order, order.totalMinor - order.depositMinor)}, comes when it ships and is due ${days} days later.`
    );
  return `There is nothing to pay now: the invoice comes when the order ships and is due ${days} days later.`;
}

/** An order on account: confirmed on the company's terms, or on hold and why. */
function accountBlocks(order: OrderRow): Block[] {
  if (order.paymentTerms === 'card' || order.status === 'Awaiting approval' || order.status === 'Declined') return [];
  if (order.status === 'On hold')
    return [
      { p: [`The order is on account (${termsLabel(order.paymentTerms)}), and on hold for now. `, oneLine(order.statusReason ?? '')] },
      { p: ['We will write to you again as soon as the shop has released or refused it.'] },
    ];
  // Refused before this mail went out: the refusal, with the shop's reason, follows it.
  if (order.status === 'Refused') return [{ p: ['The shop has not accepted this order on account; the next e-mail says why.'] }];
  return [{ p: ['The order is confirmed on account (', { strong: termsLabel(order.paymentTerms) }, `). ${nothingToPayYet(order)}`] }];
}

/** Why an order on account is on hold, as an admin reads it (the reason on the order speaks to the dealer). */
function holdReasonForAdmin(order: OrderRow): Block {
  if (order.statusReason === accountMessages.overCredit)
    return { p: ['It is on hold because ', { strong: 'it is more than the credit the company has left' }, '.'] };
  if (order.statusReason === accountMessages.overdue) return { p: ['It is on hold because ', { strong: 'the company has an overdue invoice' }, '.'] };
  return { p: ['It is on hold. The dealer reads: ', { strong: oneLine(order.statusReason ?? '') }] };
}

/** The invoice of an order on account, attached to the mail: its number, terms and due date, and how to pay it. */
function invoiceDueBlocks(order: OrderRow, invoiceNo: string): Block[] {
  return [
    {
      p: [
        'Your invoice ',
        { strong: invoiceNo },
        ` is attached to this e-mail. It is on your account (${termsLabel(order.paymentTerms)}) and due on `,
        { strong: day(order.dueAt) },
        '.',
      ],
    },
    {
      p: [
        'Please pay it by then from Invoices in your dashboard, by card, or by bank transfer quoting the invoice number ' +
          `to ${bankLine()}. You can download it again from My Orders at any time.`,
      ],
    },
  ];
}

/** How an invoice was paid: the card payment's transaction, or the bank transfer's reference. */
function paymentFacts(order: OrderRow): Block[] {
  if (order.paymentReference) return [{ small: [`Bank transfer reference ${oneLine(order.paymentReference)}`] }];
  return order.transactionId ? [{ small: [`Transaction ${order.transactionId}`] }] : [];
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
  const total = money(order, order.totalMinor);
  // What an invoice on account asks for: the gross less the deposit paid before it shipped.
  const balance = money(order, order.totalMinor - order.depositMinor);
  const invoiceNo = invoiceNoOf(order) ?? '';
  const hello: Block = { p: [`Hello ${firstName(order)},`] };

  switch (kind) {
    case 'order_placed':
      return compose(`We have your order ${ref}: ${toolCount(ctx.lines)}, ${total}`, [
        hello,
        { p: ['Thank you for your order ', { strong: ref }, '. Here is what you ordered:'] },
        linesBlock(ctx),
        ...poBlocks(order),
        ...accountBlocks(order),
        ...(order.status === 'Awaiting approval'
          ? [
              {
                p: [
                  'The order is over your spending limit',
                  ctx.approval ? ` (${overLimit(order, ctx.approval)})` : '',
                  ', so it waits for your company’s approval. We will write again when it is approved or declined; nothing is reserved or charged until then.',
                ],
              } satisfies Block,
            ]
          : []),
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
        addressBlock(order),
      ]);
    case 'order_paid':
      // An invoice on account paid after the order shipped: no order to get ready any more.
      if (order.paymentTerms !== 'card')
        return compose(`Payment received for invoice ${invoiceNo} (order ${ref})`, [
          hello,
          { p: ['We have received your payment of ', { strong: balance }, ' for invoice ', { strong: invoiceNo }, ` of order ${ref}. Thank you!`] },
          { p: ['The invoice attached to this e-mail is marked Paid. You can download it again from My Orders at any time.'] },
          ...poBlocks(order),
          ...paymentFacts(order),
        ]);
      return compose(`Payment received for order ${ref}: invoice ${invoiceNo}`, [
        hello,
        { p: ['Your payment of ', { strong: total }, ' for order ', { strong: ref }, ' has gone through. Thank you!'] },
        { p: ['Your invoice ', { strong: invoiceNo }, ' is attached to this e-mail. You can download it again from My Orders at any time.'] },
        linesBlock(ctx),
        { p: ['We are getting your order ready and will write again when it ships.'] },
        addressBlock(order),
        { small: [`Transaction ${order.transactionId ?? ''}`] },
      ]);
    case 'order_deposit_paid':
      return compose(`Deposit received for order ${ref}`, [
        hello,
        {
          p: [
            'Your deposit of ',
            { strong: money(order, order.depositMinor) },
            ' for order ',
            { strong: ref },
            ` (${total}) has gone through. Thank you! We are getting the order ready and will write again when it ships.`,
          ],
        },
        {
          p: [
            `The invoice for the rest, ${balance}, comes with the shipping notice and is due ${termDays(order.paymentTerms) ?? 0} days later ` +
              `(${termsLabel(order.paymentTerms)}, on account).`,
          ],
        },
        ...poBlocks(order),
        linesBlock(ctx),
        addressBlock(order),
        { small: [order.depositReference ? `Bank transfer reference ${oneLine(order.depositReference)}` : `Transaction ${order.depositTransactionId ?? ''}`] },
      ]);
    case 'order_deposit_paid_admin':
      return compose(`Deposit paid: order ${ref} from ${order.companyName ?? order.userName}, ${money(order, order.depositMinor)}`, [
        {
          p: [
            { strong: oneLine(order.userName) },
            ` (${order.userEmail}) has paid the deposit of ${money(order, order.depositMinor)} for order `,
            { strong: ref },
            ` (${total}, on account${order.companyName ? ` for ${oneLine(order.companyName)}` : ''}).`,
          ],
        },
        ...poBlocks(order, 'Their'),
        linesBlock(ctx),
        { p: ['It is waiting to be shipped: open Manage Orders and press Mark shipped when it leaves.'] },
        { small: ['You get this e-mail because you are an admin of the storefront. Switch it off on My Profile.'] },
      ]);
    case 'order_shipped':
      return compose(`Order ${ref} is on its way`, [
        hello,
        { p: ['Good news: your order ', { strong: ref }, ' has been shipped. You will get your products within 7 official days.'] },
        ...shippingBlocks(order),
        ...(order.paymentTerms === 'card' ? [] : invoiceDueBlocks(order, invoiceNo)),
        ...poBlocks(order),
        linesBlock(ctx),
        addressBlock(order),
      ]);
    case 'order_on_hold_admin':
      return compose(`On hold: order ${ref} from ${order.companyName ?? order.userName}, ${total}`, [
        {
          p: [
            { strong: oneLine(order.userName) },
            ` (${order.userEmail}) placed order `,
            { strong: ref },
            ` for ${total} on account (${termsLabel(order.paymentTerms)})${order.companyName ? ` for ${oneLine(order.companyName)}` : ''}.`,
          ],
        },
        holdReasonForAdmin(order),
        ...poBlocks(order, 'Their'),
        linesBlock(ctx),
        { p: ['Open Manage Orders to release it or refuse it; the dealer is told either way.'] },
        { small: ['You get this e-mail because you are an admin of the storefront. Switch it off on My Profile.'] },
      ]);
    case 'order_released':
      return compose(`Order ${ref} is confirmed`, [
        hello,
        {
          p: [
            'The shop has released your order ',
            { strong: ref },
            ` (${total}): it is confirmed on your account (${termsLabel(order.paymentTerms)}) and will be shipped.`,
          ],
        },
        { p: [nothingToPayYet(order)] },
        ...poBlocks(order),
        linesBlock(ctx),
        addressBlock(order),
      ]);
    case 'order_refused':
      return compose(`Order ${ref} was not accepted`, [
        hello,
        { p: ['We are sorry: the shop could not accept your order ', { strong: ref }, ` (${total}) on account.`] },
        { p: ['The shop’s reason: ', { strong: oneLine(order.statusReason ?? '') }] },
        ...poBlocks(order),
        linesBlock(ctx),
        {
          p: [
            `Nothing will be shipped or invoiced for it. You can order the tools again from the order pad, or write to us at ${companyFacts.email} or call ${companyFacts.phone.display}.`,
          ],
        },
      ]);
    case 'order_approval_waiting':
      return compose(`To approve: order ${ref} from ${oneLine(order.userName)}, ${total}`, [
        {
          p: [
            { strong: oneLine(order.userName) },
            ` (${order.userEmail}) placed order `,
            { strong: ref },
            ` for ${total}${order.companyName ? ` for ${oneLine(order.companyName)}` : ''}. It waits for an approver because `,
            ctx.approval ? overLimit(order, ctx.approval) : 'it is over their spending limit',
            '.',
          ],
        },
        ...poBlocks(order, 'Their'),
        linesBlock(ctx),
        addressBlock(order),
        { p: ['Open To approve on My Company in your dashboard to approve it or decline it with a reason; the buyer is told either way.'] },
        { small: ['You get this e-mail because you approve orders over a spending limit for your company.'] },
      ]);
    case 'order_approved':
      return compose(`Order ${ref} is approved`, [
        hello,
        {
          p: [
            ctx.approval?.decidedByName ? `${oneLine(ctx.approval.decidedByName)} approved your order ` : 'Your company approved your order ',
            { strong: ref },
            ` (${total}).`,
            order.status === 'Unpaid'
              ? ' Please pay it from My Orders in your dashboard.'
              : order.status === 'On hold'
                ? ` It is on account (${termsLabel(order.paymentTerms)}) and on hold for now: ${oneLine(order.statusReason ?? '')}`
                : order.paymentTerms !== 'card'
                  ? ` It is confirmed on account (${termsLabel(order.paymentTerms)}).`
                  : '',
          ],
        },
        ...(order.status === 'Confirmed' ? [{ p: [nothingToPayYet(order)] } satisfies Block] : []),
        ...poBlocks(order),
        linesBlock(ctx),
        addressBlock(order),
      ]);
    case 'order_declined':
      return compose(`Order ${ref} was declined`, [
        hello,
        {
          p: [
            ctx.approval?.decidedByName ? `${oneLine(ctx.approval.decidedByName)} declined your order ` : 'Your company declined your order ',
            { strong: ref },
            ` (${total}).`,
          ],
        },
        { p: ['The reason: ', { strong: oneLine(order.statusReason ?? '') }] },
        ...poBlocks(order),
        linesBlock(ctx),
        { p: ['Nothing will be shipped, charged or invoiced for it. You can order again from the order pad.'] },
      ]);
    case 'invoice_reminder':
      return compose(`Reminder: invoice ${invoiceNo} for order ${ref}, ${balance}`, [
        hello,
        {
          p: [
            'Our records show invoice ',
            { strong: invoiceNo },
            ` of ${balance} for order ${ref} as unpaid. Its due date is `,
            { strong: day(order.dueAt) },
            '. The invoice is attached to this e-mail again.',
          ],
        },
        ...poBlocks(order),
        {
          p: [
            `Please pay it from Invoices in your dashboard, by card, or by bank transfer quoting the invoice number to ${bankLine()}. ` +
              'If you have paid it already, thank you, and please ignore this e-mail.',
          ],
        },
      ]);
    case 'order_paid_admin':
      if (order.paymentTerms !== 'card')
        return compose(`Paid: invoice ${invoiceNo} of order ${ref} from ${order.companyName ?? order.userName}, ${balance}`, [
          {
            p: [
              'Invoice ',
              { strong: invoiceNo },
              ` of order ${ref} (${balance}, on account${order.companyName ? ` for ${oneLine(order.companyName)}` : ''}) is paid. Nothing more to do.`,
            ],
          },
          ...poBlocks(order, 'Their'),
          ...paymentFacts(order),
          { small: ['You get this e-mail because you are an admin of the storefront. Switch it off on My Profile.'] },
        ]);
      return compose(`Paid: order ${ref} from ${order.userName}, ${total}`, [
        { p: [{ strong: oneLine(order.userName) }, ` (${order.userEmail}) has paid order `, { strong: ref }, ` for ${total} (invoice ${invoiceNo}).`] },
        linesBlock(ctx),
        { p: ['It is waiting to be shipped: open Manage Orders and press Mark shipped when it leaves.'] },
        addressBlock(order),
        { small: ['You get this e-mail because you are an admin of the storefront. Switch it off on My Profile.'] },
      ]);
  }
}

/** What the invitation to join a company says: who invites whom, to which company, as what, until when. */
export interface InvitationMailContext {
  companyName: string;
  /** The company admin who sent it: their name (may be empty) and their verified address. */
  inviterName: string;
  inviterEmail: string;
  /** The address invited, which must be the verified address of whoever accepts. */
  email: string;
  role: MemberRole;
  /** The join page, carrying the invitation's token. */
  link: string;
  expiresAt: Date;
}

const ROLE_WORDS: Record<MemberRole, string> = {
  buyer: 'a buyer: you will order tools for the company',
  company_admin: 'a company admin: you will order tools for the company and manage its details, locations and people',
};

export function renderInvitationMail(ctx: InvitationMailContext): MailContent {
  const company = oneLine(ctx.companyName);
  const inviterName = oneLine(ctx.inviterName);
  const inviter = inviterName ? `${inviterName} (${ctx.inviterEmail})` : ctx.inviterEmail;
  return compose(`${company} invites you to buy from ${companyFacts.name}`, [
    { p: ['Hello,'] },
    { p: [`${inviter} invites you to join `, { strong: company }, ` at ${companyFacts.name}, as ${ROLE_WORDS[ctx.role]}.`] },
    { p: ['To accept, open the link below and sign in, or register, with this address: ', { strong: ctx.email }, '.'] },
    { link: { href: ctx.link, label: `Join ${company}` } },
    { p: ['The invitation is open until ', { strong: when(ctx.expiresAt) }, '.'] },
    {
      small: [
        `You get this e-mail because ${ctx.inviterEmail}, an admin of ${company}, typed your address. `,
        'If you do not know them, ignore it: nothing happens unless you open the link and join.',
      ],
    },
  ]);
}

/** What the shop's answer to a company's application says, to one of its company admins. */
export interface CompanyDecisionMailContext {
  companyName: string;
  recipientName: string;
  /** Why the shop turned the company down, as the admin wrote it; null when no reason was given. */
  reason: string | null;
}

export function renderCompanyDecisionMail(kind: CompanyDecisionMailKind, ctx: CompanyDecisionMailContext): MailContent {
  const company = oneLine(ctx.companyName);
  const hello: Block = { p: [`Hello ${firstNameOf(ctx.recipientName)},`] };
  switch (kind) {
    case 'company_approved':
      return compose(`${company} is approved: you can order now`, [
        hello,
        { p: ['Good news: we have approved ', { strong: company }, ` as a dealer of ${companyFacts.name}.`] },
        { p: ['You and your company’s buyers can now place orders. Sign in and open the order pad, or pick tools from the catalogue.'] },
        { p: ['You can invite the people who buy for your company from My Company in your dashboard.'] },
      ]);
    case 'company_rejected': {
      const reason = ctx.reason ? oneLine(ctx.reason) : '';
      return compose(`Your application for ${company}`, [
        hello,
        { p: ['Thank you for applying. We are sorry, but we have not approved ', { strong: company }, ' as a dealer, so it cannot order.'] },
        ...(reason ? [{ p: ['Our reason: ', { strong: reason }] } satisfies Block] : []),
        { p: [`If you think this is a mistake, or things have changed, write to us at ${companyFacts.email} or call ${companyFacts.phone.display}.`] },
      ]);
    }
  }
}
