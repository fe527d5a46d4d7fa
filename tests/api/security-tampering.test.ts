// Tampering: what a customer with a proxy tries. Fields the server decides are refused on every write,
// other users' ids lead nowhere, orders only move Unpaid -> Paid -> Shipped, a payment pays only for its
// own order, and only our own unexpired HS256 tokens of a living user are accepted.

import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrder } from '../../server/repositories/orders';
import { markOrderPaid } from '../../server/services/orders';
import { findProduct } from '../../server/repositories/products';
import { findUserByEmail } from '../../server/repositories/users';
import { mintUser } from '../helpers/minted-users';
import { orderBody, payOrder, placeOrder, sandboxConfirm } from '../helpers/orders';
import { describeEachDatabase } from '../helpers/use-test-app';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

/** Fields whose value only the server may set; none of them may ride along on any write. */
const SERVER_FIELDS: Record<string, unknown> = {
  userEmail: 'someone-else@example.com',
  userName: 'Forged Name',
  totalPrice: 1,
  status: 'Paid',
  transactionId: 'pi_forged',
  role: 'admin',
  admin: true,
  _id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  unitPrice: 1,
  paymentIntentId: 'pi_forged',
  createdAt: '2000-01-01T00:00:00.000Z',
};

interface Write {
  name: string;
  /** Fields of SERVER_FIELDS the route accepts on purpose (and then checks itself). */
  allowed: string[];
  send: (extra: Record<string, unknown>) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
}

describeEachDatabase('tampering', (kind) => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let admin: TestUser;
  let productId: string;
  const price = 40;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [a, b, admin] = await Promise.all([t.createUser({ displayName: 'Dealer A' }), t.createUser({ displayName: 'Dealer B' }), t.createUser({ admin: true })]);
    productId = await t.createProduct({ price, available: 100_000, minOrder: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const stock = async () => (await findProduct(t.database.db, productId))?.available ?? -1;
  const statusOf = async (id: string) => (await findOrder(t.database.db, id))?.status ?? null;

  describe('mass assignment', () => {
    const writes = (): Write[] => [
      {
        name: 'POST /api/orders',
        allowed: ['totalPrice'],
        send: (extra) => inject('POST', '/api/orders', a, { ...orderBody({ productId, orderQuantity: 2 }), ...extra }),
      },
      {
        name: 'POST /api/reviews',
        allowed: [],
        send: (extra) => inject('POST', '/api/reviews', a, { review: 'Reliable drills, fast delivery.', rating: 4, ...extra }),
      },
      {
        name: 'POST /api/products',
        allowed: [],
        send: (extra) =>
          inject('POST', '/api/products', admin, {
            name: 'Tampered Saw',
            description: 'T'.repeat(160),
            price: 10,
            availableQnt: 5,
            minOrderQnt: 1,
            imageUrl: `/uploads/${'c'.repeat(64)}.webp`,
            ...extra,
          }),
      },
      // userName is the profile's own rename field; the rest must not pass.
      {
        name: 'PATCH /api/user/:email',
        allowed: ['userName'],
        send: (extra) => inject('PATCH', `/api/user/${a.email}`, a, { address: '1 Main St', phone: '+1 555 0101', ...extra }),
      },
      {
        name: 'PUT /api/user/:email',
        allowed: [],
        send: (extra) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/user/${a.email}`,
            headers: { authorization: `Bearer ${a.idToken}` },
            payload: { email: a.email, ...extra },
          }),
      },
      {
        name: 'POST /api/create-payment-intent',
        allowed: [],
        send: async (extra) => inject('POST', '/api/create-payment-intent', a, { orderId: await placeOrder(t, a, { productId, orderQuantity: 1 }), ...extra }),
      },
      {
        name: 'PATCH /api/order/:id',
        allowed: ['transactionId'],
        send: async (extra) =>
          inject('PATCH', `/api/order/${await placeOrder(t, a, { productId, orderQuantity: 1 })}`, a, { transactionId: 'pi_sbx_x', ...extra }),
      },
      {
        name: 'PATCH /api/orders/:id',
        allowed: [],
        send: async (extra) => {
          const id = await placeOrder(t, a, { productId, orderQuantity: 1 });
          await markOrderPaid(t.database.db, id, `pi_tamper_${randomUUID().slice(0, 8)}`);
          return inject('PATCH', `/api/orders/${id}`, admin, extra);
        },
      },
      {
        name: 'POST /api/sandbox/confirm',
        allowed: [],
        send: (extra) =>
          inject('POST', '/api/sandbox/confirm', a, {
            clientSecret: 'pi_sbx_x_secret_y',
            card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' },
            ...extra,
          }),
      },
    ];

    it('refuses every server-decided field on every write with 400 naming it, and changes nothing', async () => {
      const ordersBefore = (await inject('GET', `/api/orders/${a.email}`, a)).json() as { _id: string }[];
      const stockBefore = await stock();
      for (const write of writes()) {
        for (const [field, value] of Object.entries(SERVER_FIELDS)) {
          if (write.allowed.includes(field)) continue;
          const res = await write.send({ [field]: value });
          expect(res.statusCode, `${write.name} with ${field}: ${res.body}`).toBe(400);
          expect((res.json() as { error: { code: string; message: string } }).error).toMatchObject({
            code: 'invalid_data',
            message: expect.stringContaining(field),
          });
        }
      }
      // The only orders added are the ones the payment and ship writes placed for their own setup:
      // at the server's price, under A's name, and never Paid with a forged id or Shipped.
      const before = new Set(ordersBefore.map((o) => o._id));
      const after = (await inject('GET', `/api/orders/${a.email}`, a)).json() as {
        _id: string;
        userEmail: string;
        userName: string;
        totalPrice: number;
        orderQuantity: number;
        status: string;
        transactionId: string | null;
      }[];
      const added = after.filter((o) => !before.has(o._id));
      expect(added.length).toBeGreaterThan(0);
      for (const order of added) {
        expect(order).toMatchObject({ userEmail: a.email, userName: 'Dealer A', totalPrice: order.orderQuantity * price });
        if (order.status !== 'Unpaid') expect(order).toMatchObject({ status: 'Paid', transactionId: expect.stringMatching(/^pi_tamper_/u) });
      }
      expect(await stock()).toBe(stockBefore - added.reduce((sum, o) => sum + o.orderQuantity, 0));
      expect((await findUserByEmail(t.database.db, a.email))?.role).toBe('customer');
      expect(((await t.app.inject('/api/products')).json() as { name: string }[]).some((p) => p.name === 'Tampered Saw')).toBe(false);
    });

    it('refuses a nested extra field and a role hidden under another name', async () => {
      const nested = await inject('POST', '/api/sandbox/confirm', a, {
        clientSecret: 'pi_sbx_x_secret_y',
        card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123', amount: 1 },
      });
      expect(nested.statusCode).toBe(400);
      expect(nested.body).toContain('amount');
      for (const field of ['Role', 'isAdmin', 'roles', 'email']) {
        const res = await inject('PATCH', `/api/user/${a.email}`, a, { address: '1 Main St', phone: '+1 555 0101', [field]: 'admin' });
        expect(res.statusCode, field).toBe(400);
      }
      expect((await findUserByEmail(t.database.db, a.email))?.role).toBe('customer');
    });

    it('prices, names and addresses an order from the server, whatever the client saw', async () => {
      const cheap = await inject('POST', '/api/orders', a, orderBody({ productId, orderQuantity: 10, totalPrice: 10 }));
      expect(cheap.statusCode).toBe(409);
      expect((cheap.json() as { error: { code: string } }).error.code).toBe('price_changed');
      const id = await placeOrder(t, a, { productId, orderQuantity: 10 });
      const order = (await inject('GET', `/api/order/${id}`, a)).json() as Record<string, unknown>;
      expect(order).toMatchObject({
        userEmail: a.email,
        userName: 'Dealer A',
        totalPrice: 10 * price,
        unitPrice: price,
        status: 'Unpaid',
        transactionId: null,
      });
    });
  });

  it('adds no product whose picture this server did not store: another host, an unknown hash, a copy, an escaping path', async () => {
    const hash = 'e'.repeat(64);
    const forged = [
      'https://cdn.example.com/drill.webp',
      `//evil.example/uploads/${hash}.webp`,
      `/uploads/${hash}.webp`,
      `/uploads/${hash}-320w.webp`,
      `/uploads/../../${hash}.webp`,
      `/uploads/${hash.toUpperCase()}.webp`,
      'data:image/webp;base64,UklGRg==',
      'javascript:alert(1)',
    ];
    for (const imageUrl of forged) {
      const res = await inject('POST', '/api/products', admin, {
        name: 'Tampered Picture Saw',
        description: 'T'.repeat(160),
        price: 10,
        availableQnt: 5,
        minOrderQnt: 1,
        imageUrl,
      });
      expect(res.statusCode, imageUrl).toBe(400);
      expect(res.json(), imageUrl).toMatchObject({ error: { code: 'invalid_data', message: expect.stringContaining('image') as string } });
    }
    expect(((await t.app.inject('/api/products')).json() as { name: string }[]).some((p) => p.name === 'Tampered Picture Saw')).toBe(false);
  });

  describe("other users' ids", () => {
    it("gives B nothing of A's order: not its list, not the order, not its payment, not its deletion", async () => {
      const id = await placeOrder(t, a, { productId, orderQuantity: 3 });
      expect((await inject('GET', `/api/orders/${a.email}`, b)).statusCode).toBe(403);
      expect((await inject('GET', `/api/orders/${a.email.toUpperCase()}`, b)).statusCode).toBe(403);
      expect((await inject('GET', `/api/order/${id}`, b)).statusCode).toBe(404);
      expect((await inject('POST', '/api/create-payment-intent', b, { orderId: id })).statusCode).toBe(404);
      expect((await inject('DELETE', `/api/orders/${id}`, b)).statusCode).toBe(404);
      // B pays for real, then tries to use that payment on A's order.
      const own = await placeOrder(t, b, { productId, orderQuantity: 3 });
      const paid = await sandboxConfirm(t, b, own);
      expect((await inject('PATCH', `/api/order/${id}`, b, { transactionId: paid.paymentIntent?.id })).statusCode).toBe(404);
      expect(await statusOf(id)).toBe('Unpaid');
    });

    it("never lets a payment be replayed for another order, the user's own or anyone's", async () => {
      const first = await placeOrder(t, a, { productId, orderQuantity: 3 });
      const second = await placeOrder(t, a, { productId, orderQuantity: 3 });
      const txn = await payOrder(t, a, first);
      const replay = await inject('PATCH', `/api/order/${second}`, a, { transactionId: txn });
      expect(replay.statusCode).toBe(402);
      expect((replay.json() as { error: { code: string } }).error.code).toBe('payment_failed');
      expect(await statusOf(second)).toBe('Unpaid');

      const bOrder = await placeOrder(t, b, { productId, orderQuantity: 3 });
      expect((await inject('PATCH', `/api/order/${bOrder}`, b, { transactionId: txn })).statusCode).toBe(402);
      expect(await statusOf(bOrder)).toBe('Unpaid');

      // A payment for a cheaper order of the same user does not pay a dearer one.
      const small = await placeOrder(t, a, { productId, orderQuantity: 1 });
      const big = await placeOrder(t, a, { productId, orderQuantity: 50 });
      const smallPaid = await sandboxConfirm(t, a, small);
      expect((await inject('PATCH', `/api/order/${big}`, a, { transactionId: smallPaid.paymentIntent?.id })).statusCode).toBe(402);
      // A made-up "succeeded" id for the right order is refused too.
      const forged = `pi_sbx_${big.replaceAll('-', '')}_${50 * price * 100}_${'0'.repeat(16)}_${'f'.repeat(32)}`;
      expect((await inject('PATCH', `/api/order/${big}`, a, { transactionId: forged })).statusCode).toBe(402);
      expect(await statusOf(big)).toBe('Unpaid');
    });
  });

  it('marks nothing Paid from an unsigned Stripe event, whoever sends it', async () => {
    const stripe = await createTestApp(kind, {
      payments: {
        provider: 'stripe',
        secretKey: 'sk_test_tamper',
        publishableKey: 'pk_test_tamper',
        webhookSecret: 'whsec_tamper_secret',
        apiBase: 'http://127.0.0.1:9',
      },
    });
    try {
      const dealer = await mintUser(stripe.database.db, stripe.config.accessTokenSecret);
      const boss = await mintUser(stripe.database.db, stripe.config.accessTokenSecret, { admin: true });
      const product = await stripe.createProduct({ price: 20, minOrder: 1 });
      const placed = await stripe.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: dealer.auth,
        payload: orderBody({ productId: product, orderQuantity: 1 }),
      });
      const orderId = (placed.json() as { insertedId: string }).insertedId;
      const event = JSON.stringify({
        id: 'evt_forged',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_forged', object: 'payment_intent', amount: 2000, currency: 'usd', status: 'succeeded', metadata: { orderId } } },
      });
      for (const headers of [boss.auth, dealer.auth, {}, { 'stripe-signature': 't=1,v1=deadbeef' }]) {
        const res = await stripe.app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: event,
        });
        expect(res.statusCode).toBe(400);
      }
      expect((await findOrder(stripe.database.db, orderId))?.status).toBe('Unpaid');
    } finally {
      await stripe.close();
    }
  });

  describe('order states out of sequence', () => {
    it('refuses to ship an Unpaid order, to delete or re-pay a Paid one, and to touch a Shipped one', async () => {
      const id = await placeOrder(t, a, { productId, orderQuantity: 4 });
      const shipUnpaid = await inject('PATCH', `/api/orders/${id}`, admin);
      expect(shipUnpaid.statusCode).toBe(409);
      expect((shipUnpaid.json() as { error: { code: string } }).error.code).toBe('invalid_state');

      await payOrder(t, a, id);
      const other = await placeOrder(t, a, { productId, orderQuantity: 4 });
      const otherPaid = await sandboxConfirm(t, a, other);
      const afterPay = await stock();
      expect((await inject('DELETE', `/api/orders/${id}`, a)).statusCode).toBe(409);
      expect((await inject('DELETE', `/api/orders/admin/${id}`, admin)).statusCode).toBe(409);
      expect((await inject('POST', '/api/create-payment-intent', a, { orderId: id })).statusCode).toBe(409);
      expect((await inject('PATCH', `/api/order/${id}`, a, { transactionId: otherPaid.paymentIntent?.id })).statusCode).toBe(409);
      expect(await stock()).toBe(afterPay);

      expect((await inject('PATCH', `/api/orders/${id}`, admin)).statusCode).toBe(200);
      expect((await inject('PATCH', `/api/orders/${id}`, admin)).statusCode).toBe(409);
      expect((await inject('DELETE', `/api/orders/${id}`, a)).statusCode).toBe(409);
      expect((await inject('DELETE', `/api/orders/admin/${id}`, admin)).statusCode).toBe(409);
      expect((await inject('POST', '/api/create-payment-intent', a, { orderId: id })).statusCode).toBe(409);
      expect(await statusOf(id)).toBe('Shipped');
    });
  });

  describe('access tokens', () => {
    const forge = async (
      user: TestUser,
      options: { secret?: string; alg?: string; exp?: number; iss?: string; aud?: string; sub?: string; email?: string; extra?: Record<string, unknown> } = {},
    ) => {
      const real = decodeJwt(user.token);
      const jwt = new SignJWT({ email: options.email ?? user.email, ...options.extra })
        .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
        .setSubject(options.sub ?? user.id)
        .setIssuer(options.iss ?? String(real.iss))
        .setAudience(options.aud ?? String(real.aud))
        .setIssuedAt();
      jwt.setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600);
      return jwt.sign(new TextEncoder().encode(options.secret ?? t.config.accessTokenSecret));
    };
    const unsigned = (user: TestUser) => {
      const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const claims = decodeJwt(user.token);
      return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`;
    };
    const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const myProfile = (user: TestUser, headers: Record<string, string>) => t.app.inject({ url: `/api/users/${user.email}`, headers });

    it('accepts a token forged with the right secret and claims, so the refusals below are about one change each', async () => {
      expect((await myProfile(a, asBearer(await forge(a)))).statusCode).toBe(200);
    });

    it('refuses another secret, alg none, HS512, expiry, a foreign issuer or audience, and a mismatched e-mail', async () => {
      const cases: [string, string][] = [
        ['another secret', await forge(a, { secret: 'another-secret-that-is-long-enough-for-hs256' })],
        ['alg none', unsigned(a)],
        ['HS512 with our secret', await forge(a, { alg: 'HS512' })],
        ['expired', await forge(a, { exp: Math.floor(Date.now() / 1000) - 60 })],
        ['foreign issuer', await forge(a, { iss: 'someone-else' })],
        ['foreign audience', await forge(a, { aud: 'someone-else' })],
        ["B's id with A's e-mail", await forge(a, { sub: b.id })],
        ['an id that does not exist', await forge(a, { sub: randomUUID() })],
        ["A's payload under B's signature", `${a.token.split('.')[0]}.${a.token.split('.')[1]}.${b.token.split('.')[2]}`],
        ['garbage', 'not.a.token'],
      ];
      for (const [name, token] of cases) {
        const res = await myProfile(a, asBearer(token));
        expect(res.statusCode, name).toBe(401);
        expect((res.json() as { error: { code: string } }).error.code).toBe('unauthorized');
      }
      for (const header of [`Basic ${a.token}`, a.token, `Bearer ${a.token} extra`, `Bearer  `]) {
        expect((await myProfile(a, { authorization: header })).statusCode, header).toBe(401);
      }
    });

    it('never takes an ID token for an access token, nor an access token for an ID token', async () => {
      expect((await myProfile(a, asBearer(a.idToken))).statusCode).toBe(401);
      const exchange = await t.app.inject({ method: 'PUT', url: `/api/user/${a.email}`, headers: asBearer(a.token), payload: { email: a.email } });
      expect(exchange.statusCode).toBe(401);
    });

    it('reads the role from the database, never from a claim in the token', async () => {
      const claimsAdmin = await forge(a, { extra: { role: 'admin', admin: true } });
      expect((await t.app.inject({ url: '/api/users', headers: asBearer(claimsAdmin) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'PUT', url: `/api/user/admin/${a.email}`, headers: asBearer(claimsAdmin) })).statusCode).toBe(403);
      expect((await findUserByEmail(t.database.db, a.email))?.role).toBe('customer');
    });

    it("stops a deleted user's token at once, and their ID token no longer buys a new one", async () => {
      const doomed = await t.createUser({ displayName: 'Soon Gone' });
      const id = await placeOrder(t, doomed, { productId, orderQuantity: 2 });
      expect((await myProfile(doomed, doomed.auth)).statusCode).toBe(200);
      expect((await inject('DELETE', `/api/users/${doomed.id}`, admin)).statusCode).toBe(200);
      for (const res of [
        await myProfile(doomed, doomed.auth),
        await inject('POST', '/api/orders', doomed, orderBody({ productId, orderQuantity: 1 })),
        await inject('GET', `/api/orders/${doomed.email}`, doomed),
        await inject('POST', '/api/reviews', doomed, { review: 'Written after my account was deleted.', rating: 1 }),
      ]) {
        expect(res.statusCode).toBe(401);
      }
      expect(await statusOf(id)).toBeNull();
      const again = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${doomed.email}`,
        headers: { authorization: `Bearer ${doomed.idToken}` },
        payload: { email: doomed.email },
      });
      expect(again.statusCode).toBe(401);
      expect(await findUserByEmail(t.database.db, doomed.email)).toBeNull();
    });
  });

  describe('ID tokens', () => {
    /** An unsigned ID token with claims of the caller's choosing: what the Auth emulator would accept. */
    const unsigned = (uid: string, email: string) => {
      const now = Math.floor(Date.now() / 1000);
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const project = t.config.firebase.projectId;
      const claims = {
        iss: `https://securetoken.google.com/${project}`,
        aud: project,
        sub: uid,
        user_id: uid,
        iat: now,
        auth_time: now,
        exp: now + 600,
        email,
        email_verified: true,
        firebase: { identities: {}, sign_in_provider: 'password' },
      };
      return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
    };

    it("never turns a hand-made token with a dealer's own uid and the admin's e-mail into the admin's session", async () => {
      const headers = { authorization: `Bearer ${unsigned(a.uid, admin.email)}` };
      const res = await t.app.inject({ method: 'PUT', url: `/api/user/${admin.email}`, headers, payload: { email: admin.email } });
      expect(res.statusCode).toBe(403);
      expect((await findUserByEmail(t.database.db, admin.email))?.firebaseUid).toBe(admin.uid);
      expect((await findUserByEmail(t.database.db, a.email))?.emailVerified).toBe(false);
    });
  });
  describe('admin list queries', () => {
    it('answers a repeated parameter with 400, and ignores filters the lists do not have', async () => {
      for (const url of ['/api/users?page=1&page=2', '/api/users?q=a&q=b', '/api/users?pageSize=5&pageSize=6', '/api/reviews/all?page=1&page=2']) {
        const res = await inject('GET', url, admin);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ error: { code: 'invalid_data' } });
      }
      // A role or e-mail in the query neither narrows the list nor reaches the SQL.
      const plain = (await inject('GET', `/api/users?q=${encodeURIComponent(a.email)}`, admin)).json() as { items: { email: string }[]; total: number };
      expect(plain.items.map((u) => u.email)).toEqual([a.email]);
      const tampered = (await inject('GET', `/api/users?q=${encodeURIComponent(a.email)}&role=admin&email=${encodeURIComponent(admin.email)}`, admin)).json();
      expect(tampered).toEqual(plain);
      const hiddenOnly = (await inject('GET', '/api/reviews/all?hidden=true', admin)).json() as { total: number };
      expect(hiddenOnly.total).toBe(((await inject('GET', '/api/reviews/all', admin)).json() as { total: number }).total);
    });
  });
});
