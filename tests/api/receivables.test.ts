// Receivables (docs/decisions/044-orders-on-account.md): GET /api/admin/receivables ages the unpaid invoices of
// shipped orders on account by company, and POST /api/orders/{id}/reminder queues the dealer's payment
// reminder for one of them, written to the audit log. Orders on account are written with the states the
// order flow gives them (shipped: invoice number and due date), at due dates chosen for each age bucket.

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { receivablesMessages, type Receivables } from '../../src/contract/receivables';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const DAY_MS = 86_400_000;

interface AccountOrder {
  status: 'Shipped' | 'Confirmed' | 'On hold';
  /** Dollars. */
  total: number;
  /** Days from now to the due date: negative is overdue. */
  dueInDays?: number;
  paid?: boolean;
  poNumber?: string;
  terms?: 'card' | 'net30';
}

describeEachDatabase('receivables', (kind) => {
  const {
    t,
    users: { admin, dana, olli, unverified },
  } = useTestApp(kind, {
    users: { admin: { admin: true }, dana: { verified: true, displayName: 'Dana Dealer' }, olli: { verified: true }, unverified: {} },
  });
  let invoiceSeq = 0;
  const companies: Record<string, string> = {};

  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';

  /** An order of `user`'s company as the order flow leaves it; its id and number. */
  const insertOrder = async (user: TestUser, order: AccountOrder) => {
    const companyId = companies[user.email] ?? '';
    const terms = order.terms ?? 'net30';
    const shipped = order.status === 'Shipped';
    const dueAt = shipped && terms !== 'card' ? new Date(Date.now() + (order.dueInDays ?? 30) * DAY_MS).toISOString() : null;
    const invoice = shipped ? ++invoiceSeq : null;
    const paidAt = order.paid || terms === 'card' ? new Date().toISOString() : null;
    const [row] = await rowsOf<{ id: string; number: string }>(
      t.database.db,
      sql`insert into orders (user_id, user_email, user_name, user_address, user_phone, total_minor, status, payment_terms, po_number, status_reason,
                              company_id, company_name, shipped_at, due_at, invoice_year, invoice_seq, paid_at, transaction_id, payment_reference)
          values (${user.id}::uuid, ${user.email}, ${user.displayName}, '12 Harbour Road, Leeds', '+44 113 496 0000', ${order.total * 100}, ${order.status},
                  ${terms}, ${order.poNumber ?? null}, ${order.status === 'On hold' ? 'Over the credit limit' : null},
                  ${companyId}::uuid, (select name from companies where id = ${companyId}::uuid), ${shipped ? new Date().toISOString() : null}::timestamptz,
                  ${dueAt}::timestamptz, ${invoice === null ? null : 2099}::int, ${invoice}::int, ${paidAt}::timestamptz,
                  ${terms === 'card' ? 'pi_card_test' : null}, ${order.paid ? 'BANK-REF-1' : null})
          returning id, number`,
    );
    if (!row) throw new Error('the order was not inserted');
    return row;
  };

  const receivables = async (as: TestUser = admin) => t.app.inject({ url: '/api/admin/receivables', headers: as.auth });
  const remind = (id: string, as: TestUser = admin) => t.app.inject({ method: 'POST', url: `/api/orders/${id}/reminder`, headers: as.auth });

  beforeAll(async () => {
    for (const user of [dana, olli, unverified]) {
      companies[user.email] = await companyIdOf(user);
      await t.database.db.execute(sql`update companies set payment_terms = 'net30', credit_limit = 100000000 where id = ${companies[user.email]}::uuid`);
    }
  });

  describe('GET /api/admin/receivables', () => {
    it('answers nothing owed while no order on account has shipped', async () => {
      await insertOrder(dana, { status: 'Confirmed', total: 500 });
      const res = await receivables();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({ companies: [], total: 0, aged: { current: 0, '1-30': 0, '31-60': 0, 'over-60': 0 } });
    });

    it('ages each company’s unpaid invoices by days past due, oldest company first, with the sums across companies', async () => {
      const current = await insertOrder(dana, { status: 'Shipped', total: 120, dueInDays: 10, poNumber: 'PO-2026/0042' });
      const late = await insertOrder(dana, { status: 'Shipped', total: 75, dueInDays: -5 });
      const later = await insertOrder(dana, { status: 'Shipped', total: 40, dueInDays: -45 });
      // Paid, card, on hold and confirmed orders owe nothing here.
      await insertOrder(dana, { status: 'Shipped', total: 999, dueInDays: -3, paid: true });
      await insertOrder(dana, { status: 'Shipped', total: 999, terms: 'card' });
      await insertOrder(dana, { status: 'On hold', total: 999 });
      const oldest = await insertOrder(olli, { status: 'Shipped', total: 300, dueInDays: -90 });

      const res = await receivables();
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Receivables;
      expect(body.companies.map((company) => company.companyId)).toEqual([companies[olli.email], companies[dana.email]]);
      const [olliCompany, danaCompany] = body.companies;
      expect(olliCompany).toMatchObject({
        paymentTerms: 'net30',
        aged: { current: 0, '1-30': 0, '31-60': 0, 'over-60': 30_000 },
        total: 30_000,
        invoices: [{ orderId: oldest.id, number: oldest.number, total: 30_000, bucket: 'over-60', daysOverdue: 90, poNumber: null }],
      });
      expect(danaCompany).toMatchObject({
        aged: { current: 12_000, '1-30': 7_500, '31-60': 4_000, 'over-60': 0 },
        total: 23_500,
        oldestDueAt: danaCompany?.invoices[0]?.dueAt,
      });
      expect(danaCompany?.invoices).toEqual([
        expect.objectContaining({ orderId: later.id, bucket: '31-60', daysOverdue: 45, total: 4_000 }),
        expect.objectContaining({ orderId: late.id, bucket: '1-30', daysOverdue: 5, total: 7_500 }),
        expect.objectContaining({ orderId: current.id, number: current.number, bucket: 'current', daysOverdue: 0, total: 12_000, poNumber: 'PO-2026/0042' }),
      ]);
      expect(danaCompany?.invoices[0]?.invoiceNo).toMatch(/^2099-\d{5}$/u);
      expect(body.aged).toEqual({ current: 12_000, '1-30': 7_500, '31-60': 4_000, 'over-60': 30_000 });
      expect(body.total).toBe(53_500);
      expect(Date.parse(body.asOf)).not.toBeNaN();
    });

    it('is for admins only', async () => {
      expect((await receivables(dana)).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/receivables' })).statusCode).toBe(401);
    });
  });

  describe('POST /api/orders/{id}/reminder', () => {
    const reminderMails = (id: string) =>
      rowsOf<{ recipient: string; state: string }>(
        t.database.db,
        sql`select recipient, state from mail_queue where kind = 'invoice_reminder' and order_id = ${id}::uuid`,
      );
    const audits = (id: string) =>
      rowsOf<{ actor_email: string; company_id: string; after: { queued: boolean; to: string } }>(
        t.database.db,
        sql`select actor_email, company_id, after from audit_log where action = 'invoice.reminded' and subject_id = ${id}`,
      );

    it('queues the reminder of an unpaid invoice to the dealer, and writes it to the audit log', async () => {
      const order = await insertOrder(dana, { status: 'Shipped', total: 60, dueInDays: -12 });
      const res = await remind(order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ queued: true, to: dana.email });
      expect(await reminderMails(order.id)).toEqual([{ recipient: dana.email, state: 'queued' }]);
      expect(await audits(order.id)).toEqual([
        expect.objectContaining({
          actor_email: admin.email,
          company_id: companies[dana.email],
          after: expect.objectContaining({ queued: true, to: dana.email }),
        }),
      ]);
      // Once that one is sent, another reminder goes again; the audit log has both.
      await t.database.db.execute(sql`update mail_queue set state = 'sent', sent_at = now() where kind = 'invoice_reminder' and order_id = ${order.id}::uuid`);
      expect((await remind(order.id)).json()).toEqual({ queued: true, to: dana.email });
      expect(await reminderMails(order.id)).toEqual([{ recipient: dana.email, state: 'queued' }]);
      expect(await audits(order.id)).toHaveLength(2);
    });

    it('says so, and mails nobody, when the order’s address is not verified', async () => {
      const order = await insertOrder(unverified, { status: 'Shipped', total: 60, dueInDays: 3 });
      const res = await remind(order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ queued: false, to: unverified.email });
      expect(await reminderMails(order.id)).toEqual([]);
      expect(await audits(order.id)).toHaveLength(1);
    });

    it('refuses an order whose invoice is not open: not shipped, paid, or paid by card', async () => {
      for (const order of [
        await insertOrder(dana, { status: 'Confirmed', total: 10 }),
        await insertOrder(dana, { status: 'On hold', total: 10 }),
        await insertOrder(dana, { status: 'Shipped', total: 10, paid: true }),
        await insertOrder(dana, { status: 'Shipped', total: 10, terms: 'card' }),
      ]) {
        const res = await remind(order.id);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ error: { code: 'invalid_state', message: receivablesMessages.notRemindable } });
        expect(await reminderMails(order.id)).toEqual([]);
        expect(await audits(order.id)).toEqual([]);
      }
    });

    it('answers 404 for a missing or malformed id, and is for admins only', async () => {
      expect((await remind('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await remind('not-an-id')).statusCode).toBe(404);
      const order = await insertOrder(dana, { status: 'Shipped', total: 60, dueInDays: -1 });
      expect((await remind(order.id, dana)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/reminder` })).statusCode).toBe(401);
      expect(await reminderMails(order.id)).toEqual([]);
    });
  });
});
