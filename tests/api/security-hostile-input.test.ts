// Hostile input: property-based requests (fast-check) against every request body, path parameter
// and query of the API. Whatever arrives, the answer is a 2xx or a 4xx in the error shape: never a
// 5xx, never a stack trace, never a polluted prototype. Runs are bounded so the file takes seconds.

import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../helpers/orders';
import { describeEachDatabase } from '../helpers/use-test-app';
import { createTestApp, emulatorSignUp, uniqueEmail, type TestApp, type TestUser } from '../helpers/test-app';

/** Strings attackers and broken clients send: NUL, direction overrides, zero-width, lone surrogates, injections. */
const SPECIALS = [
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe',
  'adm\u200Bin',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\u0301\u0301\u0301',
  '%00',
  '%2e%2e%2f',
  '../../../etc/passwd',
  "' OR '1'='1' --",
  '"; DROP TABLE orders; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '\r\nSet-Cookie: admin=1',
  '\\',
  '%',
  '_',
  'admin@forgeline.test',
  `${'a'.repeat(65)}@${'b'.repeat(190)}.com`,
  'a@b',
  '\u0130stanbul@example.com',
  'ａｄｍｉｎ@example.com',
  'x'.repeat(5000),
];

const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...SPECIALS),
  // A plausible value with something hostile inside it, so it gets past the type checks.
  fc
    .tuple(fc.constantFrom('12 Harbour Road, Leeds', 'Great drill, would order again.', 'Dealer', '+44 113 496 0000'), fc.constantFrom(...SPECIALS))
    .map(([text, bad]) => `${text}${bad}`),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, -(2 ** 31) - 1, 1e-300),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

const STACK_TRACE = /\bat [\w$.<>]+ \(|node_modules|\/work\/|\.ts:\d+:\d+|\.js:\d+:\d+/u;

interface Ctx {
  t: TestApp;
  customer: TestUser;
  admin: TestUser;
  productId: string;
  orderId: string;
}

interface Endpoint {
  route: string;
  /** Whose token reaches the validation of this route. */
  as: 'customer' | 'admin' | 'idToken' | 'none';
  /** A valid body to mutate; undefined for routes without one. */
  body?: (ctx: Ctx) => Record<string, unknown>;
  /** The path parameter a valid request uses. */
  param?: (ctx: Ctx) => string;
}

const ENDPOINTS: Endpoint[] = [
  { route: 'PUT /api/user/:email', as: 'idToken', body: (c) => ({ email: c.customer.email }), param: (c) => c.customer.email },
  { route: 'GET /api/users/:email', as: 'customer', param: (c) => c.customer.email },
  {
    route: 'PATCH /api/user/:email',
    as: 'customer',
    body: () => ({ address: '1 Main St', phone: '+1 555 0100', linkedin: '', userName: 'Dealer', notifyPaidOrders: true }),
    param: (c) => c.customer.email,
  },
  { route: 'PATCH /api/company', as: 'customer', body: () => ({ name: 'Fuzz Tools Ltd', country: 'GB', taxNumber: 'GB-123 456' }) },
  {
    route: 'POST /api/company/locations',
    as: 'customer',
    body: () => ({ name: 'Leeds branch', address: '12 Harbour Road, Leeds', phone: '+44 113 496 0000', contactName: 'Dealer' }),
  },
  { route: 'PATCH /api/company/locations/:id', as: 'customer', body: () => ({ name: 'Leeds branch', contactName: 'Dealer' }), param: () => randomUUID() },
  { route: 'DELETE /api/company/locations/:id', as: 'customer', param: () => randomUUID() },
  { route: 'POST /api/company/locations/:id/default', as: 'customer', param: () => randomUUID() },
  {
    route: 'PUT /api/company/saved-lists/:id',
    as: 'customer',
    body: (c) => ({ name: `Weekly restock ${randomUUID()}`, lines: [{ productId: c.productId, quantity: 3 }] }),
    param: () => randomUUID(),
  },
  { route: 'DELETE /api/company/saved-lists/:id', as: 'customer', param: () => randomUUID() },
  {
    route: 'POST /api/quotes',
    as: 'customer',
    body: (c) => ({ clientQuoteId: randomUUID(), lines: [{ productId: c.productId, quantity: 3 }], message: 'Volume price?' }),
  },
  {
    route: 'POST /api/quotes/:id/answer',
    as: 'admin',
    body: (c) => ({ lines: [{ productId: c.productId, unitPriceMinor: 1_000 }], expiresOn: '2027-01-31', message: 'Our price.' }),
    param: () => randomUUID(),
  },
  { route: 'POST /api/quotes/:id/messages', as: 'customer', body: () => ({ body: 'Any news?' }), param: () => randomUUID() },
  { route: 'POST /api/quotes/:id/ask-again', as: 'customer', body: () => ({ message: 'Can you do better?' }), param: () => randomUUID() },
  { route: 'POST /api/quotes/:id/decline', as: 'customer', body: () => ({ message: 'No, thanks.' }), param: () => randomUUID() },
  {
    route: 'POST /api/quotes/:id/accept',
    as: 'customer',
    body: () => ({ clientOrderId: randomUUID(), version: 1, userAddress: '12 Harbour Road, Leeds', userPhone: '+44 113 496 0000' }),
    param: () => randomUUID(),
  },
  { route: 'GET /api/quotes/:id', as: 'customer', param: () => randomUUID() },
  { route: 'POST /api/company/invitations', as: 'customer', body: () => ({ email: 'fuzz-invited@example.com', role: 'buyer' }) },
  { route: 'DELETE /api/company/invitations/:id', as: 'customer', param: () => randomUUID() },
  { route: 'PATCH /api/company/members/:userId', as: 'customer', body: () => ({ role: 'buyer', canSeeAllOrders: true }), param: () => randomUUID() },
  { route: 'DELETE /api/company/members/:userId', as: 'customer', param: () => randomUUID() },
  {
    route: 'PATCH /api/company/members/:userId (limits)',
    as: 'customer',
    body: () => ({ orderLimitMinor: 50_000, monthlyLimitMinor: null, isApprover: true }),
    param: () => randomUUID(),
  },
  {
    route: 'POST /api/orders/:id/approval',
    as: 'customer',
    body: () => ({ decision: 'decline', reason: 'Next month', decisionId: randomUUID() }),
    param: () => randomUUID(),
  },
  { route: 'GET /api/invitations/:token', as: 'none', param: () => 'A'.repeat(43) },
  { route: 'POST /api/invitations/:token/accept', as: 'customer', param: () => 'A'.repeat(43) },
  { route: 'GET /api/products/:id', as: 'none', param: (c) => c.productId },
  {
    route: 'POST /api/products',
    as: 'admin',
    body: () => ({ name: 'Fuzz Saw', description: 'F'.repeat(160), price: 10, availableQnt: 10, minOrderQnt: 1, imageUrl: `/uploads/${'d'.repeat(64)}.webp` }),
  },
  { route: 'DELETE /api/products/:id', as: 'admin', param: () => randomUUID() },
  {
    route: 'PATCH /api/products/:id',
    as: 'admin',
    body: () => ({ maxOrderQnt: 500, packSize: 1, priceTiers: [{ minQnt: 100, price: 5 }] }),
    param: (c) => c.productId,
  },
  { route: 'POST /api/reviews', as: 'customer', body: () => ({ review: 'Great drill, would order again.', rating: 5 }) },
  { route: 'PATCH /api/reviews/:id', as: 'admin', body: () => ({ hidden: false }), param: () => randomUUID() },
  { route: 'DELETE /api/reviews/:id', as: 'admin', param: () => randomUUID() },
  {
    route: 'PUT /api/admin/companies/:id/terms',
    as: 'admin',
    body: () => ({ paymentTerms: 'net30', creditLimit: 100_000, poRequired: true }),
    param: () => randomUUID(),
  },
  { route: 'POST /api/orders/:id/release', as: 'admin', param: () => randomUUID() },
  { route: 'POST /api/orders/:id/refuse', as: 'admin', body: () => ({ reason: 'Over the limit' }), param: () => randomUUID() },
  { route: 'POST /api/orders/:id/bank-payment', as: 'admin', body: () => ({ reference: 'TRF 0042' }), param: () => randomUUID() },
  { route: 'POST /api/orders/:id/reminder', as: 'admin', param: () => randomUUID() },
  {
    route: 'POST /api/admin/price-lists',
    as: 'admin',
    body: () => ({ name: `Fuzz list ${randomUUID()}`, currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1000 }),
  },
  { route: 'GET /api/admin/price-lists/:id', as: 'admin', param: () => randomUUID() },
  {
    route: 'PUT /api/admin/price-lists/:id',
    as: 'admin',
    body: () => ({ name: 'Fuzz list', currency: 'GBP', rateMicros: 790_000, defaultPercentOff: 0 }),
    param: () => randomUUID(),
  },
  { route: 'DELETE /api/admin/price-lists/:id', as: 'admin', param: () => randomUUID() },
  {
    route: 'PUT /api/admin/price-lists/:id/entries',
    as: 'admin',
    body: (c) => ({ entries: [{ productId: c.productId, price: 8_500, percentOff: null, tiers: [{ minQnt: 10, price: 8_000 }] }] }),
    param: () => randomUUID(),
  },
  { route: 'DELETE /api/admin/price-lists/:id/entries/:productId', as: 'admin', param: () => randomUUID() },
  { route: 'PUT /api/admin/companies/:id/price-list', as: 'admin', body: () => ({ priceListId: null }), param: () => randomUUID() },
  { route: 'POST /api/tax-rates', as: 'admin', body: () => ({ country: 'DE', region: '', name: 'VAT', rate: '19' }) },
  { route: 'PUT /api/tax-rates/:id', as: 'admin', body: () => ({ country: 'FR', region: '', name: 'TVA', rate: '20' }), param: () => randomUUID() },
  { route: 'DELETE /api/tax-rates/:id', as: 'admin', param: () => randomUUID() },
  { route: 'POST /api/invoices/payment-intent', as: 'customer', body: (c) => ({ orderIds: [c.orderId] }) },
  { route: 'PATCH /api/invoices/payments/:id', as: 'customer', body: () => ({ transactionId: 'pi_sbx_unknown' }), param: () => randomUUID() },
  {
    route: 'POST /api/orders (bulk)',
    as: 'customer',
    body: (c) => ({
      lines: [{ productId: c.productId, quantity: 1 }],
      userAddress: '12 Harbour Road, Leeds',
      userPhone: '+44 113 496 0000',
      clientOrderId: randomUUID(),
    }),
  },
  {
    route: 'POST /api/orders',
    as: 'customer',
    body: (c) => ({
      productId: c.productId,
      orderQuantity: 1,
      userAddress: '12 Harbour Road, Leeds',
      userPhone: '+44 113 496 0000',
      clientOrderId: randomUUID(),
    }),
  },
  { route: 'GET /api/orders/:email', as: 'customer', param: (c) => c.customer.email },
  { route: 'GET /api/order/:id', as: 'customer', param: (c) => c.orderId },
  { route: 'GET /api/orders/:id/invoice', as: 'customer', param: (c) => c.orderId },
  { route: 'DELETE /api/orders/:id', as: 'customer', param: () => randomUUID() },
  { route: 'PATCH /api/orders/:id', as: 'admin', body: () => ({}), param: (c) => c.orderId },
  { route: 'DELETE /api/orders/:id/shipping', as: 'admin', param: () => randomUUID() },
  { route: 'DELETE /api/orders/admin/:id', as: 'admin', param: () => randomUUID() },
  { route: 'PUT /api/push/settings', as: 'customer', body: () => ({ muted: ['order_shipped'] }) },
  {
    route: 'PUT /api/push/subscriptions',
    as: 'customer',
    body: () => ({ endpoint: `https://push.example.test/send/${randomUUID()}`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
  },
  { route: 'POST /api/create-payment-intent', as: 'customer', body: (c) => ({ orderId: c.orderId }) },
  { route: 'PATCH /api/order/:id', as: 'customer', body: () => ({ transactionId: 'pi_sbx_unknown' }), param: (c) => c.orderId },
  {
    route: 'POST /api/sandbox/confirm',
    as: 'customer',
    body: () => ({
      clientSecret: 'pi_sbx_x_secret_y',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      billingDetails: { name: 'Dealer', email: 'd@example.com' },
    }),
  },
  { route: 'POST /api/webhooks/stripe', as: 'none', body: () => ({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } }) },
  { route: 'PUT /api/user/admin/:email', as: 'admin', param: () => `nobody-${randomUUID().slice(0, 8)}@example.com` },
  { route: 'PUT /api/user/dealer/:email', as: 'admin', param: () => `nobody-${randomUUID().slice(0, 8)}@example.com` },
  { route: 'DELETE /api/users/:id', as: 'admin', param: () => randomUUID() },
  { route: 'PATCH /api/admin/settings', as: 'admin', body: () => ({ newCustomers: 'order_at_once' }) },
  { route: 'GET /api/admin/companies/:id', as: 'admin', param: () => randomUUID() },
  { route: 'POST /api/admin/companies/:id/approve', as: 'admin', param: () => randomUUID() },
  { route: 'POST /api/admin/companies/:id/reject', as: 'admin', body: () => ({ reason: 'Not a trade business' }), param: () => randomUUID() },
  { route: 'POST /api/admin/companies/:id/suspend', as: 'admin', body: () => ({ reason: 'Unpaid invoices' }), param: () => randomUUID() },
  { route: 'POST /api/admin/companies/:id/reinstate', as: 'admin', param: () => randomUUID() },
  { route: 'PUT /api/user/rep/:email', as: 'admin', param: () => `nobody-${randomUUID().slice(0, 8)}@example.com` },
  { route: 'DELETE /api/user/rep/:email', as: 'admin', param: () => `nobody-${randomUUID().slice(0, 8)}@example.com` },
  { route: 'PUT /api/admin/companies/:id/reps/:userId', as: 'admin', param: () => randomUUID() },
  { route: 'DELETE /api/admin/companies/:id/reps/:userId', as: 'admin', param: () => randomUUID() },
];

function headersFor(ctx: Ctx, as: Endpoint['as']): Record<string, string> {
  if (as === 'customer') return ctx.customer.auth;
  if (as === 'admin') return ctx.admin.auth;
  if (as === 'idToken') return { authorization: `Bearer ${ctx.customer.idToken}` };
  return {};
}

function urlFor(route: string, param: string): string {
  return route.split(' ')[1]?.replace(/:[A-Za-z]+/u, param) ?? '';
}

function methodOf(route: string): InjectOptions['method'] {
  return route.split(' ')[0] as InjectOptions['method'];
}

/** The safety property every answer must have. */
function expectSafe(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, what).not.toMatch(STACK_TRACE);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], what).toMatch(/^application\/json/u);
    expect(res.json(), what).toEqual({
      error: { code: expect.any(String), message: expect.any(String), ...(hasDetails(res) ? { details: expect.anything() } : {}) },
    });
  }
}

function hasDetails(res: LightMyRequestResponse): boolean {
  return (res.json() as { error?: { details?: unknown } }).error?.details !== undefined;
}

/** Every UTF-8 byte as %XX; unlike encodeURIComponent it also takes lone surrogates (as U+FFFD). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

const jsonRequest = (method: InjectOptions['method'], url: string, headers: Record<string, string>, text: string): InjectOptions => ({
  method,
  url,
  headers: { ...headers, 'content-type': 'application/json' },
  payload: text,
});

describeEachDatabase('hostile input', (kind) => {
  const ctx = {} as Ctx;
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

  beforeAll(async () => {
    ctx.t = await createTestApp(kind);
    [ctx.customer, ctx.admin] = await Promise.all([ctx.t.createUser({ displayName: 'Fuzz Dealer' }), ctx.t.createUser({ admin: true })]);
    ctx.productId = await ctx.t.createProduct({ available: 1_000_000, minOrder: 1, price: 10 });
    ctx.orderId = await placeOrder(ctx.t, ctx.customer, { productId: ctx.productId, orderQuantity: 1 });
  });
  afterAll(async () => {
    await ctx.t?.close();
    // Nothing a request carried reached Object.prototype of this process, where the app ran.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('has a fuzzing entry for every route that takes a body or a path parameter', () => {
    const needing = ctx.t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && (r.url.includes(':') || ['POST', 'PUT', 'PATCH'].includes(r.method)))
      .map((r) => `${r.method} ${r.url}`)
      // The image upload takes multipart, fuzzed in its own test below.
      .filter((route) => route !== 'POST /api/images')
      .sort();
    // A route may have several entries, one per body shape ("POST /api/orders (bulk)").
    expect([...new Set(ENDPOINTS.map((e) => e.route.split(' ').slice(0, 2).join(' ')))].sort()).toEqual(needing);
  });

  const withBody = ENDPOINTS.filter((e) => e.body);
  const withParam = ENDPOINTS.filter((e) => e.param);

  it.each(withBody.map((e) => [e.route, e] as const))('%s: any mutation of a valid body is answered safely', async (route, endpoint) => {
    const body = endpoint.body as (ctx: Ctx) => Record<string, unknown>;
    const keys = [...Object.keys(body(ctx)), 'role', 'status', 'totalPrice'];
    const mutation = fc.oneof(
      // One field of a valid body replaced, or an extra one added.
      fc
        .record({ key: fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })), value: hostileValue })
        .map(({ key, value }) => ({ ...body(ctx), [key]: value })),
      // Several fields at once.
      fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: 4 }).map((extra) => ({ ...body(ctx), ...extra })),
      // Not an object at all, or anything JSON can carry.
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (value) => {
        const param = endpoint.param?.(ctx) ?? '';
        const res = await ctx.t.app.inject(
          jsonRequest(methodOf(route), urlFor(route, percentEncode(param)), headersFor(ctx, endpoint.as), JSON.stringify(value)),
        );
        expectSafe(res, `${route} ${JSON.stringify(value).slice(0, 200)}`);
      }),
      { numRuns: 40 },
    );
  });

  it.each(withParam.map((e) => [e.route, e] as const))('%s: any path parameter is answered safely', async (route, endpoint) => {
    const param = fc.oneof(hostileString, fc.uuid(), fc.emailAddress(), fc.constantFrom('..', '.', '%2e%2e', '%', '%zz', ' ', '\u0000'));
    await fc.assert(
      fc.asyncProperty(param, fc.boolean(), async (value, encode) => {
        // Raw as well as encoded: the router must cope with whatever bytes reach it.
        const raw = encode ? percentEncode(value) : value.replace(/[/?#]/gu, percentEncode);
        const body = endpoint.body ? JSON.stringify(endpoint.body(ctx)) : undefined;
        const request: InjectOptions = body
          ? jsonRequest(methodOf(route), urlFor(route, raw), headersFor(ctx, endpoint.as), body)
          : { method: methodOf(route), url: urlFor(route, raw), headers: headersFor(ctx, endpoint.as) };
        let res: LightMyRequestResponse;
        try {
          res = await ctx.t.app.inject(request);
        } catch (error) {
          // light-my-request itself refuses some raw strings as URLs; a real client could not send them either.
          if (!encode && error instanceof TypeError) return;
          throw error;
        }
        expectSafe(res, `${route} with ${JSON.stringify(value).slice(0, 200)}`);
      }),
      { numRuns: 40 },
    );
  });

  it('GET /api/orders: any query string is answered safely', async () => {
    const query = fc.dictionary(fc.constantFrom('page', 'pageSize', 'status', 'q', 'sort', '__proto__'), hostileString, { maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const search = new URLSearchParams(q).toString();
        const res = await ctx.t.app.inject({ url: `/api/orders?${search}`, headers: ctx.admin.auth });
        expectSafe(res, `?${search}`);
      }),
      { numRuns: 60 },
    );
  });

  it('GET /api/admin/companies and GET /api/admin/audit: any query string is answered safely', async () => {
    const keys = fc.constantFrom('page', 'pageSize', 'search', 'status', 'companyId', 'actor', 'action', 'from', 'to', 'before', '__proto__');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(keys, hostileString, { maxKeys: 4 }), fc.constantFrom('/api/admin/companies', '/api/admin/audit'), async (q, path) => {
        const search = new URLSearchParams(q).toString();
        const res = await ctx.t.app.inject({ url: `${path}?${search}`, headers: ctx.admin.auth });
        expectSafe(res, `${path}?${search}`);
      }),
      { numRuns: 60 },
    );
  });

  it('GET /api/users and GET /api/reviews/all: any query string is answered safely', async () => {
    const query = fc.dictionary(fc.constantFrom('page', 'pageSize', 'q', 'role', '__proto__'), hostileString, { maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom('/api/users', '/api/reviews/all'), async (q, path) => {
        const search = new URLSearchParams(q).toString();
        const res = await ctx.t.app.inject({ url: `${path}?${search}`, headers: ctx.admin.auth });
        expectSafe(res, `${path}?${search}`);
      }),
      { numRuns: 60 },
    );
  });

  it('GET /api/company/price-list: any query string is answered safely', async () => {
    const query = fc.dictionary(fc.constantFrom('companyId', 'after', '__proto__'), hostileString, { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const search = new URLSearchParams(q).toString();
        const res = await ctx.t.app.inject({ url: `/api/company/price-list?${search}`, headers: ctx.customer.auth });
        expectSafe(res, `?${search}`);
      }),
      { numRuns: 60 },
    );
  });

  it('GET /api/quotes: any query string is answered safely', async () => {
    const query = fc.dictionary(fc.constantFrom('status', '__proto__', 'constructor'), hostileString, { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const search = new URLSearchParams(q).toString();
        const res = await ctx.t.app.inject({ url: `/api/quotes?${search}`, headers: ctx.customer.auth });
        expectSafe(res, `?${search}`);
      }),
      { numRuns: 60 },
    );
  });

  it('GET /api/company/saved-lists: any query string is answered safely', async () => {
    const query = fc.dictionary(fc.constantFrom('companyId', '__proto__', 'constructor'), hostileString, { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const search = new URLSearchParams(q).toString();
        const res = await ctx.t.app.inject({ url: `/api/company/saved-lists?${search}`, headers: ctx.customer.auth });
        expectSafe(res, `?${search}`);
      }),
      { numRuns: 60 },
    );
  });

  it('GET /api/admin/price-lists/{id}: any query string is answered safely', async () => {
    const made = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/admin/price-lists',
      headers: ctx.admin.auth,
      payload: { name: `Fuzz query list ${randomUUID()}`, currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1000 },
    });
    const { id } = made.json() as { id: string };
    const query = fc.dictionary(fc.constantFrom('page', 'q', '__proto__'), hostileString, { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const search = new URLSearchParams(q).toString();
        const res = await ctx.t.app.inject({ url: `/api/admin/price-lists/${id}?${search}`, headers: ctx.admin.auth });
        expectSafe(res, `?${search}`);
      }),
      { numRuns: 60 },
    );
  });

  it('POST /api/images: any bytes under any declared type are answered safely', async () => {
    const file = fc.oneof(
      fc.uint8Array({ maxLength: 512 }),
      fc
        .constantFrom(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          '<html><script>alert(1)</script></html>',
          'GIF89a<script>',
          '\u0089PNG\r\n\u001a\n',
        )
        .map((s) => new TextEncoder().encode(s)),
    );
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'),
        hostileString,
        async (bytes, type, name) => {
          const boundary = 'fuzzboundary7f3a';
          const filename = name.replace(/["\r\n]/gu, '_');
          const payload = Buffer.concat([
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
            Buffer.from(bytes),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          const res = await ctx.t.app.inject({
            method: 'POST',
            url: '/api/images',
            headers: { ...ctx.admin.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload,
          });
          expectSafe(res, `${type} ${bytes.length} bytes`);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: 25 },
    );
  });

  describe('named attacks on every JSON write', () => {
    const writes = () => withBody.filter((e) => e.route !== 'POST /api/webhooks/stripe');
    const send = (endpoint: Endpoint, text: string, extraHeaders: Record<string, string> = {}) =>
      ctx.t.app.inject({
        ...jsonRequest(methodOf(endpoint.route), urlFor(endpoint.route, percentEncode(endpoint.param?.(ctx) ?? '')), headersFor(ctx, endpoint.as), text),
        headers: { ...headersFor(ctx, endpoint.as), 'content-type': 'application/json', ...extraHeaders },
      });

    it('refuses prototype-pollution keys with 400', async () => {
      for (const endpoint of writes()) {
        const valid = JSON.stringify(endpoint.body?.(ctx) ?? {});
        for (const poison of [
          '"__proto__":{"admin":true,"role":"admin"}',
          '"constructor":{"prototype":{"admin":true}}',
          '"x":{"__proto__":{"status":"Paid"}}',
        ]) {
          const text = valid === '{}' ? `{${poison}}` : `{${poison},${valid.slice(1)}`;
          const res = await send(endpoint, text);
          expectSafe(res, `${endpoint.route} ${poison}`);
          expect(res.statusCode, `${endpoint.route} ${poison}`).toBe(400);
        }
      }
    });

    it('refuses a NUL byte in any text field with 400 and stores nothing', async () => {
      const ordersBefore = ((await ctx.t.app.inject({ url: `/api/orders/${ctx.customer.email}`, headers: ctx.customer.auth })).json() as unknown[]).length;
      const reviewsBefore = ((await ctx.t.app.inject('/api/reviews')).json() as unknown[]).length;
      for (const endpoint of writes()) {
        const valid = endpoint.body?.(ctx) ?? {};
        for (const [key, value] of Object.entries(valid)) {
          if (typeof value !== 'string') continue;
          for (const poisoned of [`${value}\u0000`, `${value.slice(0, 1)}\u0000${value.slice(1)}`]) {
            const res = await send(endpoint, JSON.stringify({ ...valid, [key]: poisoned }));
            expectSafe(res, `${endpoint.route} ${key}`);
            expect(res.statusCode, `${endpoint.route} ${key}`).toBeGreaterThanOrEqual(400);
          }
        }
      }
      expect(((await ctx.t.app.inject({ url: `/api/orders/${ctx.customer.email}`, headers: ctx.customer.auth })).json() as unknown[]).length).toBe(
        ordersBefore,
      );
      expect(((await ctx.t.app.inject('/api/reviews')).json() as unknown[]).length).toBe(reviewsBefore);
    });

    it('answers deeply nested JSON with 400 and keeps serving', async () => {
      for (const depth of [1_000, 20_000]) {
        for (const [open, close] of [
          ['[', ']'],
          ['{"a":', '}'],
        ] as const) {
          const text = `${open.repeat(depth)}1${close.repeat(depth)}`;
          for (const endpoint of writes()) {
            const res = await send(endpoint, text);
            expectSafe(res, `${endpoint.route} depth ${depth}`);
            expect(res.statusCode).toBeGreaterThanOrEqual(400);
          }
        }
      }
      expect((await ctx.t.app.inject('/api/healthz')).statusCode).toBe(200);
    });

    it('refuses a 1 MB string in a field, and any body over the limit, with 413', async () => {
      const big = 'x'.repeat(1024 * 1024);
      for (const endpoint of writes()) {
        const valid = endpoint.body?.(ctx) ?? {};
        const key = Object.keys(valid)[0] ?? 'x';
        const res = await send(endpoint, JSON.stringify({ ...valid, [key]: big }));
        expectSafe(res, endpoint.route);
        expect(res.statusCode, endpoint.route).toBe(413);
        expect((res.json() as { error: { code: string } }).error.code).toBe('payload_too_large');
      }
    });

    it('answers texts with unicode tricks either as plain text or with 400, never 5xx', async () => {
      const tricks = ['Dealer \u202Eevil\u202C', 'Zero\u200Bwidth\u200DName', 'Lone \uD800 half', 'Emoji 🛠️ 🔩', 'Combining e\u0301\u0301', '\uFEFFBOM'];
      for (const text of tricks) {
        const profile = await ctx.t.app.inject({
          method: 'PATCH',
          url: `/api/user/${ctx.customer.email}`,
          headers: ctx.customer.auth,
          payload: { address: `${text} street`, phone: '+1 555 0100', userName: text },
        });
        expectSafe(profile, `profile ${JSON.stringify(text)}`);
        const review = await ctx.t.app.inject({
          method: 'POST',
          url: '/api/reviews',
          headers: ctx.customer.auth,
          payload: { review: `${text} and twenty more characters`, rating: 3 },
        });
        expectSafe(review, `review ${JSON.stringify(text)}`);
      }
    });

    it('never matches another account through look-alike, invisible or overlong e-mails in the path', async () => {
      const [local, domain] = ctx.admin.email.split('@') as [string, string];
      const lookAlikes = [
        `${local}\u200B@${domain}`,
        `${local}@${domain}\u0000`,
        ` ${ctx.admin.email}`,
        `${local}@${domain.replace('e', 'е')}`,
        `${ctx.admin.email}%00`,
        `${'a'.repeat(250)}${ctx.admin.email}`,
        `${local}+x@${domain}`,
      ];
      for (const email of lookAlikes) {
        for (const res of [
          await ctx.t.app.inject({ url: `/api/users/${encodeURIComponent(email)}`, headers: ctx.customer.auth }),
          await ctx.t.app.inject({ url: `/api/orders/${encodeURIComponent(email)}`, headers: ctx.customer.auth }),
          await ctx.t.app.inject({
            method: 'PATCH',
            url: `/api/user/${encodeURIComponent(email)}`,
            headers: ctx.customer.auth,
            payload: { address: 'x street', phone: '+1 555 0100' },
          }),
        ]) {
          expectSafe(res, JSON.stringify(email));
          expect(res.statusCode, JSON.stringify(email)).toBeGreaterThanOrEqual(400);
        }
      }
    });

    it('signs in an account whose identity-provider name carries NUL, direction and zero-width characters', async () => {
      for (const name of ['Evil\u0000Name', '\u202Enimda', 'Zero\u200BWidth']) {
        const email = uniqueEmail('odd-name');
        const { idToken } = await emulatorSignUp(email, `pw-${randomUUID()}`, name);
        const res = await ctx.t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers: { authorization: `Bearer ${idToken}` }, payload: { email } });
        expectSafe(res, JSON.stringify(name));
        expect(res.statusCode, JSON.stringify(name)).toBe(200);
      }
    });

    it('refuses bodies that are not JSON: other content types, broken JSON, empty bodies', async () => {
      const endpoint = ENDPOINTS.find((e) => e.route === 'POST /api/orders') as Endpoint;
      const valid = JSON.stringify(endpoint.body?.(ctx));
      const cases: [string, string][] = [
        ['text/plain', valid],
        ['application/x-www-form-urlencoded', 'productId=1&orderQuantity=1'],
        ['application/xml', '<order/>'],
        ['multipart/form-data; boundary=x', '--x--'],
        ['application/json', '{"productId":'],
        ['application/json', ''],
        ['application/json', 'null'],
        ['application/json', '"a string"'],
        ['application/json', '[1,2,3]'],
      ];
      for (const [type, text] of cases) {
        const res = await send(endpoint, text, { 'content-type': type });
        expectSafe(res, `${type} ${text}`);
        expect([400, 415], `${type} ${text}`).toContain(res.statusCode);
      }
    });
  });
});
