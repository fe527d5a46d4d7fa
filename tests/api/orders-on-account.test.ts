// Orders on account (docs/decisions/044-orders-on-account.md): a company with payment terms orders without a
// card within its credit (Confirmed), over it or with an overdue invoice On hold for an admin to release or
// refuse; shipping issues the invoice with its due date; a bank transfer pays it. A purchase-order number is
// carried everywhere and required where the company says so. Card orders are as they always were.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { accountMessages, type AccountStanding } from '../../src/contract/account-terms';
import type { AdminCompanyDetail } from '../../src/contract/company-admin';
import type { Order } from '../../src/contract/order';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const typed = { userAddress: '12 Harbour Road, Leeds LS1 4AB', userPhone: '+44 113 496 0000' };

describeEachDatabase('orders on account', (kind) => {
  const {
    t,
    users: { dana, bo, olli, admin },
  } = useTestApp(kind, {
    users: { dana: { displayName: 'Dana Dealer' }, bo: { displayName: 'Bo Buyer' }, olli: { displayName: 'Olli Other' }, admin: { admin: true } },
  });

  let productId = '';
  let danaCompany = '';

  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';
  const setTerms = async (companyId: string, terms: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/companies/${companyId}/terms`, headers: admin.auth, payload: terms });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AccountStanding;
  };
  const place = (user: TestUser, quantity: number, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: user.auth,
      payload: { lines: [{ productId, quantity }], ...typed, clientOrderId: randomUUID(), ...extra },
    });
  const placed = async (user: TestUser, quantity: number, extra: Record<string, unknown> = {}) => {
    const res = await place(user, quantity, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { insertedId: string; number: string; status: string };
  };
  const orderOf = async (id: string) => (await t.app.inject({ url: `/api/order/${id}`, headers: admin.auth })).json() as Order;
  const standing = async (user: TestUser) => {
    const res = await t.app.inject({ url: '/api/company/account', headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AccountStanding;
  };
  const available = async () => (await rowsOf<{ n: number }>(t.database.db, sql`select available as n from products where id = ${productId}::uuid`))[0]?.n;
  const ship = (id: string) => t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: admin.auth, payload: {} });

  beforeAll(async () => {
    // $100 a piece: 10 pieces are $1,000, 100,000 cents.
    productId = await t.createProduct({ name: 'Rotary Hammer RH-26', price: 100, available: 10_000, minOrder: 1 });
    danaCompany = await companyIdOf(dana);
    const own = await companyIdOf(bo);
    await t.database.db.execute(sql`update company_members set company_id = ${danaCompany}::uuid, role = 'buyer' where user_id = ${bo.id}::uuid`);
    await t.database.db.execute(sql`delete from companies where id = ${own}::uuid`);
    // Dealers hear of their orders at a verified address only.
    await t.database.db.execute(sql`update users set email_verified = true where id in (${dana.id}::uuid, ${bo.id}::uuid)`);
  });

  it('a company pays by card until the shop gives it terms, and asking to pay on account says so', async () => {
    const account = await standing(dana);
    expect(account).toEqual({
      paymentTerms: 'card',
      creditLimit: 0,
      poRequired: false,
      depositPercent: 0,
      outstanding: 0,
      available: 0,
      overdue: 0,
      currency: 'USD',
      taxExempt: false,
    });
    const card = await placed(dana, 1);
    expect(card.status).toBe('Unpaid');
    const refused = await place(dana, 1, { payment: 'account' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: accountMessages.noAccount } });
  });

  it('an admin sets terms, written to the audit log; the admin page shows the account', async () => {
    const set = await setTerms(danaCompany, { paymentTerms: 'net30', creditLimit: 250_000, poRequired: true });
    expect(set).toMatchObject({ paymentTerms: 'net30', creditLimit: 250_000, poRequired: true, available: 250_000 });
    const detail = (await t.app.inject({ url: `/api/admin/companies/${danaCompany}`, headers: admin.auth })).json() as AdminCompanyDetail;
    expect(detail.account.paymentTerms).toBe('net30');
    const audit = await rowsOf<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where subject_id = ${danaCompany} and action = 'company.terms_changed'`,
    );
    expect(audit).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${danaCompany}/terms`,
      headers: admin.auth,
      payload: { paymentTerms: 'net90', creditLimit: -1, poRequired: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${randomUUID()}/terms`,
      headers: admin.auth,
      payload: { paymentTerms: 'net30', creditLimit: 0, poRequired: false },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a PO number is required where the company says so, and checked', async () => {
    const without = await place(bo, 1);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ error: { message: accountMessages.poRequired } });
    const blank = await place(bo, 1, { poNumber: '   ' });
    expect(blank.statusCode).toBe(400);
    const hostile = await place(bo, 1, { poNumber: '<script>' });
    expect(hostile.statusCode).toBe(400);
    const long = await place(bo, 1, { poNumber: 'P'.repeat(36) });
    expect(long.statusCode).toBe(400);
  });

  it('within the credit an order is Confirmed without a card, holds its stock, and carries its PO number', async () => {
    const before = await available();
    const order = await placed(bo, 10, { poNumber: ' PO-2026/0042 ' });
    expect(order.status).toBe('Confirmed');
    const read = await orderOf(order.insertedId);
    expect(read).toMatchObject({ status: 'Confirmed', paymentTerms: 'net30', poNumber: 'PO-2026/0042', statusReason: null, dueAt: null, paidAt: null });
    expect(await available()).toBe((before ?? 0) - 10);
    expect(await standing(dana)).toMatchObject({ outstanding: 100_000, available: 150_000, overdue: 0 });
    // The dealer's search finds it by its PO number.
    const found = (await t.app.inject({ url: `/api/orders/${encodeURIComponent(bo.email)}?q=2026%2F0042`, headers: bo.auth })).json() as Order[];
    expect(found.map((o) => o._id)).toEqual([order.insertedId]);
    // Nothing to pay by card: the payment page refuses it.
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bo.auth, payload: { orderId: order.insertedId } });
    expect(intent.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('over the credit an order is On hold with why; the admin releases or refuses it', async () => {
    const over = await placed(dana, 20, { poNumber: 'PO-BIG-1' });
    expect(over).toMatchObject({ status: 'On hold', statusReason: accountMessages.overCredit });
    expect((await orderOf(over.insertedId)).statusReason).toBe(accountMessages.overCredit);
    // On hold owes nothing yet.
    expect((await standing(dana)).outstanding).toBe(100_000);
    const shipHeld = await ship(over.insertedId);
    expect(shipHeld.statusCode).toBe(409);
    expect(shipHeld.json()).toMatchObject({ error: { message: expect.stringContaining('on hold') } });

    const released = await t.app.inject({ method: 'POST', url: `/api/orders/${over.insertedId}/release`, headers: admin.auth });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ status: 'Confirmed', statusReason: null });
    expect((await standing(dana)).outstanding).toBe(300_000);
    const again = await t.app.inject({ method: 'POST', url: `/api/orders/${over.insertedId}/release`, headers: admin.auth });
    expect(again.statusCode).toBe(409);

    const before = await available();
    const second = await placed(dana, 5, { poNumber: 'PO-BIG-2' });
    expect(second.status).toBe('On hold');
    const noReason = await t.app.inject({ method: 'POST', url: `/api/orders/${second.insertedId}/refuse`, headers: admin.auth, payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${second.insertedId}/refuse`,
      headers: admin.auth,
      payload: { reason: 'Please settle the open invoices first.' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'Refused', statusReason: 'Please settle the open invoices first.' });
    expect(await available()).toBe(before);
    const mails = await rowsOf<{ kind: string }>(
      t.database.db,
      sql`select kind from mail_queue where order_id in (${over.insertedId}::uuid, ${second.insertedId}::uuid)`,
    );
    expect(mails.map((m) => m.kind).sort()).toEqual(expect.arrayContaining(['order_released', 'order_refused']));
  });

  it('shipping issues the invoice with its due date; undo keeps the number; a bank transfer pays it', async () => {
    // The released order took the company over its limit: the shop raises it.
    await setTerms(danaCompany, { paymentTerms: 'net30', creditLimit: 1_000_000, poRequired: true });
    const order = await placed(bo, 1, { poNumber: 'PO-SHIP-1' });
    expect(order.status).toBe('Confirmed');
    expect((await ship(order.insertedId)).statusCode).toBe(200);
    const shipped = await orderOf(order.insertedId);
    expect(shipped.status).toBe('Shipped');
    expect(shipped.invoiceNo).toMatch(/^\d{4}-\d{5}$/u);
    const days = (Date.parse(shipped.dueAt ?? '') - Date.parse(shipped.shippedAt ?? '')) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const undo = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order.insertedId}/shipping`, headers: admin.auth });
    expect(undo.statusCode).toBe(200);
    expect(await orderOf(order.insertedId)).toMatchObject({ status: 'Confirmed', dueAt: null, invoiceNo: shipped.invoiceNo });
    expect((await ship(order.insertedId)).statusCode).toBe(200);
    expect((await orderOf(order.insertedId)).invoiceNo).toBe(shipped.invoiceNo);

    const noRef = await t.app.inject({ method: 'POST', url: `/api/orders/${order.insertedId}/bank-payment`, headers: admin.auth, payload: {} });
    expect(noRef.statusCode).toBe(400);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.insertedId}/bank-payment`,
      headers: admin.auth,
      payload: { reference: 'TRF 2026-11-27 0042' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'Shipped', paymentReference: 'TRF 2026-11-27 0042' });
    expect((paid.json() as Order).paidAt).not.toBeNull();
    const receipts = await rowsOf<{ kind: string }>(
      t.database.db,
      sql`select kind from mail_queue where order_id = ${order.insertedId}::uuid and kind = 'order_paid'`,
    );
    expect(receipts).toHaveLength(1);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.insertedId}/bank-payment`,
      headers: admin.auth,
      payload: { reference: 'TRF again' },
    });
    expect(twice.statusCode).toBe(409);
    // Shipping with the undo window closed cannot be undone once paid either.
    const late = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order.insertedId}/shipping`, headers: admin.auth });
    expect(late.statusCode).toBe(409);
  });

  it('an overdue invoice puts new orders on account on hold, and a card order is still possible', async () => {
    const order = await placed(bo, 1, { poNumber: 'PO-LATE-1' });
    expect((await ship(order.insertedId)).statusCode).toBe(200);
    await t.database.db.execute(sql`update orders set due_at = now() - interval '3 days' where id = ${order.insertedId}::uuid`);
    expect((await standing(dana)).overdue).toBe(10_000);
    const next = await placed(bo, 1, { poNumber: 'PO-LATE-2' });
    expect(next.status).toBe('On hold');
    expect((await orderOf(next.insertedId)).statusReason).toBe(accountMessages.overdue);
    const card = await placed(bo, 1, { poNumber: 'PO-CARD-1', payment: 'card' });
    expect(card.status).toBe('Unpaid');
    expect((await orderOf(card.insertedId)).paymentTerms).toBe('card');
  });

  it('a one-tool order on account answers its status; a company paying by card is not asked for more', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: olli.auth,
      payload: { productId, orderQuantity: 1, ...typed, clientOrderId: randomUUID() },
    });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json() as object)).toEqual(['insertedId']);
    await setTerms(await companyIdOf(olli), { paymentTerms: 'net15', creditLimit: 1_000_000, poRequired: false });
    const onAccount = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: olli.auth,
      payload: { productId, orderQuantity: 1, ...typed, clientOrderId: randomUUID() },
    });
    expect(onAccount.statusCode).toBe(201);
    expect(onAccount.json()).toMatchObject({ status: 'Confirmed' });
  });

  it('members read their own company’s account only', async () => {
    const other = await t.app.inject({ url: `/api/company/account?companyId=${danaCompany}`, headers: olli.auth });
    expect(other.statusCode).toBe(404);
    const adminHasNone = await t.app.inject({ url: '/api/company/account', headers: admin.auth });
    expect(adminHasNone.statusCode).toBe(404);
  });
});
