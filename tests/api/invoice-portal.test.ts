// The dealer's invoice portal (docs/decisions/044-orders-on-account.md): the invoices of the orders a dealer
// sees, open, overdue or paid, with the open balance; several invoices on account paid with one sandbox card
// payment, marked paid once however often it is confirmed; and the invoices a dealer may not pay refused.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { applyInvoicePayment } from '../../server/services/invoice-payments';
import { invoicePaymentMessages as m, type InvoicesPaymentIntent, type InvoicesPortal } from '../../src/contract/invoices-portal';
import type { Order } from '../../src/contract/order';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { payOrder } from '../helpers/orders';
import type { TestApp, TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const PRICE = 90;
const WEBHOOK_SECRET = 'whsec_test_forgeline_invoice_portal';
const typed = { userAddress: '1 Quay Street, York YO1 7HH', userPhone: '+44 1904 496 000' };

/**
 * Orders on account through the API, as the shop and its dealers make them: the admin puts a company on
 * net 30, a dealer places an order on account (Confirmed within the credit), the admin ships it and its
 * invoice is issued, open, due in 30 days.
 */
function onAccount(t: TestApp, admin: TestUser, productId: () => string) {
  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';

  const setTerms = async (companyId: string) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${companyId}/terms`,
      headers: admin.auth,
      payload: { paymentTerms: 'net30', creditLimit: 100_000_000, poRequired: false },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  async function confirmedOnAccount(user: TestUser, quantity = 1, poNumber?: string): Promise<string> {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: user.auth,
      payload: { lines: [{ productId: productId(), quantity }], ...typed, clientOrderId: randomUUID(), payment: 'account', ...(poNumber ? { poNumber } : {}) },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ status: 'Confirmed' });
    return (placed.json() as { insertedId: string }).insertedId;
  }

  async function shippedOnAccount(user: TestUser, quantity = 2, poNumber?: string): Promise<string> {
    const id = await confirmedOnAccount(user, quantity, poNumber);
    const shipped = await t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: admin.auth, payload: {} });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return id;
  }

  return { companyIdOf, setTerms, confirmedOnAccount, shippedOnAccount };
}

describeEachDatabase('the invoice portal', (kind) => {
  const {
    t,
    users: { dana, bo, cy, olli, admin },
  } = useTestApp(kind, {
    users: {
      dana: { displayName: 'Dana Dealer' },
      bo: { displayName: 'Bo Buyer' },
      cy: { displayName: 'Cy Sees-All' },
      olli: { displayName: 'Olli Other' },
      admin: { admin: true },
    },
  });

  let productId = '';
  let danaCompany = '';
  let olliCompany = '';

  /** Moves `user` into `owner`'s company as a buyer; the company of one it had goes. */
  async function joinAsBuyer(user: TestUser, owner: TestUser, canSeeAllOrders = false): Promise<void> {
    const own = await companyIdOf(user);
    await t.database.db.execute(
      sql`update company_members set company_id = ${await companyIdOf(owner)}::uuid, role = 'buyer', can_see_all_orders = ${canSeeAllOrders} where user_id = ${user.id}::uuid`,
    );
    await t.database.db.execute(sql`delete from companies where id = ${own}::uuid`);
  }

  const { companyIdOf, setTerms, confirmedOnAccount, shippedOnAccount } = onAccount(t, admin, () => productId);

  const makeOverdue = (orderId: string) => t.database.db.execute(sql`update orders set due_at = now() - interval '2 days' where id = ${orderId}::uuid`);

  const portal = async (user: TestUser, query = '') => {
    const res = await t.app.inject({ url: `/api/invoices${query}`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as InvoicesPortal;
  };
  const startPayment = (user: TestUser, orderIds: string[]) =>
    t.app.inject({ method: 'POST', url: '/api/invoices/payment-intent', headers: user.auth, payload: { orderIds } });
  const confirm = (user: TestUser, paymentId: string, transactionId: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/invoices/payments/${paymentId}`, headers: user.auth, payload: { transactionId } });
  const card = (user: TestUser, clientSecret: string, number = '4242 4242 4242 4242') =>
    t.app.inject({
      method: 'POST',
      url: '/api/sandbox/confirm',
      headers: user.auth,
      payload: { clientSecret, card: { number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' } },
    });
  /** The card payment of these invoices, through the sandbox: the intent, and the succeeded payment's id. */
  async function cardPayment(user: TestUser, orderIds: string[]): Promise<{ intent: InvoicesPaymentIntent; transactionId: string }> {
    const started = await startPayment(user, orderIds);
    expect(started.statusCode, started.body).toBe(200);
    const intent = started.json() as InvoicesPaymentIntent;
    const paid = (await card(user, intent.clientSecret)).json() as { paymentIntent?: { id: string; status: string } };
    expect(paid.paymentIntent?.status).toBe('succeeded');
    return { intent, transactionId: paid.paymentIntent?.id ?? '' };
  }
  const order = async (id: string) => (await t.app.inject({ url: `/api/order/${id}`, headers: dana.auth })).json() as Order;

  beforeAll(async () => {
    productId = await t.createProduct({ name: 'Impact Driver ID-18', price: PRICE, available: 10_000, minOrder: 1 });
    await joinAsBuyer(bo, dana);
    await joinAsBuyer(cy, dana, true);
    danaCompany = await companyIdOf(dana);
    olliCompany = await companyIdOf(olli);
    await setTerms(danaCompany);
    await setTerms(olliCompany);
  });

  describe('GET /api/invoices', () => {
    let cardPaid = '';
    let open = '';
    let overdue = '';
    let bosOpen = '';
    let ollis = '';

    beforeAll(async () => {
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: dana.auth,
        payload: { lines: [{ productId, quantity: 1 }], ...typed, clientOrderId: randomUUID(), payment: 'card' },
      });
      cardPaid = (placed.json() as { insertedId: string }).insertedId;
      await payOrder(t, dana, cardPaid);
      open = await shippedOnAccount(dana, 2, 'PO-2026/0042');
      overdue = await shippedOnAccount(dana, 3);
      bosOpen = await shippedOnAccount(bo, 4);
      ollis = await shippedOnAccount(olli, 5);
      // Last: a company with an overdue invoice has its new orders on account held.
      await makeOverdue(overdue);
    });
    afterAll(() => t.database.db.execute(sql`update orders set due_at = now() + interval '30 days' where id = ${overdue}::uuid`));

    it('lists the invoices of the orders the company admin sees, each in its state, with the open balance and the overdue amount', async () => {
      const all = await portal(dana);
      const ids = all.items.map((invoice) => invoice.orderId);
      expect(ids).toEqual(expect.arrayContaining([cardPaid, open, overdue, bosOpen]));
      expect(ids).not.toContain(ollis);
      // Overdue first, then open, then paid.
      expect(ids.indexOf(overdue)).toBeLessThan(ids.indexOf(open));
      expect(ids.indexOf(open)).toBeLessThan(ids.indexOf(cardPaid));
      const byId = new Map(all.items.map((invoice) => [invoice.orderId, invoice]));
      expect(byId.get(open)).toMatchObject({
        invoiceNo: expect.stringMatching(/^\d{4}-\d{5}$/u),
        number: expect.stringMatching(/^O-\d{4}-\d{5}$/u),
        poNumber: 'PO-2026/0042',
        paymentTerms: 'net30',
        amount: 2 * PRICE * 100,
        state: 'open',
        dueAt: expect.any(String),
        paidAt: null,
        placedBy: 'Dana Dealer',
        mayPay: true,
      });
      expect(byId.get(overdue)).toMatchObject({ state: 'overdue', amount: 3 * PRICE * 100, mayPay: true });
      // A colleague's invoice: the company admin pays it too.
      expect(byId.get(bosOpen)).toMatchObject({ state: 'open', placedBy: 'Bo Buyer', mayPay: true });
      // A card order's invoice is paid with the order.
      expect(byId.get(cardPaid)).toMatchObject({ state: 'paid', paymentTerms: 'card', dueAt: null, paidAt: expect.any(String), mayPay: false });
      expect(all.openBalance).toBe((2 + 3 + 4) * PRICE * 100);
      expect(all.overdue).toBe(3 * PRICE * 100);
    });

    it('narrows the list to one state; the balance stays the whole of it', async () => {
      const states = async (state: string) => (await portal(dana, `?state=${state}`)).items.map((invoice) => invoice.orderId);
      expect(await states('open')).toEqual(expect.arrayContaining([open, bosOpen]));
      expect(await states('open')).not.toContain(overdue);
      expect(await states('overdue')).toEqual([overdue]);
      const paid = await portal(dana, '?state=paid');
      expect(paid.items.every((invoice) => invoice.state === 'paid')).toBe(true);
      expect(paid.items.map((invoice) => invoice.orderId)).toContain(cardPaid);
      expect(paid.openBalance).toBe((2 + 3 + 4) * PRICE * 100);
    });

    it('answers a page at a time, with how many there are in the state asked and in each state', async () => {
      const all = await portal(dana);
      expect(all).toMatchObject({ page: 1, pageSize: 50, total: all.items.length });
      expect(all.counts).toEqual({
        open: all.items.filter((invoice) => invoice.state === 'open').length,
        overdue: 1,
        paid: all.items.filter((invoice) => invoice.state === 'paid').length,
      });
      // Pages of one follow the same order as the whole list, each invoice once.
      const paged: string[] = [];
      for (let page = 1; page <= all.items.length; page += 1) {
        const one = await portal(dana, `?pageSize=1&page=${page}`);
        expect(one).toMatchObject({ page, pageSize: 1, total: all.items.length });
        paged.push(...one.items.map((invoice) => invoice.orderId));
      }
      expect(paged).toEqual(all.items.map((invoice) => invoice.orderId));
      expect((await portal(dana, `?pageSize=1&page=${all.items.length + 1}`)).items).toEqual([]);
      const open = await portal(dana, '?state=open&pageSize=1');
      expect(open).toMatchObject({ total: all.counts?.open, pageSize: 1 });
      expect(open.items).toHaveLength(1);
      for (const bad of ['?page=0', '?pageSize=101', '?page=two']) {
        expect((await t.app.inject({ url: `/api/invoices${bad}`, headers: dana.auth })).statusCode, bad).toBe(400);
      }
    });

    it('shows a buyer their own invoices, and a buyer who sees all every invoice of the company without paying any', async () => {
      const own = await portal(bo);
      expect(own.items.map((invoice) => invoice.orderId)).toEqual([bosOpen]);
      expect(own.items[0]?.mayPay).toBe(true);
      expect(own).toMatchObject({ openBalance: 4 * PRICE * 100, overdue: 0 });
      const seesAll = await portal(cy);
      expect(seesAll.items.map((invoice) => invoice.orderId)).toEqual(expect.arrayContaining([open, overdue, bosOpen, cardPaid]));
      expect(seesAll.items.every((invoice) => !invoice.mayPay)).toBe(true);
      expect(seesAll.openBalance).toBe((2 + 3 + 4) * PRICE * 100);
    });

    it('refuses a state it does not know (400), anyone signed out (401), and admins (403)', async () => {
      const bad = await t.app.inject({ url: '/api/invoices?state=late', headers: dana.auth });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'invalid_data', message: 'state: state must be one of open, overdue, paid' } });
      expect((await t.app.inject({ url: '/api/invoices' })).statusCode).toBe(401);
      const asAdmin = await t.app.inject({ url: '/api/invoices', headers: admin.auth });
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json()).toMatchObject({ error: { code: 'forbidden', message: m.dealersOnly } });
    });
  });

  describe('paying several invoices with one card payment', () => {
    it('pays two invoices at once: one intent for their sum, both paid with its transaction id, the balance down by both', async () => {
      // Dealers get mails at verified addresses only.
      await t.database.db.execute(sql`update users set email_verified = true where id in (${dana.id}::uuid, ${bo.id}::uuid)`);
      const first = await shippedOnAccount(dana, 1);
      const second = await shippedOnAccount(bo, 6);
      const before = (await portal(dana)).openBalance;
      const { intent, transactionId } = await cardPayment(dana, [first, second]);
      expect(intent).toMatchObject({ orderIds: [first, second].sort(), amount: 7 * PRICE * 100 });
      const res = await confirm(dana, intent.paymentId, transactionId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        paymentId: intent.paymentId,
        orderIds: intent.orderIds,
        amount: 7 * PRICE * 100,
        currency: 'USD',
        state: 'paid',
        transactionId,
        modifiedCount: 2,
      });
      for (const id of [first, second]) expect(await order(id)).toMatchObject({ status: 'Shipped', transactionId, paidAt: expect.any(String) });
      // Each invoice's receipt goes to whoever placed it, as a card order's does.
      const receipts = await rowsOf<{ recipient: string }>(
        t.database.db,
        sql`select recipient from mail_queue where kind = 'order_paid' and order_id in (${first}::uuid, ${second}::uuid)`,
      );
      expect(receipts.map((r) => r.recipient).sort()).toEqual([dana.email, bo.email].sort());
      const after = await portal(dana);
      expect(after.openBalance).toBe(before - 7 * PRICE * 100);
      expect(
        after.items.filter((invoice) => invoice.orderId === first || invoice.orderId === second).map((invoice) => [invoice.state, invoice.mayPay]),
      ).toEqual([
        ['paid', false],
        ['paid', false],
      ]);
    });

    it('marks them paid once when confirmed twice, and refuses to start paying them again', async () => {
      const first = await shippedOnAccount(dana, 1);
      const second = await shippedOnAccount(dana, 2);
      const { intent, transactionId } = await cardPayment(dana, [first, second]);
      expect((await confirm(dana, intent.paymentId, transactionId)).json()).toMatchObject({ modifiedCount: 2 });
      const paidAt = (await order(first)).paidAt;
      const again = await confirm(dana, intent.paymentId, transactionId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ state: 'paid', modifiedCount: 0 });
      expect((await order(first)).paidAt).toBe(paidAt);
      const restart = await startPayment(dana, [first]);
      expect(restart.statusCode).toBe(409);
      expect(restart.json()).toMatchObject({ error: { code: 'invalid_state', message: m.alreadyPaid((await order(first)).invoiceNo ?? '') } });
    });

    it('marks them paid once when the processor’s webhook applies the payment first and the portal confirms it after', async () => {
      const first = await shippedOnAccount(dana, 1);
      const second = await shippedOnAccount(dana, 1);
      const { intent, transactionId } = await cardPayment(dana, [first, second]);
      const succeeded = await t.app.services.payments.retrieve(transactionId);
      expect(succeeded).toMatchObject({ status: 'succeeded', orderId: intent.paymentId, amount: 2 * PRICE * 100, currency: 'usd' });
      expect(await applyInvoicePayment(t.database.db, intent.paymentId, succeeded)).toMatchObject({ modifiedCount: 2 });
      expect(await applyInvoicePayment(t.database.db, intent.paymentId, succeeded)).toMatchObject({ modifiedCount: 0 });
      const res = await confirm(dana, intent.paymentId, transactionId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ state: 'paid', modifiedCount: 0 });
    });

    it('reuses the open payment for the same invoices, and a newer payment of one of them cancels the older one', async () => {
      const first = await shippedOnAccount(dana, 1);
      const second = await shippedOnAccount(dana, 1);
      const one = (await startPayment(dana, [first])).json() as InvoicesPaymentIntent;
      const same = (await startPayment(dana, [first])).json() as InvoicesPaymentIntent;
      expect(same).toEqual(one);
      const both = (await startPayment(dana, [second, first])).json() as InvoicesPaymentIntent;
      expect(both.paymentId).not.toBe(one.paymentId);
      const stale = (await card(dana, one.clientSecret)).json() as { error?: { code: string } };
      expect(stale.error?.code).toBe('payment_intent_unexpected_state');
      expect((await order(first)).paidAt).toBeNull();
    });

    it('refuses a payment that has not gone through, or of another payment’s intent', async () => {
      const first = await shippedOnAccount(dana, 1);
      const second = await shippedOnAccount(dana, 1);
      const unpaid = (await startPayment(dana, [first])).json() as InvoicesPaymentIntent;
      const notYet = await confirm(dana, unpaid.paymentId, unpaid.clientSecret.split('_secret_')[0] ?? '');
      expect(notYet.statusCode).toBe(402);
      expect(notYet.json()).toMatchObject({ error: { code: 'payment_failed', message: 'The payment has not gone through (requires payment method).' } });
      const { transactionId } = await cardPayment(dana, [second]);
      const wrong = await confirm(dana, unpaid.paymentId, transactionId);
      expect(wrong.statusCode).toBe(402);
      expect(wrong.json()).toMatchObject({ error: { code: 'payment_failed', message: m.paymentMismatch } });
      expect((await order(first)).paidAt).toBeNull();
    });

    it('refuses someone else’s invoice: another company’s (404), a colleague’s to a buyer who sees it (403), and another dealer’s payment (404)', async () => {
      const danas = await shippedOnAccount(dana, 1);
      const ollis = await shippedOnAccount(olli, 1);
      // Dana is paying it meanwhile: the refused requests leave her payment as it is.
      const pending = (await startPayment(dana, [danas])).json() as InvoicesPaymentIntent;
      const others = await startPayment(olli, [ollis, danas]);
      expect(others.statusCode).toBe(404);
      expect(others.json()).toMatchObject({ error: { code: 'not_found', message: m.notFound } });
      const seen = await startPayment(cy, [danas]);
      expect(seen.statusCode).toBe(403);
      const number = (await order(danas)).number ?? '';
      expect(seen.json()).toMatchObject({ error: { code: 'forbidden', message: m.notYours(number) } });
      const paid = (await card(dana, pending.clientSecret)).json() as { paymentIntent?: { id: string } };
      const transactionId = paid.paymentIntent?.id ?? '';
      expect(transactionId).toMatch(/^pi_sbx_/u);
      expect((await confirm(olli, pending.paymentId, transactionId)).statusCode).toBe(404);
      expect((await order(danas)).paidAt).toBeNull();
      expect((await confirm(dana, pending.paymentId, transactionId)).json()).toMatchObject({ state: 'paid', modifiedCount: 1 });
    });

    it('refuses a paid invoice, a card order’s, an order not shipped, invoices of two companies, and a list that is not one', async () => {
      const paidOne = await shippedOnAccount(dana, 1);
      const { intent, transactionId } = await cardPayment(dana, [paidOne]);
      await confirm(dana, intent.paymentId, transactionId);
      const invoiceNo = (await order(paidOne)).invoiceNo ?? '';
      const open = await shippedOnAccount(dana, 1);
      const paidAgain = await startPayment(dana, [open, paidOne]);
      expect(paidAgain.statusCode).toBe(409);
      expect(paidAgain.json()).toMatchObject({ error: { code: 'invalid_state', message: m.alreadyPaid(invoiceNo) } });

      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: dana.auth,
        payload: { lines: [{ productId, quantity: 1 }], ...typed, clientOrderId: randomUUID(), payment: 'card' },
      });
      const cardOrder = (placed.json() as { insertedId: string }).insertedId;
      await payOrder(t, dana, cardOrder);
      expect((await startPayment(dana, [cardOrder])).json()).toMatchObject({
        error: { code: 'invalid_state', message: m.notOnAccount((await order(cardOrder)).number ?? '') },
      });

      const notShipped = await confirmedOnAccount(dana);
      expect((await startPayment(dana, [notShipped])).json()).toMatchObject({
        error: { code: 'invalid_state', message: m.notIssued((await order(notShipped)).number ?? '') },
      });

      // An order Dana placed for her company before it was moved to another (as an order keeps the company it was placed for).
      const moved = await shippedOnAccount(dana, 1);
      await t.database.db.execute(sql`update orders set company_id = ${olliCompany}::uuid where id = ${moved}::uuid`);
      const twoCompanies = await startPayment(dana, [open, moved]);
      expect(twoCompanies.statusCode).toBe(400);
      expect(twoCompanies.json()).toMatchObject({ error: { code: 'invalid_data', message: m.oneCompany } });

      const empty = await startPayment(dana, []);
      expect(empty.json()).toMatchObject({ error: { code: 'invalid_data', message: `orderIds: ${m.chooseInvoices}` } });
      const twice = await startPayment(dana, [open, open]);
      expect(twice.json()).toMatchObject({ error: { code: 'invalid_data', message: `orderIds: ${m.duplicate}` } });
      const priced = await t.app.inject({ method: 'POST', url: '/api/invoices/payment-intent', headers: dana.auth, payload: { orderIds: [open], amount: 1 } });
      expect(priced.json()).toMatchObject({ error: { code: 'invalid_data', message: 'Unknown field "amount" is not allowed' } });
      expect((await order(open)).paidAt).toBeNull();
      expect((await portal(dana)).items.find((invoice) => invoice.orderId === open)).toMatchObject({ state: 'open', mayPay: true });
    });
  });
});

describeEachDatabase('the invoice portal paid through Stripe', (kind) => {
  // The stand-in starts before the app, which is configured with its address, and stops after it.
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const {
    t,
    users: { dana, admin },
  } = useTestApp(kind, {
    config: () => ({
      payments: { provider: 'stripe', secretKey: 'sk_test_forgeline', publishableKey: 'pk_test_forgeline', webhookSecret: WEBHOOK_SECRET, apiBase: fake.url },
    }),
    users: { dana: { displayName: 'Dana Dealer' }, admin: { admin: true } },
  });
  let productId = '';
  const { companyIdOf, setTerms, shippedOnAccount } = onAccount(t, admin, () => productId);

  beforeAll(async () => {
    productId = await t.createProduct({ name: 'Impact Driver ID-18', price: PRICE, available: 10_000, minOrder: 1 });
    await setTerms(await companyIdOf(dana));
  });

  /** A payment_intent.succeeded event, signed as Stripe signs it. */
  const deliver = (intent: { id: string; amount: number; orderId: string }, eventId = `evt_${randomUUID().replaceAll('-', '')}`) => {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      type: 'payment_intent.succeeded',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: { id: intent.id, object: 'payment_intent', amount: intent.amount, currency: 'usd', status: 'succeeded', metadata: { orderId: intent.orderId } },
      },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'stripe-signature': new Stripe('sk_test_forgeline').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        'content-type': 'application/json',
      },
      payload,
    });
  };
  const paidAt = async (id: string) => ((await t.app.inject({ url: `/api/order/${id}`, headers: dana.auth })).json() as Order).paidAt;

  it('binds one intent to the payment for the invoices’ sum; the webhook marks both paid once, and the portal’s confirmation after it is a success', async () => {
    const first = await shippedOnAccount(dana, 2);
    const second = await shippedOnAccount(dana, 3);
    const started = await t.app.inject({ method: 'POST', url: '/api/invoices/payment-intent', headers: dana.auth, payload: { orderIds: [first, second] } });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentId, clientSecret, amount } = started.json() as InvoicesPaymentIntent;
    const intentId = clientSecret.replace(/_secret_.*$/u, '');
    expect(amount).toBe(5 * PRICE * 100);
    expect(fake.intents.get(intentId)).toMatchObject({
      amount: 5 * PRICE * 100,
      currency: 'usd',
      metadata: { orderId: paymentId },
      description: `Forgeline 2 invoices on account, payment ${paymentId}`,
    });

    // An event for another amount pays nothing.
    expect((await deliver({ id: intentId, amount: 100, orderId: paymentId })).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await paidAt(first)).toBeNull();

    fake.succeed(intentId);
    const event = `evt_${randomUUID().replaceAll('-', '')}`;
    expect((await deliver({ id: intentId, amount, orderId: paymentId }, event)).json()).toEqual({ received: true, outcome: 'applied' });
    expect(await paidAt(first)).not.toBeNull();
    expect(await paidAt(second)).not.toBeNull();
    // Stripe sends it again, or another event of the same payment arrives: nothing changes.
    expect((await deliver({ id: intentId, amount, orderId: paymentId }, event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await deliver({ id: intentId, amount, orderId: paymentId })).json()).toEqual({ received: true, outcome: 'ignored' });

    const late = await t.app.inject({ method: 'PATCH', url: `/api/invoices/payments/${paymentId}`, headers: dana.auth, payload: { transactionId: intentId } });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ state: 'paid', transactionId: intentId, modifiedCount: 0 });
  });
});
