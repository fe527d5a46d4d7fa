// Accounts the shop has no proof of: they may order (register, order, pay keeps working), but they take no
// stock until they pay, and the shop never mails an address nobody has proven to own
// (docs/decisions/026-mail-only-to-verified-addresses.md, docs/decisions/027-stock-held-only-for-trusted-accounts.md).

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findProduct } from '../../server/repositories/products';
import { mailsTo, startTestCatcher, testSender } from '../helpers/mail';
import { payOrder, placeOrder, sandboxConfirm } from '../helpers/orders';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

type Catcher = Awaited<ReturnType<typeof startTestCatcher>>;

const PHISHING_ADDRESS = 'Your account is locked. Re-enter your card at http://forgeline-billing.example/verify';

describeEachDatabase('accounts without proof: stock and mail', (kind) => {
  let catcher: Catcher;
  beforeAll(async () => {
    catcher = await startTestCatcher();
  });
  afterAll(async () => {
    await catcher?.remove();
  });

  const {
    t,
    users: { stranger, newcomer, dealer, admin },
  } = useTestApp(kind, {
    users: {
      stranger: { displayName: 'URGENT: your account is suspended', trusted: false },
      newcomer: { displayName: 'Nia Newcomer', verified: true, trusted: false },
      dealer: { displayName: 'Dana Dealer', verified: true },
      admin: { admin: true },
    },
  });

  const stockOf = async (productId: string) => (await findProduct(t.database.db, productId))?.available;
  const order = (user: TestUser, productId: string, orderQuantity: number) => placeOrder(t, user, { productId, orderQuantity, userAddress: PHISHING_ADDRESS });
  const mailRows = async (orderId: string) => {
    const result = await t.database.db.execute(
      sql`select kind, recipient, state, last_error from mail_queue where order_id = ${orderId}::uuid order by created_at`,
    );
    return (result as unknown as { rows: { kind: string; recipient: string; state: string; last_error: string | null }[] }).rows;
  };
  const trusted = async (user: TestUser) => {
    const result = await t.database.db.execute(sql`select trusted_at is not null as trusted from users where id = ${user.id}::uuid`);
    return (result as unknown as { rows: { trusted: boolean }[] }).rows[0]?.trusted;
  };
  const cableCutter = () => t.createProduct({ name: 'Forgeline CC40 Cable Cutter', price: 529, available: 140, minOrder: 5 });

  it('an account not trusted yet orders a whole shelf and takes nothing from it; a dealer still gets every piece', async () => {
    const productId = await cableCutter();
    const expiring = await order(stranger, productId, 140);
    expect(await stockOf(productId)).toBe(140);
    const mine = await t.app.inject({ method: 'GET', url: `/api/order/${expiring}`, headers: stranger.auth });
    expect(mine.json()).toMatchObject({ status: 'Unpaid', holdsStock: false, heldUntil: null });

    // Expiring or deleting an order that took nothing puts nothing back.
    await t.app.services.orders.expireUnpaid(new Date(Date.now() + t.app.services.orders.heldFor + 60_000));
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${expiring}`, headers: stranger.auth })).statusCode).toBe(404);
    const deleted = await order(stranger, productId, 140);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${deleted}`, headers: stranger.auth })).statusCode).toBe(200);
    expect(await stockOf(productId)).toBe(140);

    await order(stranger, productId, 140);
    await order(dealer, productId, 140);
    expect(await stockOf(productId)).toBe(0);
  });

  it('its payment takes the pieces when the card is authorised, charges it, and trusts the account from then on', async () => {
    const productId = await cableCutter();
    const orderId = await order(newcomer, productId, 10);
    expect(await stockOf(productId)).toBe(140);

    const confirmed = await sandboxConfirm(t, newcomer, orderId);
    expect(confirmed.paymentIntent?.status).toBe('requires_capture');
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: newcomer.auth,
      payload: { transactionId: confirmed.paymentIntent?.id },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ modifiedCount: 1 });
    expect(await stockOf(productId)).toBe(130);
    const after = (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: newcomer.auth })).json() as {
      status: string;
      transactionId: string;
    };
    expect(after.status).toBe('Paid');
    expect((await t.app.services.payments.retrieve(after.transactionId)).status).toBe('succeeded');
    // The page reporting the same payment again is a success, not a conflict.
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: newcomer.auth,
      payload: { transactionId: confirmed.paymentIntent?.id },
    });
    expect(again.json()).toEqual({ modifiedCount: 0 });

    expect(await trusted(newcomer)).toBe(true);
    await order(newcomer, productId, 20);
    expect(await stockOf(productId)).toBe(110);
  });

  it('a payment authorised after the pieces sold out is cancelled, not charged, and says so', async () => {
    const productId = await t.createProduct({ name: 'Forgeline BN90 Bench Grinder', price: 310, available: 30, minOrder: 5 });
    const late = await t.createUser({ displayName: 'Lars Late', verified: true, trusted: false });
    const orderId = await order(late, productId, 25);
    await order(dealer, productId, 10);

    const confirmed = await sandboxConfirm(t, late, orderId);
    expect(confirmed.paymentIntent?.status).toBe('requires_capture');
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: late.auth,
      payload: { transactionId: confirmed.paymentIntent?.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'out_of_stock',
        message: 'Sorry, only 20 pcs. of Forgeline BN90 Bench Grinder are left, so your card was not charged. Delete this order and order what is available.',
      },
    });
    expect((await t.app.services.payments.retrieve(confirmed.paymentIntent?.id ?? '')).status).toBe('canceled');
    expect(await stockOf(productId)).toBe(20);
    const still = (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: late.auth })).json() as { status: string };
    expect(still.status).toBe('Unpaid');
    expect(await trusted(late)).toBe(false);
  });

  it('a card authorised while the tab closed is charged when the dealer opens the payment again', async () => {
    const productId = await cableCutter();
    const closing = await t.createUser({ trusted: false });
    const orderId = await order(closing, productId, 5);
    expect((await sandboxConfirm(t, closing, orderId)).paymentIntent?.status).toBe('requires_capture');

    const reopened = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: closing.auth, payload: { orderId } });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toMatchObject({ error: { code: 'invalid_state', message: 'This order is paid already.' } });
    expect(await stockOf(productId)).toBe(135);
  });

  it('an admin approves an account as a dealer: its orders hold stock before payment', async () => {
    const productId = await cableCutter();
    const applicant = await t.createUser({ trusted: false });
    const url = `/api/user/dealer/${encodeURIComponent(applicant.email)}`;
    expect((await t.app.inject({ method: 'PUT', url, headers: dealer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url, headers: admin.auth })).json()).toEqual({ modifiedCount: 1 });
    expect((await t.app.inject({ method: 'PUT', url, headers: admin.auth })).json()).toEqual({ modifiedCount: 0 });
    const page = (await t.app.inject({ method: 'GET', url: `/api/users?q=${encodeURIComponent(applicant.email)}`, headers: admin.auth })).json() as {
      items: { trusted: boolean }[];
    };
    expect(page.items).toEqual([expect.objectContaining({ trusted: true })]);

    await order(applicant, productId, 40);
    expect(await stockOf(productId)).toBe(100);
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/dealer/nobody%40example.com', headers: admin.auth })).statusCode).toBe(404);
  });

  it('an unverified account is mailed nothing: not when it orders, deletes and orders again, nor when it pays', async () => {
    const productId = await cableCutter();
    const first = await order(stranger, productId, 5);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${first}`, headers: stranger.auth })).statusCode).toBe(200);
    const second = await order(stranger, productId, 5);
    await payOrder(t, stranger, second);
    expect((await mailRows(second)).map((row) => row.kind)).toEqual(['order_paid_admin']);

    const sender = testSender(t.database, { smtpUrl: catcher.url });
    await sender.sendDue();
    sender.close();
    expect(await mailsTo(catcher, stranger.email)).toEqual([]);
  });

  it('a mail queued for an address that is not a verified one of the order is never sent, and admins see why', async () => {
    const productId = await cableCutter();
    const orderId = await order(dealer, productId, 5);
    // As if queued by an older server, or the account's address changed and lost its proof since.
    await t.database.db.execute(sql`insert into mail_queue (kind, order_id, recipient) values ('order_shipped', ${orderId}::uuid, ${stranger.email})`);
    const sender = testSender(t.database, { smtpUrl: catcher.url });
    const run = await sender.sendDue();
    sender.close();
    expect(run.failed).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(catcher, stranger.email)).toEqual([]);
    expect((await mailsTo(catcher, dealer.email)).length).toBeGreaterThanOrEqual(1);
    const rows = await mailRows(orderId);
    expect(rows).toContainEqual({
      kind: 'order_shipped',
      recipient: stranger.email,
      state: 'failed',
      last_error: `Not sent: ${stranger.email} is not a verified address of this order's account.`,
    });
    expect(rows).toContainEqual(expect.objectContaining({ kind: 'order_placed', recipient: dealer.email, state: 'sent' }));
  });

  it("a verified dealer's order is mailed to the dealer, as before", async () => {
    const productId = await cableCutter();
    const orderId = await order(newcomer, productId, 5);
    expect((await mailRows(orderId)).map((row) => [row.kind, row.recipient])).toEqual([['order_placed', newcomer.email]]);
  });
});
