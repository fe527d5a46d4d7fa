// The order e-mails' words: what each says in text and HTML, and that nothing a dealer typed can break
// out of its place (HTML markup, header lines).

import { describe, expect, it } from 'vitest';
import type { InvoiceLine } from '../../server/invoices/invoice-pdf';
import { renderMail, type MailContext } from '../../server/mail/templates';
import type { OrderRow } from '../../server/repositories/orders';

const order = (overrides: Partial<OrderRow> = {}): OrderRow => ({
  id: '6f1c2d3e-0a1b-4c2d-8e3f-1234567890ab',
  number: 'O-2026-00117',
  userId: null,
  userEmail: 'ines@werkzeug.example',
  userName: 'Ines Müller',
  userAddress: 'Hafenstraße 12, 20457 Hamburg',
  userPhone: '+49 40 555 0100',
  holdsStock: true,
  totalPrice: 4830,
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
  ...overrides,
});

const lines: InvoiceLine[] = [
  { productName: 'SD8 Specialty Right-Angle Drill', sku: 'FL-SD8-0001', quantity: 20, unitPrice: 139, lineTotal: 2780 },
  { productName: 'MS255 Chop Saw', sku: null, quantity: 5, unitPrice: 410, lineTotal: 2050 },
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
