// Security round 2: the attacks that worked against the first hardened release, each replayed against
// the fix. Forged local-mode sign-ins, orders that outlived their owner, unverified admins, stock held by
// orders nobody pays, orders deleted after their card payment went through, and review floods.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrder } from '../../server/repositories/orders';
import { findProduct } from '../../server/repositories/products';
import { findUserByEmail } from '../../server/repositories/users';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { payOrder, placeOrder, postOrder, sandboxConfirm } from '../helpers/orders';
import { describeEachDatabase } from '../helpers/use-test-app';
import { createTestApp, emulatorSignUp, emulatorVerifyEmail, uniqueEmail, type TestApp, type TestUser } from '../helpers/test-app';
import { TEST_PROJECT_ID } from '../helpers/test-config';

const HOUR = 3_600_000;

/** A Firebase ID token made by hand, unsigned, as an attacker on the shop's network could make one. */
function forgedIdToken(claims: { uid: string; email: string; emailVerified?: boolean; name?: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    auth_time: now,
    user_id: claims.uid,
    sub: claims.uid,
    iat: now,
    exp: now + 3600,
    email: claims.email,
    email_verified: claims.emailVerified ?? true,
    ...(claims.name ? { name: claims.name } : {}),
    firebase: { identities: { email: [claims.email] }, sign_in_provider: 'password' },
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

async function exchange(t: TestApp, email: string, idToken: string) {
  return t.app.inject({ method: 'PUT', url: `/api/user/${encodeURIComponent(email)}`, headers: { authorization: `Bearer ${idToken}` }, payload: { email } });
}

/** A dealer's session bought with a real emulator account: sign up, exchange, return the auth header. */
async function signUpAndExchange(t: TestApp, email: string): Promise<{ uid: string; auth: { authorization: string }; password: string }> {
  const password = 'Dealer-password-1';
  const { idToken, uid } = await emulatorSignUp(email, password, 'Second Dealer');
  const res = await exchange(t, email, idToken);
  expect(res.statusCode).toBe(200);
  return { uid, password, auth: { authorization: `Bearer ${(res.json() as { token: string }).token}` } };
}

describeEachDatabase('security round 2', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let dealer: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { unpaidOrderTtlMs: 48 * HOUR });
    [admin, dealer] = await Promise.all([t.createUser({ admin: true }), t.createUser()]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('1. forged sign-ins in local mode', () => {
    it("refuses an unsigned token that carries the attacker's own uid and the admin's e-mail, and changes nothing", async () => {
      const before = await findUserByEmail(t.database.db, admin.email);
      const res = await exchange(t, admin.email, forgedIdToken({ uid: dealer.uid, email: admin.email }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
      const after = await findUserByEmail(t.database.db, admin.email);
      expect(after?.firebaseUid).toBe(before?.firebaseUid);
      expect(after?.role).toBe('admin');
    });

    it('refuses a token for an account the identity provider does not have', async () => {
      const email = uniqueEmail('ghost');
      const res = await exchange(t, email, forgedIdToken({ uid: 'no-such-account-uid-000000000', email }));
      expect(res.statusCode).toBe(401);
      expect(await findUserByEmail(t.database.db, email)).toBeNull();
    });

    it('takes the verified flag and the name from the account, not from the claims', async () => {
      const email = uniqueEmail('claims');
      const { uid } = await emulatorSignUp(email, 'Claims-password-1');
      const res = await exchange(t, email, forgedIdToken({ uid, email, emailVerified: true, name: 'Forged Name' }));
      expect(res.statusCode).toBe(200);
      const row = await findUserByEmail(t.database.db, email);
      expect(row?.emailVerified).toBe(false);
      expect(row?.displayName).toBe('');
    });
  });

  describe("2. a deleted dealer's orders", () => {
    it('stay for the books and are never shown to a new account with the same e-mail', async () => {
      const leaving = await t.createUser();
      const productId = await t.createProduct({ available: 100, minOrder: 1 });
      const paid = await placeOrder(t, leaving, { productId, orderQuantity: 4 });
      await payOrder(t, leaving, paid);
      const unpaid = await placeOrder(t, leaving, { productId, orderQuantity: 6 });

      const removed = await t.app.inject({ method: 'DELETE', url: `/api/users/${leaving.id}`, headers: admin.auth });
      expect(removed.statusCode).toBe(200);
      // The paid order is kept for the books, without an owner; the unpaid one went, with its stock back.
      expect(await findOrder(t.database.db, paid)).toMatchObject({ status: 'Paid', userId: null, userEmail: leaving.email });
      expect(await findOrder(t.database.db, unpaid)).toBeNull();
      expect((await findProduct(t.database.db, productId))?.available).toBe(96);

      const newcomer = await signUpAndExchange(t, leaving.email);
      const list = await t.app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(leaving.email)}`, headers: newcomer.auth });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([]);
      const one = await t.app.inject({ method: 'GET', url: `/api/order/${paid}`, headers: newcomer.auth });
      expect(one.statusCode).toBe(404);
      const pay = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: newcomer.auth, payload: { orderId: paid } });
      expect(pay.statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/orders/${paid}`, headers: newcomer.auth });
      expect(del.statusCode).toBe(404);
    });

    it('pass to a new identity-provider account with the same e-mail only once it has verified the address', async () => {
      const owner = await t.createUser();
      const productId = await t.createProduct({ available: 50, minOrder: 1 });
      const orderId = await placeOrder(t, owner, { productId, orderQuantity: 2 });
      // The account is deleted at the identity provider only (not through the shop) and registered again.
      await t.app.deps.identity.deleteUser(owner.uid);
      const password = 'Reused-address-1';
      const { idToken, uid } = await emulatorSignUp(owner.email, password);
      const refused = await exchange(t, owner.email, idToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { message: expect.stringContaining('Verify your e-mail address') } });
      expect((await findUserByEmail(t.database.db, owner.email))?.firebaseUid).toBe(owner.uid);

      const verifiedToken = await emulatorVerifyEmail(uid, owner.email, password);
      const accepted = await exchange(t, owner.email, verifiedToken);
      expect(accepted.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${(accepted.json() as { token: string }).token}` };
      const list = await t.app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(owner.email)}`, headers: auth });
      expect((list.json() as { _id: string }[]).map((o) => o._id)).toEqual([orderId]);
    });
  });

  describe('3. ADMIN_EMAILS', () => {
    it('promotes a listed address only once it is verified, and tells the user so until then', async () => {
      const email = uniqueEmail('listed');
      t.config.adminEmails.push(email);
      const password = 'Listed-admin-1';
      const { idToken, uid } = await emulatorSignUp(email, password, 'Listed Person');
      const first = await exchange(t, email, idToken);
      expect(first.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${(first.json() as { token: string }).token}` };
      const profile = await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(email)}`, headers: auth });
      expect(profile.json()).toMatchObject({ admin: false, adminPending: true, emailVerified: false });
      expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: auth })).statusCode).toBe(403);

      const verified = await exchange(t, email, await emulatorVerifyEmail(uid, email, password));
      expect(verified.statusCode).toBe(200);
      const after = await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(email)}`, headers: auth });
      expect(after.json()).toMatchObject({ admin: true, emailVerified: true });
      expect(after.json()).not.toHaveProperty('adminPending');
      expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: auth })).statusCode).toBe(200);
    });
  });

  describe('4. unpaid orders', () => {
    it('say until when they hold their stock', async () => {
      const productId = await t.createProduct({ available: 80, minOrder: 1 });
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 3 });
      const res = await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: dealer.auth });
      const order = res.json() as { createdAt: string; heldUntil: string };
      expect(Date.parse(order.heldUntil) - Date.parse(order.createdAt)).toBe(48 * HOUR);
      await payOrder(t, dealer, id);
      const paid = await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: dealer.auth });
      expect(paid.json()).toMatchObject({ status: 'Paid', heldUntil: null });
    });

    it('give their stock back once their hold has run out, and only then (fake clock)', async () => {
      const productId = await t.createProduct({ available: 100, minOrder: 1 });
      const unpaid = await placeOrder(t, dealer, { productId, orderQuantity: 30 });
      const paid = await placeOrder(t, dealer, { productId, orderQuantity: 10 });
      await payOrder(t, dealer, paid);
      expect((await findProduct(t.database.db, productId))?.available).toBe(60);

      const orders = t.app.services.orders;
      await orders.expireUnpaid(new Date(Date.now() + 47 * HOUR));
      expect(await findOrder(t.database.db, unpaid)).not.toBeNull();

      const result = await orders.expireUnpaid(new Date(Date.now() + 49 * HOUR));
      expect(result.expired).toBeGreaterThanOrEqual(1);
      expect(await findOrder(t.database.db, unpaid)).toBeNull();
      expect((await findOrder(t.database.db, paid))?.status).toBe('Paid');
      expect((await findProduct(t.database.db, productId))?.available).toBe(90);
      // A second run finds nothing more to give back.
      await orders.expireUnpaid(new Date(Date.now() + 49 * HOUR));
      expect((await findProduct(t.database.db, productId))?.available).toBe(90);
    });

    it('whose card payment went through at the processor become Paid instead of expiring', async () => {
      const productId = await t.createProduct({ available: 40, minOrder: 1 });
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 5 });
      // Paid at the processor; the confirmation never reached the server (a closed tab).
      expect((await sandboxConfirm(t, dealer, id)).paymentIntent?.status).toBe('succeeded');
      await t.app.services.orders.expireUnpaid(new Date(Date.now() + 49 * HOUR));
      expect(await findOrder(t.database.db, id)).toMatchObject({ status: 'Paid' });
      expect((await findProduct(t.database.db, productId))?.available).toBe(35);
    });

    it('are capped per account, lower for an unverified e-mail', async () => {
      const capped = await createTestApp(kind, { unpaidUnitsLimit: { verified: 100, unverified: 50 } });
      try {
        const [unverified, verifiedAdminMade] = await Promise.all([capped.createUser(), capped.createUser()]);
        const productId = await capped.createProduct({ available: 1000, minOrder: 1 });
        const first = await placeOrder(capped, unverified, { productId, orderQuantity: 40 });
        const over = await postOrder(capped, unverified, { productId, orderQuantity: 20 });
        expect(over.statusCode).toBe(409);
        expect(over.json()).toMatchObject({ error: { code: 'unpaid_limit', message: expect.stringContaining('Verify your e-mail address') } });
        // An order past the limit on its own is told so, not to pay the others first.
        const alone = await postOrder(capped, unverified, { productId, orderQuantity: 60 });
        expect(alone.json()).toMatchObject({
          error: {
            code: 'unpaid_limit',
            message:
              'This order is 60 pcs.; one account may hold 50 pcs. unpaid. Place it as smaller orders, paying each before the next. Verify your e-mail address to hold more.',
          },
        });
        expect((await findProduct(capped.database.db, productId))?.available).toBe(960);
        // Paying frees the room.
        await payOrder(capped, unverified, first);
        expect((await postOrder(capped, unverified, { productId, orderQuantity: 20 })).statusCode).toBe(201);

        await capped.database.db.execute(
          // A verified account: as if the link had been clicked and the token exchanged again.
          (await import('drizzle-orm')).sql`update users set email_verified = true where id = ${verifiedAdminMade.id}`,
        );
        expect((await postOrder(capped, verifiedAdminMade, { productId, orderQuantity: 100 })).statusCode).toBe(201);
        expect((await postOrder(capped, verifiedAdminMade, { productId, orderQuantity: 1 })).statusCode).toBe(409);
      } finally {
        await capped.close();
      }
    });
  });

  describe('5. deleting an order whose card payment went through', () => {
    it('marks it Paid instead (409), for the dealer and for an admin, and keeps its stock sold', async () => {
      const productId = await t.createProduct({ available: 60, minOrder: 1 });
      for (const who of ['dealer', 'admin'] as const) {
        const id = await placeOrder(t, dealer, { productId, orderQuantity: 5 });
        const paidAtProcessor = await sandboxConfirm(t, dealer, id);
        expect(paidAtProcessor.paymentIntent?.status).toBe('succeeded');
        const url = who === 'dealer' ? `/api/orders/${id}` : `/api/orders/admin/${id}`;
        const res = await t.app.inject({ method: 'DELETE', url, headers: who === 'dealer' ? dealer.auth : admin.auth });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ error: { code: 'invalid_state', message: expect.stringContaining('has just been paid') } });
        expect(await findOrder(t.database.db, id)).toMatchObject({ status: 'Paid', transactionId: paidAtProcessor.paymentIntent?.id });
      }
      expect((await findProduct(t.database.db, productId))?.available).toBe(50);
    });

    it('cancels a payment not made yet, so the card can no longer pay for the deleted order', async () => {
      const productId = await t.createProduct({ available: 60, minOrder: 1 });
      const id = await placeOrder(t, dealer, { productId, orderQuantity: 5 });
      const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: dealer.auth, payload: { orderId: id } });
      const { clientSecret } = intent.json() as { clientSecret: string };
      const del = await t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: dealer.auth });
      expect(del.statusCode).toBe(200);
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/confirm',
        headers: dealer.auth,
        payload: {
          clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
          billingDetails: { name: 'x', email: dealer.email },
        },
      });
      expect(late.json()).toMatchObject({ error: { message: 'This payment was canceled because its order was deleted.' } });
      expect((await findProduct(t.database.db, productId))?.available).toBe(60);
    });
  });

  describe('6. reviews', () => {
    const post = (user: TestUser, review: string, app = t) =>
      app.app.inject({ method: 'POST', url: '/api/reviews', headers: user.auth, payload: { review, rating: 5 } });

    it('refuses texts that are empty or too short once invisible and control characters are removed', async () => {
      const zeroWidth = '\u200B'.repeat(40);
      expect((await post(dealer, zeroWidth)).json()).toMatchObject({ error: { message: 'review: Review is required' } });
      expect((await post(dealer, `ok${'\u200B\u2800\u3164'.repeat(10)}`)).json()).toMatchObject({ error: { message: 'review: Minimum 20 characters' } });
      expect((await post(dealer, `\u202E${'Great drills at fair prices.'}`)).statusCode).toBe(201);
      const listed = (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json() as { review: string }[];
      expect(listed[0]?.review).toBe('Great drills at fair prices.');
    });

    it('never shows a name that is blank or turns text around', async () => {
      const blank = await t.app.inject({
        method: 'PATCH',
        url: `/api/user/${encodeURIComponent(dealer.email)}`,
        headers: dealer.auth,
        payload: { userName: '\u200B\u200D\u2066', address: '1 Dock Street', phone: '0113 496 0000' },
      });
      expect(blank.statusCode).toBe(400);
      const turned = await t.app.inject({
        method: 'PATCH',
        url: `/api/user/${encodeURIComponent(dealer.email)}`,
        headers: dealer.auth,
        payload: { userName: 'Rita \u202Egnillird', address: '1 Dock Street', phone: '0113 496 0000' },
      });
      expect(turned.statusCode).toBe(200);
      expect((await findUserByEmail(t.database.db, dealer.email))?.displayName).toBe('Rita gnillird');
    });

    it('are limited per account per hour (429 with Retry-After)', async () => {
      const limited = await createTestApp(kind, { reviewsPerHour: 2 });
      try {
        const reviewer = await limited.createUser();
        const text = 'Reliable grinders, packed well, delivered on time.';
        expect((await post(reviewer, text, limited)).statusCode).toBe(201);
        expect((await post(reviewer, text, limited)).statusCode).toBe(201);
        const third = await post(reviewer, text, limited);
        expect(third.statusCode).toBe(429);
        expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await limited.close();
      }
    });

    it('can be hidden, shown again and deleted by an admin', async () => {
      const created = await post(dealer, 'A review the admin will moderate today.');
      const id = (created.json() as { insertedId: string }).insertedId;
      const publicIds = async () => ((await t.app.inject({ method: 'GET', url: '/api/reviews' })).json() as { _id: string }[]).map((r) => r._id);
      expect(await publicIds()).toContain(id);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: admin.auth, payload: { hidden: true } })).statusCode).toBe(200);
      expect(await publicIds()).not.toContain(id);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: admin.auth, payload: { hidden: false } })).statusCode).toBe(200);
      expect(await publicIds()).toContain(id);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: admin.auth })).statusCode).toBe(200);
      expect(await publicIds()).not.toContain(id);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: admin.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: admin.auth, payload: { hidden: true, extra: 1 } })).statusCode).toBe(
        400,
      );
    });
  });
});

describeEachDatabase('deleting an order paid through Stripe', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let dealer: TestUser;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, {
      payments: { provider: 'stripe', secretKey: 'sk_test_round2', publishableKey: 'pk_test_round2', webhookSecret: null, apiBase: fake.url },
    });
    dealer = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function orderWithIntent(productId: string): Promise<{ id: string; intentId: string }> {
    const id = await placeOrder(t, dealer, { productId, orderQuantity: 2 });
    const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: dealer.auth, payload: { orderId: id } });
    expect(res.statusCode).toBe(200);
    const intentId = (await findOrder(t.database.db, id))?.paymentIntentId;
    if (!intentId) throw new Error('no intent recorded');
    return { id, intentId };
  }

  it('asks Stripe first: a succeeded payment makes the order Paid, an open one is cancelled', async () => {
    const productId = await t.createProduct({ available: 20, minOrder: 1 });
    const paid = await orderWithIntent(productId);
    fake.succeed(paid.intentId);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/orders/${paid.id}`, headers: dealer.auth });
    expect(refused.statusCode).toBe(409);
    expect(await findOrder(t.database.db, paid.id)).toMatchObject({ status: 'Paid', transactionId: paid.intentId });

    const open = await orderWithIntent(productId);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/orders/${open.id}`, headers: dealer.auth });
    expect(deleted.statusCode).toBe(200);
    expect(fake.intents.get(open.intentId)?.status).toBe('canceled');
    expect((await findProduct(t.database.db, productId))?.available).toBe(18);
  });

  it('keeps the order when Stripe cannot be asked (503), so nobody is charged for a deleted order', async () => {
    const productId = await t.createProduct({ available: 20, minOrder: 1 });
    const order = await orderWithIntent(productId);
    fake.failNext(500, 10);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order.id}`, headers: dealer.auth });
    fake.failNext(500, 0);
    expect(res.statusCode).toBe(503);
    expect(await findOrder(t.database.db, order.id)).toMatchObject({ status: 'Unpaid' });
  });
});
