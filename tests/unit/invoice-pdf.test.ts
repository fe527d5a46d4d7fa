// The invoice PDF read back as text, as a dealer's accounting software or a search would read it.

import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { isFinalInvoice, renderInvoicePdf, type Invoice } from '../../server/invoices/invoice-pdf';

const invoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  invoiceNo: '2026-00042',
  orderId: '6f1c2d3e-0a1b-4c2d-8e3f-1234567890ab',
  orderNo: 'O-2026-00117',
  placedAt: new Date('2026-05-10T09:30:00Z'),
  issuedAt: new Date('2026-05-12T14:03:00Z'),
  payment: { kind: 'card', transactionId: 'pi_sbx_3f9a1c0b7d2e' },
  dealer: { name: 'Ines Müller', email: 'ines@werkzeug.example', address: 'Hafenstraße 12, 20457 Hamburg, Germany', phone: '+49 40 555 0100' },
  lines: [
    { productName: 'SD8 Specialty Right-Angle Drill', sku: 'FL-SD8-0001', quantity: 20, unitPriceMinor: 13900, lineTotalMinor: 278000 },
    { productName: 'MS255 Chop Saw', sku: null, quantity: 5, unitPriceMinor: 41000, lineTotalMinor: 205000 },
  ],
  totalMinor: 483_000,
  currency: 'USD',
  ...overrides,
});

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe('invoice PDF', () => {
  it('is a PDF whose text has the number, the dealer, every line, the total and the payment', async () => {
    const pdf = await renderInvoicePdf(invoice());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await textOf(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('INVOICE');
    expect(text).toContain('Invoice no. 2026-00042');
    expect(text).toContain('Date: May 12, 2026');
    expect(text).toContain('Order no. O-2026-00117');
    expect(text).toContain('Forgeline Power Tools');
    expect(text).toContain('1840 Foundry Avenue');
    expect(text).toContain('Ines Müller');
    expect(text).toContain('Hafenstraße 12, 20457 Hamburg, Germany');
    expect(text).toContain('ines@werkzeug.example');
    expect(text).toMatch(/SD8 Specialty Right-Angle Drill\s+FL-SD8-0001\s+20\s+\$139\s+\$2,780/u);
    expect(text).toMatch(/MS255 Chop Saw\s+5\s+\$410\s+\$2,050/u);
    expect(text).toMatch(/Total \(USD\)\s+\$4,830/u);
    expect(text).toMatch(/Transaction\s+pi_sbx_3f9a1c0b7d2e/u);
    expect(text).toContain('Paid in full by card on May 12, 2026, 14:03 UTC.');
    // A card order's invoice says nothing of terms or a due date, and no PO line without a PO number.
    expect(text).not.toMatch(/Terms|Due|PO no\./u);
  });

  it('prints the dealer’s purchase-order number when the order has one', async () => {
    const { text } = await textOf(await renderInvoicePdf(invoice({ poNumber: 'PO-2026/0042' })));
    expect(text).toContain('Your PO no. PO-2026/0042');
    expect(text).toContain('Paid in full by card on May 12, 2026, 14:03 UTC.');
  });

  describe('an order on account', () => {
    const onAccount = (paid: Extract<Invoice['payment'], { kind: 'account' }>['paid'] = null): Invoice =>
      invoice({
        issuedAt: new Date('2026-11-27T10:15:00Z'),
        poNumber: 'PO-77 A',
        payment: { kind: 'account', terms: 'net30', dueAt: new Date('2026-12-27T10:15:00Z'), paid },
      });

    it('open: dated the day it shipped, with its terms and due date, and how to pay it', async () => {
      const { text } = await textOf(await renderInvoicePdf(onAccount()));
      expect(text).toContain('Date: November 27, 2026');
      expect(text).toContain('Terms: Net 30');
      expect(text).toContain('Due 2026-12-27');
      expect(text).toContain('Your PO no. PO-77 A');
      expect(text.replace(/\s+/gu, ' ')).toContain(
        'On account, Net 30: due 2026-12-27. Please pay by then, by card from Invoices in your dashboard, or by bank transfer quoting invoice no. 2026-00042 to Allegheny Commerce Bank, routing 043000261, account 7704221900, SWIFT ACBKUS33.',
      );
      expect(text).not.toMatch(/Paid|Transaction/u);
    });

    it('paid by bank transfer: marked Paid, with the day and the reference', async () => {
      const { text } = await textOf(await renderInvoicePdf(onAccount({ at: new Date('2026-12-20T08:00:00Z'), reference: 'SEPA 2026-12-20 WERKZEUG 42' })));
      expect(text).toContain('Due 2026-12-27');
      expect(text).toMatch(/\nPaid\n/u);
      expect(text).toContain('Paid in full by bank transfer on 2026-12-20.');
      expect(text).toMatch(/Bank reference\s+SEPA 2026-12-20 WERKZEUG 42/u);
      expect(text).not.toContain('Please pay');
    });

    it('paid by card through the invoice portal: marked Paid, with the transaction', async () => {
      const { text } = await textOf(await renderInvoicePdf(onAccount({ at: new Date('2027-01-03T12:00:00Z'), transactionId: 'pi_sbx_portal_1' })));
      expect(text).toContain('Paid in full by card on 2027-01-03.');
      expect(text).toMatch(/Transaction\s+pi_sbx_portal_1/u);
    });

    it('is final only once paid, and then a different document from the open one', async () => {
      const open = onAccount();
      const paid = onAccount({ at: new Date('2026-12-20T08:00:00Z'), reference: 'R1' });
      expect([isFinalInvoice(invoice()), isFinalInvoice(open), isFinalInvoice(paid)]).toEqual([true, false, true]);
      const [a, b, c] = await Promise.all([renderInvoicePdf(open), renderInvoicePdf(open), renderInvoicePdf(paid)]);
      expect(a.equals(b)).toBe(true);
      expect(a.equals(c)).toBe(false);
    });
  });

  it('prints names in Greek and Cyrillic letters as real text', async () => {
    const { text } = await textOf(
      await renderInvoicePdf(invoice({ dealer: { name: 'Δημήτρης Παπαδόπουλος', email: 'd@example.gr', address: 'ул. Тверская, 7, Москва', phone: '' } })),
    );
    expect(text).toContain('Δημήτρης Παπαδόπουλος');
    expect(text).toContain('ул. Тверская, 7, Москва');
  });

  it('runs a long order onto more pages with every line and the total once', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => ({
      productName: `Tool number ${i + 1}`,
      sku: `FL-${1000 + i}`,
      quantity: 2,
      unitPriceMinor: 1_000,
      lineTotalMinor: 2_000,
    }));
    const { text, pages } = await textOf(await renderInvoicePdf(invoice({ lines, totalMinor: 200_000 })));
    expect(pages).toBeGreaterThan(1);
    for (let i = 1; i <= 100; i += 1) expect(text).toMatch(new RegExp(`Tool number ${i}\\s+FL-${999 + i}\\s`, 'u'));
    expect(text.match(/Total \(USD\)/gu)).toHaveLength(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('is the same document every time it is made', async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(invoice()), renderInvoicePdf(invoice())]);
    expect(a.equals(b)).toBe(true);
  });

  describe('an order with tax', () => {
    // Net €4,830.00 to Germany at 19 %: €917.70 of VAT, €5,747.70 gross.
    const euro = (tax: Invoice['tax'], taxNumber: string | null = 'DE123456789'): Invoice =>
      invoice({
        currency: 'EUR',
        totalMinor: 483_000 + (tax?.minor ?? 0),
        company: { name: 'Werkzeug Müller GmbH', taxNumber, location: 'Hamburg depot' },
        tax,
      });

    it('shows the net, the tax line with its rate and amount, and the gross total', async () => {
      const { text } = await textOf(await renderInvoicePdf(euro({ minor: 91_770, terms: { rateMicros: 190_000, name: 'VAT', reverseCharge: false } })));
      expect(text).toMatch(/Net \(EUR\)\s+€4,830\.00\s+VAT 19%\s+€917\.70\s+Total \(EUR\)\s+€5,747\.70/u);
      expect(text.match(/Total \(EUR\)/gu)).toHaveLength(1);
      expect(text).not.toContain('Reverse charge');
    });

    it('under the reverse charge: no tax, the note, and the recipient’s tax number', async () => {
      const { text } = await textOf(await renderInvoicePdf(euro({ minor: 0, terms: { rateMicros: 0, name: null, reverseCharge: true } })));
      expect(text).toMatch(/Net \(EUR\)\s+€4,830\.00\s+Reverse charge: tax to be accounted for by the recipient\s+€0\.00\s+Total \(EUR\)\s+€4,830\.00/u);
      expect(text).toContain('Recipient’s tax number DE123456789');
      expect(text).toContain('Tax number DE123456789');
    });

    it('an order with no rate shows one total, as before tax', async () => {
      const none = { minor: 0, terms: { rateMicros: 0, name: null, reverseCharge: false } };
      const [withNone, without] = await Promise.all([renderInvoicePdf(invoice({ tax: none })), renderInvoicePdf(invoice())]);
      expect(withNone.equals(without)).toBe(true);
      const { text } = await textOf(withNone);
      expect(text).not.toMatch(/Net|VAT|Reverse/u);
    });

    it('keeps the net, tax and total on one page with the payment when the lines run long', async () => {
      const lines = Array.from({ length: 37 }, (_, i) => ({
        productName: `Tool number ${i + 1}`,
        sku: null,
        quantity: 1,
        unitPriceMinor: 100,
        lineTotalMinor: 100,
      }));
      const tax = { minor: 703, terms: { rateMicros: 190_000, name: 'VAT', reverseCharge: false } };
      const { text } = await textOf(await renderInvoicePdf(invoice({ lines, totalMinor: 4_403, tax })));
      expect(text).toMatch(/Net \(USD\)\s+\$37\.00\s+VAT 19%\s+\$7\.03\s+Total \(USD\)\s+\$44\.03/u);
      expect(text).toMatch(/\$44\.03\s+PAYMENT/u);
    });
  });
});
