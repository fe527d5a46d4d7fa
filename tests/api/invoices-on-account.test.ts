// The documents of an order on account (docs/decisions/044-orders-on-account.md), through the API as a
// dealer and an admin use it: no invoice while it waits to ship; shipping issues it with the terms, the due
// date and the dealer's PO number, drawn for each download and not kept while it is open; paid, it says
// Paid with the day and the bank reference and is kept from then on. The shipping notice carries it; the
// orders export names the PO number, terms, due date and payment; the sales figures count it to ship.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/contract/order';
import type { SalesSummary } from '../../src/contract/reports';
import { rowsOf } from '../../server/db/rows';
import { renderInvoicePdf } from '../../server/invoices/invoice-pdf';
import type * as InvoicePdf from '../../server/invoices/invoice-pdf';
import { mailsTo, startTestCatcher, testSender } from '../helpers/mail';
import { payOrder } from '../helpers/orders';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

// Every drawing of an invoice goes through this function: counting its calls counts the drawings.
vi.mock('../../server/invoices/invoice-pdf', async (importOriginal) => {
  const actual = await importOriginal<typeof InvoicePdf>();
  return { ...actual, renderInvoicePdf: vi.fn(actual.renderInvoicePdf) };
});
const renders = vi.mocked(renderInvoicePdf);
const rendersOf = (orderId: string) => renders.mock.calls.filter(([invoice]) => invoice.orderId === orderId).length;

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/gu, ' ');
  } finally {
    await parser.destroy();
  }
}

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

describeEachDatabase('invoices of orders on account', (kind) => {
  const {
    t,
    users: { admin, dana },
  } = useTestApp(kind, { users: { admin: { admin: true }, dana: { verified: true, displayName: 'Dana Dealer' } } });
  let productId: string;
  let companyId: string;

  const download = (id: string, user: TestUser, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/orders/${id}/invoice`, headers: { ...user.auth, ...headers } });
  const orderOf = async (id: string) => (await t.app.inject({ url: `/api/order/${id}`, headers: dana.auth })).json() as Order;
  const kept = async (id: string) =>
    (await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from invoice_documents where order_id = ${id}::uuid`))[0]?.n;
  const ship = (id: string) => t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: admin.auth, payload: { carrier: 'UPS' } });

  /** An order on account of `quantity` tools at $250, with a PO number; its id. */
  const placeOnAccount = async (quantity = 2, poNumber = 'PO-2026/0042') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: dana.auth,
      payload: {
        lines: [{ productId, quantity }],
        userAddress: '12 Harbour Road, Leeds',
        userPhone: '+44 113 496 0000',
        clientOrderId: randomUUID(),
        poNumber,
        payment: 'account',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'Confirmed' });
    return (res.json() as { insertedId: string }).insertedId;
  };

  /** A card order of one tool (the company has terms, so card is asked for); its id. */
  const placeByCard = async (poNumber?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: dana.auth,
      payload: {
        lines: [{ productId, quantity: 1 }],
        userAddress: '12 Harbour Road, Leeds',
        userPhone: '+44 113 496 0000',
        clientOrderId: randomUUID(),
        ...(poNumber ? { poNumber } : {}),
        payment: 'card',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'Unpaid' });
    return (res.json() as { insertedId: string }).insertedId;
  };

  beforeAll(async () => {
    productId = await t.createProduct({ name: 'Account Planer', price: 250, available: 100_000, minOrder: 1 });
    companyId = (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${dana.id}::uuid`))[0]?.id ?? '';
    const terms = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${companyId}/terms`,
      headers: admin.auth,
      payload: { paymentTerms: 'net30', creditLimit: 100_000_000, poRequired: false },
    });
    expect(terms.statusCode, terms.body).toBe(200);
  });

  describe('GET /api/orders/{id}/invoice', () => {
    let id: string;

    it('has no invoice while the order waits to ship', async () => {
      id = await placeOnAccount();
      const res = await download(id, dana);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'invalid_state', message: 'This order has no invoice yet: an order on account is invoiced when it ships.' },
      });
    });

    it('issues the invoice when it ships: its number, the terms, the due date and the PO number; drawn for each download, not kept while open', async () => {
      expect((await ship(id)).statusCode).toBe(200);
      const order = await orderOf(id);
      expect(order.status).toBe('Shipped');
      expect(order.transactionId).toBeNull();
      expect(order.invoiceNo).toMatch(/^\d{4}-\d{5}$/u);
      expect(order.dueAt).toBeTruthy();

      const first = await download(id, dana);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['content-disposition']).toBe(`attachment; filename="forgeline-invoice-${order.invoiceNo}.pdf"`);
      const text = await pdfText(first.rawPayload);
      expect(text).toContain(`Invoice no. ${order.invoiceNo}`);
      expect(text).toContain('Terms: Net 30');
      expect(text).toContain(`Due ${day(order.dueAt)}`);
      expect(text).toContain('Your PO no. PO-2026/0042');
      expect(text).toContain(`On account, Net 30: due ${day(order.dueAt)}.`);
      expect(text).toMatch(/Total \(USD\) \$500/u);
      expect(text).not.toContain('Paid in full');

      const again = await download(id, admin);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(rendersOf(id)).toBe(2);
      expect(await kept(id)).toBe(0);
      const unchanged = await download(id, dana, { 'if-none-match': String(first.headers.etag) });
      expect(unchanged.statusCode).toBe(304);
    });

    it('once paid by bank transfer says Paid, the day and the reference, and is kept from then on', async () => {
      const open = await download(id, dana);
      const paid = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/bank-payment`, headers: admin.auth, payload: { reference: 'SEPA DANA 0042' } });
      expect(paid.statusCode, paid.body).toBe(200);
      const order = await orderOf(id);
      expect(order.paidAt).toBeTruthy();

      const before = rendersOf(id);
      const first = await download(id, dana);
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).not.toBe(open.headers.etag);
      const text = await pdfText(first.rawPayload);
      expect(text).toContain(' Paid ');
      expect(text).toContain(`Paid in full by bank transfer on ${day(order.paidAt)}.`);
      expect(text).toContain('Bank reference SEPA DANA 0042');
      expect(text).toContain(`Due ${day(order.dueAt)}`);
      expect(text).not.toContain('Please pay');
      const second = await download(id, admin);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(rendersOf(id)).toBe(before + 1);
      expect(await kept(id)).toBe(1);
    });

    it('shipping undone takes the invoice back until it ships again, and the invoice then has the new dates', async () => {
      const undone = await placeOnAccount(1, 'PO-UNDO-1');
      expect((await ship(undone)).statusCode).toBe(200);
      const first = await orderOf(undone);
      expect((await download(undone, dana)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${undone}/shipping`, headers: admin.auth })).statusCode).toBe(200);
      expect((await download(undone, dana)).statusCode).toBe(409);
      expect((await ship(undone)).statusCode).toBe(200);
      // As if it had shipped again on a later day: the invoice reads the order as it is now, never an earlier drawing.
      await t.database.db.execute(
        sql`update orders set shipped_at = shipped_at + interval '3 days', due_at = due_at + interval '3 days' where id = ${undone}::uuid`,
      );
      const again = await orderOf(undone);
      expect(again.invoiceNo).toBe(first.invoiceNo);
      const text = await pdfText((await download(undone, dana)).rawPayload);
      expect(text).toContain(`Due ${day(again.dueAt)}`);
      expect(text).not.toContain(`Due ${day(first.dueAt)}`);
    });

    it('a card order’s invoice is as before, with its PO number when it has one', async () => {
      const cardId = await placeByCard('PO-CARD-7');
      expect((await download(cardId, dana)).statusCode).toBe(409);
      const transactionId = await payOrder(t, dana, cardId);
      const text = await pdfText((await download(cardId, dana)).rawPayload);
      expect(text).toContain('Your PO no. PO-CARD-7');
      expect(text).toContain('Paid in full by card on');
      expect(text).toContain(`Transaction ${transactionId}`);
      expect(text).not.toMatch(/Terms|Due \d/u);
      expect(await kept(cardId)).toBe(1);
    });
  });

  describe('the orders export and the sales figures', () => {
    it('appends the PO number, the terms, the due date and when it was paid to the columns there were', async () => {
      const onAccount = await placeOnAccount(1, 'PO EXPORT 1');
      expect((await ship(onAccount)).statusCode).toBe(200);
      const card = await placeByCard();
      await payOrder(t, dana, card);
      const [a, c] = [await orderOf(onAccount), await orderOf(card)];

      const res = await t.app.inject({ url: '/api/orders/export', headers: admin.auth });
      expect(res.statusCode).toBe(200);
      const [header, ...rows] = res.body
        .replace(/^\uFEFF/u, '')
        .trimEnd()
        .split('\r\n');
      expect(header).toBe(
        'Order,Placed (UTC),Customer,E-mail,Address,Phone,Tools,Pieces,Total (USD),Status,Transaction,Shipped (UTC),Carrier,Tracking number,Order id,' +
          'PO number,Payment terms,Due (UTC),Paid (UTC),Total,Currency,Net,Tax,Deposit,Deposit paid (UTC)',
      );
      const minute = (iso: string | null | undefined) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
      expect(rows.find((row) => row.includes(onAccount))).toMatch(
        new RegExp(`,Shipped,,${minute(a.shippedAt)},UPS,,${onAccount},PO EXPORT 1,Net 30,${day(a.dueAt)},,${a.totalPrice},USD,${a.totalPrice},0,0,$`, 'u'),
      );
      expect(rows.find((row) => row.includes(card))).toMatch(
        new RegExp(`,Paid,${c.transactionId ?? '?'},,,,${card},,Card,,${minute(c.paidAt)},${c.totalPrice},USD,${c.totalPrice},0,0,$`, 'u'),
      );
    });

    it('counts an order confirmed on account as one to ship, until it ships', async () => {
      const toShip = async () => ((await t.app.inject({ url: '/api/admin/sales', headers: admin.auth })).json() as SalesSummary).toShip;
      const before = await toShip();
      const id = await placeOnAccount(1, '');
      expect(await toShip()).toBe(before + 1);
      expect((await ship(id)).statusCode).toBe(200);
      expect(await toShip()).toBe(before);
    });
  });

  describe('the shipping notice', () => {
    let catcher: Awaited<ReturnType<typeof startTestCatcher>>;
    beforeAll(async () => {
      catcher = await startTestCatcher();
    });
    afterAll(async () => {
      await catcher?.remove();
    });

    it('of an order on account carries its invoice and says when it is due', async () => {
      const id = await placeOnAccount(3, 'PO-MAIL-3');
      expect((await ship(id)).statusCode).toBe(200);
      const order = await orderOf(id);
      // The notice waits out the minute in which shipping may be undone; the wait is over.
      await t.database.db.execute(sql`update mail_queue set next_attempt_at = now() where order_id = ${id}::uuid`);
      const sender = testSender(t.database, { smtpUrl: catcher.url });
      try {
        await sender.sendDue();
      } finally {
        sender.close();
      }
      const shipped = (await mailsTo(catcher, dana.email)).find((mail) => mail.subject === `Order ${order.number ?? ''} is on its way`);
      expect(shipped?.text).toContain(
        `Your invoice ${order.invoiceNo ?? ''} is attached to this e-mail. It is on your account (Net 30) and due on ${day(order.dueAt)}.`,
      );
      expect(shipped?.attachments).toHaveLength(1);
      const [attachment] = shipped?.attachments ?? [];
      expect(attachment?.filename).toBe(`forgeline-invoice-${order.invoiceNo ?? ''}.pdf`);
      // The attachment is the very invoice the download answers.
      expect(attachment?.content.equals((await download(id, dana)).rawPayload)).toBe(true);
    });
  });
});
