// Invoices (docs/decisions/013-invoices-and-mail-queue.md): a number given in the statement that makes an
// order Paid, sequential per year, never given twice or lost to a rolled-back payment; and the PDF at
// GET /api/orders/{id}/invoice for the owner and admins only.

import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { findOrder, markOrderPaid } from '../../server/repositories/orders';
import { payOrder, placeOrder } from '../helpers/orders';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

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
      const results = await Promise.all(ids.flatMap((id) => [markOrderPaid(t.database.db, id, `pi_page_${id.slice(0, 8)}`), markOrderPaid(t.database.db, id, `pi_hook_${id.slice(0, 8)}`)]));
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

    it('answers 409 for an unpaid order: it has no invoice yet', async () => {
      const res = await download(await newOrder(), dealer);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_state' } });
    });
  });
});
