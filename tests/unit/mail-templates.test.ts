// The order e-mails' words: what each says in text and HTML, and that nothing a dealer typed can break
// out of its place (HTML markup, header lines).

import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/contract/account-terms';
import { ORDER_MAIL_KINDS } from '../../src/contract/mail';
import type { InvoiceLine } from '../../server/invoices/invoice-pdf';
import { renderMail, type MailContext } from '../../server/mail/templates';
import type { OrderRow } from '../../server/repositories/orders';
import { invoiceAttached } from '../../server/services/mail';

const order = (overrides: Partial<OrderRow> = {}): OrderRow => ({
  id: '6f1c2d3e-0a1b-4c2d-8e3f-1234567890ab',
  number: 'O-2026-00117',
  userId: null,
  userEmail: 'ines@werkzeug.example',
  userName: 'Ines Müller',
  userAddress: 'Hafenstraße 12, 20457 Hamburg',
  userPhone: '+49 40 555 0100',
  holdsStock: true,
  totalMinor: 483_000,
  currency: 'USD',
  rateMicros: 1_000_000,
  priceListId: null,
  priceListVersion: null,
  taxMinor: 0,
  taxRateMicros: 0,
  taxName: null,
  reverseCharge: false,
  status: 'Unpaid',
  transactionId: null,
  paymentIntentId: null,
  clientOrderId: null,
  createdAt: new Date('2026-05-10T09:30:00Z'),
  paidAt: null,
  shippedAt: null,
  carrier: null,
  trackingNumber: null,
  invoiceYear: null,
  invoiceSeq: null,
  companyId: null,
  companyName: null,
  companyTaxNumber: null,
  locationId: null,
  locationName: null,
  placedByRep: false,
  poNumber: null,
  paymentTerms: 'card',
  statusReason: null,
  dueAt: null,
  paymentReference: null,
  depositMinor: 0,
  depositPaidAt: null,
  depositTransactionId: null,
  depositReference: null,
  ...overrides,
});

const lines: InvoiceLine[] = [
  { productName: 'SD8 Specialty Right-Angle Drill', sku: 'FL-SD8-0001', quantity: 20, unitPriceMinor: 13900, lineTotalMinor: 278000 },
  { productName: 'MS255 Chop Saw', sku: null, quantity: 5, unitPriceMinor: 41000, lineTotalMinor: 205000 },
];

const paid = order({ status: 'Paid', transactionId: 'pi_sbx_3f9a1c0b7d2e', paidAt: new Date('2026-05-12T14:03:00Z'), invoiceYear: 2026, invoiceSeq: 42 });
const ctx = (o: OrderRow, heldUntil: Date | null = null): MailContext => ({ order: o, lines, heldUntil });

describe('order e-mails', () => {
  it('order placed: the lines, the total, and until when the tools are held', () => {
    const mail = renderMail('order_placed', ctx(order(), new Date('2026-05-12T09:30:00Z')));
    expect(mail.subject).toBe('We have your order O-2026-00117: 2 tools, $4,830');
    expect(mail.text).toContain('Hello Ines,');
    expect(mail.text).toContain('  SD8 Specialty Right-Angle Drill (FL-SD8-0001): 20 pcs. x $139 = $2,780');
    expect(mail.text).toContain('  MS255 Chop Saw: 5 pcs. x $410 = $2,050');
    expect(mail.text).toContain('  Total: $4,830');
    expect(mail.text).toContain('We hold these tools for you until May 12, 2026 at 9:30 AM UTC; please pay from My Orders in your dashboard before then.');
    expect(mail.text).toContain('Delivery address: Hafenstraße 12, 20457 Hamburg');
    expect(mail.text).toContain('Forgeline Power Tools\n1840 Foundry Avenue, Pittsburgh, PA 15222, USA');
    expect(mail.html).toContain('<td style="padding:6px 8px;border-bottom:1px solid #e5e7eb;">MS255 Chop Saw</td>');
    expect(mail.html).toContain('<strong>$4,830</strong>');
  });

  it('order placed and paid before the mail went: no request to pay', () => {
    const mail = renderMail('order_placed', ctx(paid));
    expect(mail.text).not.toContain('waiting for payment');
    expect(mail.text).toContain('Thank you for your order O-2026-00117.');
  });

  it('order paid: the amount, the invoice number and the transaction', () => {
    const mail = renderMail('order_paid', ctx(paid));
    expect(mail.subject).toBe('Payment received for order O-2026-00117: invoice 2026-00042');
    expect(mail.text).toContain('Your payment of $4,830 for order O-2026-00117 has gone through. Thank you!');
    expect(mail.text).toContain('Your invoice 2026-00042 is attached to this e-mail. You can download it again from My Orders at any time.');
    expect(mail.text).toContain('Transaction pi_sbx_3f9a1c0b7d2e');
    expect(mail.html).toContain('Your invoice <strong>2026-00042</strong> is attached');
  });

  it('order shipped: on its way, within 7 official days', () => {
    const mail = renderMail('order_shipped', ctx({ ...paid, status: 'Shipped' }));
    expect(mail.subject).toBe('Order O-2026-00117 is on its way');
    expect(mail.text).toContain('Good news: your order O-2026-00117 has been shipped. You will get your products within 7 official days.');
    expect(mail.text).not.toContain('Carrier');
    expect(mail.text).not.toContain('Tracking number');
  });

  it('order shipped with a carrier and a tracking number: both, in text and HTML', () => {
    const mail = renderMail('order_shipped', ctx({ ...paid, status: 'Shipped', carrier: 'DHL Express', trackingNumber: 'JD014600006281230704' }));
    expect(mail.text).toContain('Carrier: DHL Express. Tracking number: JD014600006281230704.');
    expect(mail.html).toContain('Carrier: <strong>DHL Express</strong>. Tracking number: <strong>JD014600006281230704</strong>.');
    const trackingOnly = renderMail('order_shipped', ctx({ ...paid, status: 'Shipped', trackingNumber: '1Z999AA10123456784' }));
    expect(trackingOnly.text).toContain('\n\nTracking number: 1Z999AA10123456784.\n\n');
  });

  it('paid, to admins: who paid what, what to do, and how to stop these mails', () => {
    const mail = renderMail('order_paid_admin', ctx(paid));
    expect(mail.subject).toBe('Paid: order O-2026-00117 from Ines Müller, $4,830');
    expect(mail.text).toContain('Ines Müller (ines@werkzeug.example) has paid order O-2026-00117 for $4,830 (invoice 2026-00042).');
    expect(mail.text).toContain('open Manage Orders and press Mark shipped when it leaves.');
    expect(mail.text).toContain('Switch it off on My Profile.');
  });

  it('escapes what dealers typed in the HTML and keeps line breaks out of the subject', () => {
    const hostile = order({ ...paid, userName: '<script>alert(1)</script>\r\nBcc: all@example.com', userAddress: 'Road "A" & <b>B</b>' });
    const mail = renderMail('order_paid_admin', { order: hostile, lines: [{ ...lines[0]!, productName: '<img src=x onerror=alert(1)>' }], heldUntil: null });
    expect(mail.subject).not.toMatch(/[\r\n]/u);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>B</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Road &quot;A&quot; &amp; &lt;b&gt;B&lt;/b&gt;');
  });
});

describe('order e-mails of an order on account', () => {
  const onAccount = (overrides: Partial<OrderRow> = {}) =>
    order({ paymentTerms: 'net30', status: 'Confirmed', companyName: 'Werkzeug Müller GmbH', poNumber: 'PO-2026/0042', ...overrides });
  const onHold = onAccount({ status: 'On hold', statusReason: accountMessages.overCredit });
  const shipped = onAccount({
    status: 'Shipped',
    shippedAt: new Date('2026-11-27T10:15:00Z'),
    dueAt: new Date('2026-12-27T10:15:00Z'),
    invoiceYear: 2026,
    invoiceSeq: 42,
  });
  const text = (kind: (typeof ORDER_MAIL_KINDS)[number], o: OrderRow) => renderMail(kind, ctx(o)).text;

  it('order placed and confirmed: the terms, the PO number, nothing to pay and no request to pay', () => {
    const mail = renderMail('order_placed', ctx(onAccount()));
    expect(mail.text).toContain('Your purchase-order number: PO-2026/0042.');
    expect(mail.html).toContain('Your purchase-order number: <strong>PO-2026/0042</strong>.');
    expect(mail.text).toContain(
      'The order is confirmed on account (Net 30). There is nothing to pay now: the invoice comes when the order ships and is due 30 days later.',
    );
    expect(mail.text).not.toContain('waiting for payment');
  });

  it('order placed on hold: why, in the dealer’s words, and that the shop will write', () => {
    const mail = text('order_placed', onHold);
    expect(mail).toContain(`The order is on account (Net 30), and on hold for now. ${accountMessages.overCredit}`);
    expect(mail).toContain('We will write to you again as soon as the shop has released or refused it.');
    expect(mail).not.toContain('confirmed');
    expect(mail).not.toContain('waiting for payment');
  });

  it('a card order’s mails say nothing of terms, and name no PO number when there is none', () => {
    for (const kind of ['order_placed', 'order_paid', 'order_shipped'] as const) {
      const mail = text(kind, kind === 'order_placed' ? order() : kind === 'order_paid' ? paid : { ...paid, status: 'Shipped' });
      expect(mail).not.toMatch(/on account|Net \d|purchase-order|due on/u);
    }
    expect(text('order_placed', order({ poNumber: 'PO-9' }))).toContain('Your purchase-order number: PO-9.');
  });

  it('order placed, refused before the mail went: not called confirmed', () => {
    const mail = text('order_placed', onAccount({ status: 'Refused', statusReason: 'Closed account' }));
    expect(mail).toContain('The shop has not accepted this order on account; the next e-mail says why.');
    expect(mail).not.toContain('confirmed');
  });

  it('on hold, to admins: who, what, for which company, why in the shop’s words, and what to do', () => {
    const mail = renderMail('order_on_hold_admin', ctx(onHold));
    expect(mail.subject).toBe('On hold: order O-2026-00117 from Werkzeug Müller GmbH, $4,830');
    expect(mail.text).toContain('Ines Müller (ines@werkzeug.example) placed order O-2026-00117 for $4,830 on account (Net 30) for Werkzeug Müller GmbH.');
    expect(mail.text).toContain('It is on hold because it is more than the credit the company has left.');
    // The dealer's own words ("your company") are not what an admin reads.
    expect(mail.text).not.toContain('your company');
    expect(mail.text).toContain('Their purchase-order number: PO-2026/0042.');
    expect(mail.text).toContain('Open Manage Orders to release it or refuse it; the dealer is told either way.');
    expect(mail.text).toContain('Switch it off on My Profile.');
    expect(text('order_on_hold_admin', { ...onHold, statusReason: accountMessages.overdue })).toContain(
      'It is on hold because the company has an overdue invoice.',
    );
    const noCompany = renderMail('order_on_hold_admin', ctx({ ...onHold, companyName: null, poNumber: null }));
    expect(noCompany.subject).toBe('On hold: order O-2026-00117 from Ines Müller, $4,830');
    expect(noCompany.text).toContain('placed order O-2026-00117 for $4,830 on account (Net 30).');
    expect(noCompany.text).not.toContain('purchase-order');
  });

  it('released: confirmed on the account, the terms, nothing to pay now', () => {
    const mail = renderMail('order_released', ctx(onAccount({ paymentTerms: 'net60' })));
    expect(mail.subject).toBe('Order O-2026-00117 is confirmed');
    expect(mail.text).toContain('The shop has released your order O-2026-00117 ($4,830): it is confirmed on your account (Net 60) and will be shipped.');
    expect(mail.text).toContain('There is nothing to pay now: the invoice comes when the order ships and is due 60 days later.');
    expect(mail.text).toContain('Your purchase-order number: PO-2026/0042.');
    expect(mail.text).toContain('  Total: $4,830');
  });

  it('refused: the shop’s reason on one line, nothing shipped or invoiced, and whom to ask', () => {
    const mail = renderMail('order_refused', ctx(onAccount({ status: 'Refused', statusReason: 'Your account is\r\nunder review.' })));
    expect(mail.subject).toBe('Order O-2026-00117 was not accepted');
    expect(mail.text).toContain('We are sorry: the shop could not accept your order O-2026-00117 ($4,830) on account.');
    expect(mail.text).toContain('The shop’s reason: Your account is under review.');
    expect(mail.html).toContain('The shop’s reason: <strong>Your account is under review.</strong>');
    expect(mail.text).toContain('Nothing will be shipped or invoiced for it.');
    expect(mail.text).toContain('dealers@forgeline.example');
  });

  it('shipped: the invoice attached, its terms and due date, and how to pay it', () => {
    const mail = renderMail('order_shipped', ctx(shipped));
    expect(mail.subject).toBe('Order O-2026-00117 is on its way');
    expect(mail.text).toContain('Good news: your order O-2026-00117 has been shipped.');
    expect(mail.text).toContain('Your invoice 2026-00042 is attached to this e-mail. It is on your account (Net 30) and due on 2026-12-27.');
    expect(mail.html).toContain('due on <strong>2026-12-27</strong>');
    expect(mail.text).toContain(
      'Please pay it by then from Invoices in your dashboard, by card, or by bank transfer quoting the invoice number to Allegheny Commerce Bank, routing 043000261, account 7704221900, SWIFT ACBKUS33.',
    );
    expect(mail.text).toContain('Your purchase-order number: PO-2026/0042.');
  });

  it('invoice reminder: number, amount, due date, the invoice attached again, and no tense that goes stale', () => {
    const mail = renderMail('invoice_reminder', ctx(shipped));
    expect(mail.subject).toBe('Reminder: invoice 2026-00042 for order O-2026-00117, $4,830');
    expect(mail.text).toContain(
      'Our records show invoice 2026-00042 of $4,830 for order O-2026-00117 as unpaid. Its due date is 2026-12-27. The invoice is attached to this e-mail again.',
    );
    expect(mail.text).toContain('If you have paid it already, thank you, and please ignore this e-mail.');
    expect(mail.text).toContain('Your purchase-order number: PO-2026/0042.');
    // The same mail whenever it is made: made again after a failed try, it says the same.
    expect(renderMail('invoice_reminder', ctx(shipped))).toEqual(mail);
  });

  it('invoice paid: the payment thanked, the invoice marked Paid attached, nothing about getting the order ready', () => {
    const bank = { ...shipped, paidAt: new Date('2026-12-20T08:00:00Z'), paymentReference: 'SEPA WERKZEUG 42' };
    const mail = renderMail('order_paid', ctx(bank));
    expect(mail.subject).toBe('Payment received for invoice 2026-00042 (order O-2026-00117)');
    expect(mail.text).toContain('We have received your payment of $4,830 for invoice 2026-00042 of order O-2026-00117. Thank you!');
    expect(mail.text).toContain('The invoice attached to this e-mail is marked Paid.');
    expect(mail.text).toContain('Bank transfer reference SEPA WERKZEUG 42');
    expect(mail.text).not.toContain('getting your order ready');
    const byCard = text('order_paid', { ...shipped, paidAt: new Date('2026-12-20T08:00:00Z'), transactionId: 'pi_portal_1' });
    expect(byCard).toContain('Transaction pi_portal_1');
    const admins = renderMail('order_paid_admin', ctx(bank));
    expect(admins.subject).toBe('Paid: invoice 2026-00042 of order O-2026-00117 from Werkzeug Müller GmbH, $4,830');
    expect(admins.text).toContain('Invoice 2026-00042 of order O-2026-00117 ($4,830, on account for Werkzeug Müller GmbH) is paid. Nothing more to do.');
    expect(admins.text).not.toContain('Mark shipped');
  });

  it('attaches the invoice to a card order’s payment, and to an order on account’s shipping notice and reminder', () => {
    const attached = (o: Pick<OrderRow, 'paymentTerms'>) => ORDER_MAIL_KINDS.filter((kind) => invoiceAttached(kind, o));
    expect(attached({ paymentTerms: 'card' })).toEqual(['order_paid']);
    expect(attached({ paymentTerms: 'net30' })).toEqual(['order_paid', 'order_shipped', 'invoice_reminder']);
  });

  it('escapes a PO number and a refusal reason in the HTML', () => {
    const mail = renderMail('order_refused', ctx(onAccount({ status: 'Refused', poNumber: '<b>PO</b>', statusReason: '<script>x</script>' })));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>PO</b>');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
  });
});

describe('order e-mails of an order with tax', () => {
  // Net €4,830.00 to Germany at 19 %: €917.70 of VAT in the gross €5,747.70.
  const taxed = order({ currency: 'EUR', totalMinor: 574_770, taxMinor: 91_770, taxRateMicros: 190_000, taxName: 'VAT' });
  const reverse = order({ currency: 'EUR', reverseCharge: true, companyName: 'Werkzeug Müller GmbH', companyTaxNumber: 'DE123456789' });

  it('order placed: the net, the tax line with its rate and amount, and the gross, in text and HTML', () => {
    const mail = renderMail('order_placed', ctx(taxed));
    expect(mail.subject).toBe('We have your order O-2026-00117: 2 tools, €5,747.70');
    expect(mail.text).toContain('  MS255 Chop Saw: 5 pcs. x €410.00 = €2,050.00\n  Net: €4,830.00\n  VAT 19%: €917.70\n  Total: €5,747.70');
    expect(mail.html).toContain(
      '<tfoot><tr><td colspan="3" style="padding:8px;text-align:right">Net</td><td style="padding:8px;text-align:right">€4,830.00</td></tr>' +
        '<tr><td colspan="3" style="padding:8px;text-align:right">VAT 19%</td><td style="padding:8px;text-align:right">€917.70</td></tr>' +
        '<tr><td colspan="3" style="padding:8px;text-align:right"><strong>Total</strong></td><td style="padding:8px;text-align:right"><strong>€5,747.70</strong></td></tr></tfoot>',
    );
  });

  it('order paid and shipped: the same three rows under the lines, and the gross as the amount paid', () => {
    const paidTaxed = { ...taxed, status: 'Paid' as const, transactionId: 'pi_1', paidAt: new Date('2026-05-12T14:03:00Z'), invoiceYear: 2026, invoiceSeq: 42 };
    const paidMail = renderMail('order_paid', ctx(paidTaxed)).text;
    expect(paidMail).toContain('Your payment of €5,747.70 for order O-2026-00117 has gone through.');
    expect(paidMail).toContain('  Net: €4,830.00\n  VAT 19%: €917.70\n  Total: €5,747.70');
    expect(renderMail('order_shipped', ctx({ ...paidTaxed, status: 'Shipped' })).text).toContain('  VAT 19%: €917.70\n  Total: €5,747.70');
  });

  it('under the reverse charge: the net, the note with no tax, and the total', () => {
    const mail = renderMail('order_placed', ctx(reverse));
    expect(mail.text).toContain('  Net: €4,830.00\n  Reverse charge: tax to be accounted for by the recipient: €0.00\n  Total: €4,830.00');
    expect(mail.html).toContain('Reverse charge: tax to be accounted for by the recipient</td><td style="padding:8px;text-align:right">€0.00</td>');
  });

  it('an order with no rate reads as before: one total and no tax line', () => {
    const mail = renderMail('order_placed', ctx(order()));
    expect(mail.text).toContain('= $2,050\n  Total: $4,830\n');
    expect(mail.text).not.toMatch(/Net|VAT|Reverse/u);
    expect(mail.html.match(/<tr><td colspan="3"/gu)).toHaveLength(1);
  });
});
