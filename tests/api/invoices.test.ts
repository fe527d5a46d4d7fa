// Invoices (docs/decisions/013-invoices-and-mail-queue.md): a number given in the statement that makes an
// order Paid, sequential per year, never given twice or lost to a rolled-back payment; and the PDF at
// GET /api/orders/{id}/invoice for the owner and admins only, drawn once and kept (decision 028), with a
// limit on downloads per account.

import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInvoicePdf } from '../../server/invoices/invoice-pdf';
import type * as InvoicePdf from '../../server/invoices/invoice-pdf';
import { findOrder } from '../../server/repositories/orders';
import { markOrderPaid } from '../../server/services/orders';
import { payOrder, placeOrder } from '../helpers/orders';
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
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describeEachDatabase('invoices', (kind) => {
  const {
    t,
    users: { dealer, other, admin },
  } = useTestApp(kind, { users: { dealer: { displayName: 'Ines Müller' }, other: {}, admin: { admin: true } } });
  let productId: string;
  let secondProductId: string;
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    productId = await t.createProduct({ name: 'SD8 Specialty Right-Angle Drill', price: 139, available: 1_000_000, minOrder: 1 });
    secondProductId = await t.createProduct({ name: 'MS255 Chop Saw', price: 410, available: 1_000_000, minOrder: 1 });
  });

  const newOrder = (user: TestUser = dealer) => placeOrder(t, user, { productId, orderQuantity: 2 });
  const invoiceNo = async (id: string) => {
    const row = await findOrder(t.database.db, id);
    return row?.invoiceYear === null || row?.invoiceYear === undefined ? null : { year: row.invoiceYear, seq: row.invoiceSeq };
  };
  const lastNumber = async (): Promise<number> => {
    const result = (await t.database.db.execute(sql`select last_no from invoice_counters where year = ${year}`)) as unknown as { rows: { last_no: number }[] };
    return Number(result.rows[0]?.last_no ?? 0);
  };
  const download = (id: string, user: TestUser | null) => t.app.inject({ url: `/api/orders/${id}/invoice`, headers: user?.auth ?? {} });

  describe('numbers', () => {
    it('gives each paid order the next number of the year, and none to an unpaid one', async () => {
      const before = await lastNumber();
      const [a, b, c] = [await newOrder(), await newOrder(), await newOrder()];
      await payOrder(t, dealer, b);
      await payOrder(t, dealer, a);
      expect(await invoiceNo(b)).toEqual({ year, seq: before + 1 });
      expect(await invoiceNo(a)).toEqual({ year, seq: before + 2 });
      expect(await invoiceNo(c)).toBeNull();
      const order = (await t.app.inject({ url: `/api/order/${a}`, headers: dealer.auth })).json() as { invoiceNo: string | null };
      expect(order.invoiceNo).toBe(`${year}-${String(before + 2).padStart(5, '0')}`);
    });

    it('keeps the number when the order ships, and never gives a second one', async () => {
      const id = await newOrder();
      await payOrder(t, dealer, id);
      const paid = await invoiceNo(id);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: admin.auth })).statusCode).toBe(200);
      expect(await markOrderPaid(t.database.db, id, 'pi_again')).toBe(false);
      expect(await invoiceNo(id)).toEqual(paid);
    });

    it('gives a number back when the payment that took it is rolled back, so the year has no gap', async () => {
      const [rolledBack, next] = [await newOrder(), await newOrder()];
      const before = await lastNumber();
      await expect(
        t.database.db.transaction(async (tx) => {
          expect(await markOrderPaid(tx, rolledBack, 'pi_rolled_back')).toBe(true);
          throw new Error('the webhook failed after paying');
        }),
      ).rejects.toThrow('the webhook failed');
      expect(await invoiceNo(rolledBack)).toBeNull();
      expect(await lastNumber()).toBe(before);
      await markOrderPaid(t.database.db, next, 'pi_next');
      expect(await invoiceNo(next)).toEqual({ year, seq: before + 1 });
    });

    it('numbers payments racing each other once each, without gaps, and one order racing itself once', async () => {
      const ids = await Promise.all(Array.from({ length: 12 }, () => newOrder()));
      const before = await lastNumber();
      // Each order paid twice at once, as the payment page and the webhook may.
      const results = await Promise.all(
        ids.flatMap((id) => [markOrderPaid(t.database.db, id, `pi_page_${id.slice(0, 8)}`), markOrderPaid(t.database.db, id, `pi_hook_${id.slice(0, 8)}`)]),
      );
      expect(results.filter(Boolean)).toHaveLength(ids.length);
      const numbers = (await Promise.all(ids.map(invoiceNo))).map((n) => n?.seq).sort((x, y) => (x ?? 0) - (y ?? 0));
      expect(numbers).toEqual(Array.from({ length: ids.length }, (_, i) => before + i + 1));
      expect(await lastNumber()).toBe(before + ids.length);
    });
  });

  describe('GET /api/orders/{id}/invoice', () => {
    let paidId: string;
    let transactionId: string;

    beforeAll(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: dealer.auth,
        payload: {
          lines: [
            { productId, quantity: 20 },
            { productId: secondProductId, quantity: 5 },
          ],
          userAddress: 'Hafenstraße 12, 20457 Hamburg',
          userPhone: '+49 40 555 0100',
          clientOrderId: crypto.randomUUID(),
        },
      });
      paidId = (res.json() as { insertedId: string }).insertedId;
      transactionId = await payOrder(t, dealer, paidId);
    });

    it('answers the owner a PDF named after its number, with the order in its text', async () => {
      const res = await download(paidId, dealer);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      const number = (await invoiceNo(paidId)) as { year: number; seq: number };
      const text = `${number.year}-${String(number.seq).padStart(5, '0')}`;
      expect(res.headers['content-disposition']).toBe(`attachment; filename="forgeline-invoice-${text}.pdf"`);
      const pdf = await pdfText(res.rawPayload);
      expect(pdf).toContain(`Invoice no. ${text}`);
      expect(pdf).toContain('Ines Müller');
      expect(pdf).toContain('Hafenstraße 12, 20457 Hamburg');
      expect(pdf).toContain(dealer.email);
      expect(pdf).toMatch(/SD8 Specialty Right-Angle Drill\s+FL-\S+\s+20\s+\$139\s+\$2,780/u);
      expect(pdf).toMatch(/MS255 Chop Saw\s+FL-\S+\s+5\s+\$410\s+\$2,050/u);
      expect(pdf).toMatch(/Total \(USD\)\s+\$4,830/u);
      expect(pdf).toMatch(new RegExp(`Transaction\\s+${transactionId}`, 'u'));
    });

    it('answers an admin the same invoice, and nobody else', async () => {
      const mine = await download(paidId, dealer);
      const admins = await download(paidId, admin);
      expect(admins.statusCode).toBe(200);
      expect(admins.rawPayload.equals(mine.rawPayload)).toBe(true);
      const stranger = await download(paidId, other);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toEqual({ error: { code: 'not_found', message: 'That order was not found.' } });
      expect((await download(paidId, null)).statusCode).toBe(401);
      expect((await download(crypto.randomUUID(), admin)).statusCode).toBe(404);
      expect((await download('not-an-id', dealer)).statusCode).toBe(404);
    });

    it('draws an invoice once and sends the kept bytes after, to the owner and admins alike', async () => {
      const id = await newOrder();
      await payOrder(t, dealer, id);
      const [first, second] = [await download(id, dealer), await download(id, dealer)];
      const admins = await download(id, admin);
      expect([first.statusCode, second.statusCode, admins.statusCode]).toEqual([200, 200, 200]);
      expect(rendersOf(id)).toBe(1);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(admins.rawPayload.equals(first.rawPayload)).toBe(true);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]{20,}"$/u);
      expect(second.headers.etag).toBe(etag);
      // A copy the browser keeps is revalidated: the same bytes answer 304 without a body.
      const again = await t.app.inject({ url: `/api/orders/${id}/invoice`, headers: { ...dealer.auth, 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(rendersOf(id)).toBe(1);
    });

    it('draws an invoice asked for by many at once only once, and keeps it in the database', async () => {
      const id = await newOrder();
      await payOrder(t, dealer, id);
      const answers = await Promise.all(Array.from({ length: 4 }, () => download(id, dealer)));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
      }
      expect(rendersOf(id)).toBe(1);
      const kept = (await t.database.db.execute(sql`select count(*)::int as n from invoice_documents where order_id = ${id}`)) as unknown as {
        rows: { n: number }[];
      };
      expect(kept.rows[0]?.n).toBe(1);
    });

    it('answers 409 for an unpaid order: it has no invoice yet', async () => {
      const res = await download(await newOrder(), dealer);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_state' } });
    });

    it('prints an order’s net, tax line and gross as the order carries them, and under the reverse charge the note and the tax number', async () => {
      // 2 × $139 = $278.00 net; as an order to a place with 19 % VAT is saved, $52.82 of tax in the $330.82 the card pays.
      const taxed = await newOrder();
      await t.database.db.execute(sql`update orders set total_minor = 33082, tax_minor = 5282, tax_rate_micros = 190000, tax_name = 'VAT' where id = ${taxed}`);
      await payOrder(t, dealer, taxed);
      const text = await pdfText((await download(taxed, admin)).rawPayload);
      expect(text).toMatch(/Net \(USD\)\s+\$278\.00\s+VAT 19%\s+\$52\.82\s+Total \(USD\)\s+\$330\.82/u);

      const exempt = await newOrder();
      await t.database.db.execute(
        sql`update orders set reverse_charge = true, company_name = 'Werkzeug Müller GmbH', company_tax_number = 'DE123456789' where id = ${exempt}`,
      );
      await payOrder(t, dealer, exempt);
      const note = await pdfText((await download(exempt, admin)).rawPayload);
      expect(note).toMatch(/Net \(USD\)\s+\$278\.00\s+Reverse charge: tax to be accounted for by the recipient\s+\$0\.00\s+Total \(USD\)\s+\$278\.00/u);
      expect(note).toContain('Recipient’s tax number DE123456789');
    });
  });
});

describeEachDatabase('invoice downloads limit', (kind) => {
  const {
    t,
    users: { dealer, other },
  } = useTestApp(kind, { config: { invoiceDownloadsPerMinute: 3 }, users: { dealer: {}, other: {} } });

  it('answers 429 with Retry-After past the limit of an account, and another account still downloads', async () => {
    const productId = await t.createProduct({ price: 20, available: 1000, minOrder: 1 });
    const [mine, theirs] = [await placeOrder(t, dealer, { productId, orderQuantity: 1 }), await placeOrder(t, other, { productId, orderQuantity: 1 })];
    await payOrder(t, dealer, mine);
    await payOrder(t, other, theirs);
    const download = (id: string, user: TestUser) => t.app.inject({ url: `/api/orders/${id}/invoice`, headers: user.auth });
    for (let i = 0; i < 3; i += 1) expect((await download(mine, dealer)).statusCode).toBe(200);
    const refused = await download(mine, dealer);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) as string, details: { retryAfterSeconds: retryAfter } } });
    expect((await download(theirs, other)).statusCode).toBe(200);
  });
});
