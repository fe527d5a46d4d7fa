// Deposits on account (docs/decisions/047-deposits-on-account.md): a company the shop gives a deposit percentage
// pays that share of each order on account by card before it ships; its credit counts the rest, and so does
// its invoice. The deposit is paid once (the payment page twice, or the page and the webhook), an order on
// hold cannot take one, and an order whose deposit is due does not ship.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { accountMessages, type AccountStanding } from '../../src/contract/account-terms';
import type { InvoicesPaymentIntent, InvoicesPortal } from '../../src/contract/invoices-portal';
import type { Order } from '../../src/contract/order';
import type { Receivables } from '../../src/contract/receivables';
import { sandboxConfirm } from '../helpers/orders';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const typed = { userAddress: '12 Harbour Road, Leeds LS1 4AB', userPhone: '+44 113 496 0000' };

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/gu, ' ');
  } finally {
    await parser.destroy();
  }
}

describeEachDatabase('deposits on account', (kind) => {
  const {
    t,
    users: { dana, admin },
  } = useTestApp(kind, { users: { dana: { displayName: 'Dana Dealer', verified: true }, admin: { admin: true } } });

  let productId = '';
  let companyId = '';

  const setTerms = (terms: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/companies/${companyId}/terms`, headers: admin.auth, payload: terms });
  const place = async (quantity: number, extra: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: dana.auth,
      payload: { lines: [{ productId, quantity }], ...typed, clientOrderId: randomUUID(), ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { insertedId: string; status: string; depositMinor?: number };
  };
  const orderOf = async (id: string) => (await t.app.inject({ url: `/api/order/${id}`, headers: dana.auth })).json() as Order;
  const standing = async () => (await t.app.inject({ url: '/api/company/account', headers: dana.auth })).json() as AccountStanding;
  const ship = (id: string) => t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: admin.auth, payload: {} });
  const intentFor = (user: TestUser, orderId: string) =>
    t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: user.auth, payload: { orderId } });
  const confirm = (orderId: string, transactionId: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/order/${orderId}`, headers: dana.auth, payload: { transactionId } });
  const mails = async (orderId: string) =>
    (await rowsOf<{ kind: string }>(t.database.db, sql`select kind from mail_queue where order_id = ${orderId}::uuid order by kind`)).map((m) => m.kind);

  beforeAll(async () => {
    // $100 a piece, no tax: 10 pieces are $1,000.00, 100,000 cents.
    productId = await t.createProduct({ name: 'Core Drill CD-160', price: 100, available: 10_000, minOrder: 1 });
    companyId = (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${dana.id}::uuid`))[0]?.id ?? '';
    // Admins who want a mail for each paid order hear of deposits too.
    await t.database.db.execute(sql`update users set email_verified = true where id = ${admin.id}::uuid`);
  });

  it('an admin sets a deposit percentage with the terms, checked and written to the audit log', async () => {
    for (const depositPercent of [100, -1, 12.5, '30']) {
      const bad = await setTerms({ paymentTerms: 'net30', creditLimit: 80_000, poRequired: false, depositPercent });
      expect(bad.statusCode, String(depositPercent)).toBe(400);
      expect(bad.json()).toMatchObject({ error: { message: expect.stringContaining(accountMessages.depositPercent) } });
    }
    const set = await setTerms({ paymentTerms: 'net30', creditLimit: 80_000, poRequired: false, depositPercent: 30 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ paymentTerms: 'net30', depositPercent: 30, creditLimit: 80_000 });
    // Left out, the deposit stays as it is.
    const kept = await setTerms({ paymentTerms: 'net30', creditLimit: 80_000, poRequired: false });
    expect(kept.json()).toMatchObject({ depositPercent: 30 });
    const audit = await rowsOf<{ after: { depositPercent?: number } }>(
      t.database.db,
      sql`select after from audit_log where subject_id = ${companyId} and action = 'company.terms_changed' order by at`,
    );
    expect(audit.map((row) => row.after.depositPercent)).toEqual([30, 30]);
    expect(await standing()).toMatchObject({ depositPercent: 30 });
  });

  let orderId = '';

  it('an order on account is confirmed with its deposit due; the credit counts the rest, and it does not ship yet', async () => {
    // $1,000 against $800 of credit: the $300 deposit is paid by card, so the $700 on account fits.
    const placed = await place(10);
    expect(placed).toMatchObject({ status: 'Confirmed', depositMinor: 30_000 });
    orderId = placed.insertedId;
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ totalMinor: 100_000, depositMinor: 30_000, depositPaidAt: null, paymentTerms: 'net30' });
    expect(await standing()).toMatchObject({ outstanding: 70_000, available: 10_000 });
    expect(await mails(orderId)).toEqual(['order_placed']);

    const early = await ship(orderId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { message: accountMessages.depositBeforeShipping } });
    expect((await orderOf(orderId)).status).toBe('Confirmed');
  });

  it('the deposit is paid by card once, for its own amount; the order may ship from then on', async () => {
    const intent = await intentFor(dana, orderId);
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await sandboxConfirm(t, dana, orderId);
    expect(paid.paymentIntent?.status).toBe('succeeded');
    const intentId = paid.paymentIntent?.id ?? '';
    expect(await t.app.services.payments.retrieve(intentId)).toMatchObject({ amount: 30_000, orderId });

    const first = await confirm(orderId, intentId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ modifiedCount: 1 });
    // The page confirming again is a success that changes nothing; a new intent is refused.
    expect((await confirm(orderId, intentId)).json()).toEqual({ modifiedCount: 0 });
    const again = await intentFor(dana, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: 'The deposit of this order is paid already.' } });

    const order = await orderOf(orderId);
    expect(order.status).toBe('Confirmed');
    expect(order.depositPaidAt).not.toBeNull();
    expect(await mails(orderId)).toEqual(['order_deposit_paid', 'order_deposit_paid_admin', 'order_placed']);
    const audit = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where id = ${orderId}::uuid and deposit_transaction_id = ${intentId}`,
    );
    expect(audit[0]?.n).toBe(1);
  });

  it('shipped, its invoice asks for the rest: the portal, receivables, the one card payment and the PDF', async () => {
    expect((await ship(orderId)).statusCode).toBe(200);
    const portal = (await t.app.inject({ url: '/api/invoices?state=open', headers: dana.auth })).json() as InvoicesPortal;
    expect(portal.openBalance).toBe(70_000);
    expect(portal.items.find((invoice) => invoice.orderId === orderId)).toMatchObject({ amount: 70_000, depositMinor: 30_000 });

    const receivables = (await t.app.inject({ url: '/api/admin/receivables', headers: admin.auth })).json() as Receivables;
    const open = receivables.companies.flatMap((company) => company.invoices).find((invoice) => invoice.orderId === orderId);
    expect(open?.total).toBe(70_000);

    const pdf = await t.app.inject({ url: `/api/orders/${orderId}/invoice`, headers: dana.auth });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Total (USD) $1,000');
    expect(text).toMatch(/Deposit paid by card on \d{4}-\d{2}-\d{2} -\$300\.00/u);
    expect(text).toContain('Balance on account (USD) $700.00');

    const started = await t.app.inject({ method: 'POST', url: '/api/invoices/payment-intent', headers: dana.auth, payload: { orderIds: [orderId] } });
    expect(started.statusCode, started.body).toBe(200);
    expect((started.json() as InvoicesPaymentIntent).amount).toBe(70_000);
  });

  it('an order on hold cannot take its deposit until it is released; a card order has none', async () => {
    // $900 with a $270 deposit: $630 is over the $100 of credit left.
    const held = await place(9);
    expect(held.status).toBe('On hold');
    expect(await orderOf(held.insertedId)).toMatchObject({ depositMinor: 27_000, depositPaidAt: null });
    const refused = await intentFor(dana, held.insertedId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: accountMessages.depositWhileOnHold } });
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${held.insertedId}/release`, headers: admin.auth })).statusCode).toBe(200);
    expect((await intentFor(dana, held.insertedId)).statusCode).toBe(200);

    const card = await place(1, { payment: 'card' });
    expect(card.status).toBe('Unpaid');
    expect(card.depositMinor).toBeUndefined();
    const order = await orderOf(card.insertedId);
    expect(order.depositMinor).toBeUndefined();
    const rows = await rowsOf<{ deposit: number }>(t.database.db, sql`select deposit_minor as deposit from orders where id = ${card.insertedId}::uuid`);
    expect(Number(rows[0]?.deposit)).toBe(0);
  });

  it('an admin records a deposit paid by bank transfer; then the order ships, and the invoice says how it was paid', async () => {
    // $500 with a $150 deposit; the shop releases it, as its credit is used up.
    const placed = await place(5);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${placed.insertedId}/release`, headers: admin.auth })).statusCode).toBe(200);
    const transfer = (reference: string) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${placed.insertedId}/bank-payment`, headers: admin.auth, payload: { reference } });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/${placed.insertedId}/bank-payment`, headers: dana.auth, payload: { reference: 'X' } }))
        .statusCode,
    ).toBe(403);
    const recorded = await transfer('SEPA DEP-0042');
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ status: 'Confirmed', depositPaidAt: expect.any(String), paidAt: null });
    expect(await mails(placed.insertedId)).toEqual(['order_deposit_paid', 'order_deposit_paid_admin', 'order_on_hold_admin', 'order_placed', 'order_released']);
    const audit = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where subject_id = ${placed.insertedId} and action = 'order.deposit_paid_by_transfer'`,
    );
    expect(audit[0]?.n).toBe(1);
    // Its card payment is closed now; a second transfer is one for the invoice, which does not exist yet.
    expect((await intentFor(dana, placed.insertedId)).statusCode).toBe(409);
    expect((await transfer('SEPA DEP-0043')).statusCode).toBe(409);

    expect((await ship(placed.insertedId)).statusCode).toBe(200);
    const text = await pdfText((await t.app.inject({ url: `/api/orders/${placed.insertedId}/invoice`, headers: dana.auth })).rawPayload);
    expect(text).toMatch(/Deposit paid by bank transfer on \d{4}-\d{2}-\d{2} -\$150\.00/u);
    expect(text).toContain('Deposit transfer reference SEPA DEP-0042');
    expect(text).toContain('Balance on account (USD) $350.00');
    // And the invoice's own transfer pays the rest.
    const invoice = await transfer('SEPA INV-0042');
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json()).toMatchObject({ status: 'Shipped', paidAt: expect.any(String), paymentReference: 'SEPA INV-0042' });
  });

  it('the orders export has the deposit and when it was paid', async () => {
    const csv = await t.app.inject({ url: '/api/orders/export', headers: admin.auth });
    expect(csv.statusCode).toBe(200);
    const [header = '', ...rows] = csv.body.trim().split(/\r?\n/u);
    expect(header.endsWith('Net,Tax,Deposit,Deposit paid (UTC)')).toBe(true);
    const number = (await orderOf(orderId)).number ?? orderId;
    const row = rows.find((line) => line.startsWith(number)) ?? '';
    expect(row).toMatch(/,1000,0,300,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/u);
  });
});
