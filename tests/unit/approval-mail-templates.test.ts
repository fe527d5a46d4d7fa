// The approval e-mails' words (docs/decisions/055-buyer-approvals-and-spending-limits.md): the approvers learn
// which order waits, from whom and why; the buyer learns it waits, then who approved or declined it and why.

import { describe, expect, it } from 'vitest';
import type { InvoiceLine } from '../../server/invoices/invoice-pdf';
import { renderMail, type MailApproval } from '../../server/mail/templates';
import type { OrderRow } from '../../server/repositories/orders';

const order = (overrides: Partial<OrderRow> = {}): OrderRow => ({
  id: '6f1c2d3e-0a1b-4c2d-8e3f-1234567890ab',
  number: 'O-2026-00117',
  userId: '0b0b0b0b-0a1b-4c2d-8e3f-1234567890ab',
  userEmail: 'bo@dana-tools.example',
  userName: 'Bo Buyer',
  userAddress: '12 Harbour Road, Leeds LS1 4AB',
  userPhone: '+44 113 496 0000',
  holdsStock: false,
  totalMinor: 48_000,
  currency: 'USD',
  rateMicros: 1_000_000,
  priceListId: null,
  priceListVersion: null,
  taxMinor: 0,
  taxRateMicros: 0,
  taxName: null,
  reverseCharge: false,
  status: 'Awaiting approval',
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
  companyId: '1c1c1c1c-0a1b-4c2d-8e3f-1234567890ab',
  companyName: 'Dana Tools',
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

const lines: InvoiceLine[] = [{ productName: 'MS255 Chop Saw', sku: 'FL-MS255', quantity: 2, unitPriceMinor: 24_000, lineTotalMinor: 48_000 }];
const overOrder: MailApproval = { limitKind: 'order', limitMinor: 30_000, spentMinor: 0, decidedByName: null };
const overMonth: MailApproval = { limitKind: 'month', limitMinor: 100_000, spentMinor: 70_000, decidedByName: null };

describe('approval mails', () => {
  it('asks the approvers, saying who ordered what and which limit it went over', () => {
    const mail = renderMail('order_approval_waiting', { order: order(), lines, heldUntil: null, approval: overOrder });
    expect(mail.subject).toBe('To approve: order O-2026-00117 from Bo Buyer, $480');
    expect(mail.text).toContain('it is more than the $300 one order may come to');
    expect(mail.text).toContain('MS255 Chop Saw');
    const monthly = renderMail('order_approval_waiting', { order: order(), lines, heldUntil: null, approval: overMonth });
    expect(monthly.text).toContain('with the $700 ordered earlier this month it comes to more than the monthly limit of $1,000');
  });

  it('tells the buyer the order waits and nothing is charged yet, not to pay it', () => {
    const mail = renderMail('order_placed', { order: order(), lines, heldUntil: null, approval: overOrder });
    expect(mail.text).toContain('so it waits for your company’s approval');
    expect(mail.text).not.toContain('Please pay');
  });

  it('tells the buyer who approved it and what comes next, or who declined it and why', () => {
    const approved = renderMail('order_approved', {
      order: order({ status: 'Unpaid' }),
      lines,
      heldUntil: null,
      approval: { ...overOrder, decidedByName: 'Dana Counter' },
    });
    expect(approved.subject).toBe('Order O-2026-00117 is approved');
    expect(approved.text).toContain('Dana Counter approved your order O-2026-00117 ($480). Please pay it from My Orders');
    const declined = renderMail('order_declined', {
      order: order({ status: 'Declined', statusReason: 'Order it next month <b>please</b>' }),
      lines,
      heldUntil: null,
      approval: { ...overOrder, decidedByName: 'Dana Counter' },
    });
    expect(declined.subject).toBe('Order O-2026-00117 was declined');
    expect(declined.text).toContain('The reason: Order it next month <b>please</b>');
    expect(declined.html).not.toContain('<b>please</b>');
  });
});
