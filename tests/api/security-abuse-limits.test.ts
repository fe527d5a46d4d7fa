// Abuse limits: the token exchange and order creation are rate-limited (429 with Retry-After), JSON
// bodies and uploads have size limits, and a refused request leaves no trace.

import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../src/contract/constants';
import { findProduct } from '../../server/repositories/products';
import { ORDER_BODY_LIMIT } from '../../server/routes/orders';
import { mintUser, type MintedUser } from '../helpers/minted-users';
import { orderBody } from '../helpers/orders';
import { describeEachDatabase } from '../helpers/use-test-app';
import { createTestApp, emulatorSignUp, uniqueEmail, type TestApp } from '../helpers/test-app';

const LIMITS = { rateLimits: { tokenPerMinute: 3, ordersPerMinute: 3 } };

function expectRateLimited(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect((res.json() as { error: { code: string } }).error.code).toBe('rate_limited');
}

function multipart(parts: { field: string; filename?: string; data: Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----limits${randomBytes(6).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"${part.filename ? `; filename="${part.filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n`,
    ),
    part.data,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('abuse limits', (kind) => {
  describe('token exchange', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, LIMITS);
    });
    afterAll(async () => {
      await t?.close();
    });

    const exchange = (email: string, idToken: string, remoteAddress: string) =>
      t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers: { authorization: `Bearer ${idToken}` }, payload: { email }, remoteAddress });

    it('answers the fourth attempt from one address in a minute with 429 and Retry-After, forged tokens included', async () => {
      const email = uniqueEmail('limited');
      const { idToken } = await emulatorSignUp(email, `pw-${randomUUID()}`, 'Limited Dealer');
      expect((await exchange(email, idToken, '10.0.0.1')).statusCode).toBe(200);
      expect((await exchange(email, 'forged.token.value', '10.0.0.1')).statusCode).toBe(401);
      expect((await exchange(email, idToken, '10.0.0.1')).statusCode).toBe(200);
      expectRateLimited(await exchange(email, idToken, '10.0.0.1'));
      // Another address is counted on its own.
      expect((await exchange(uniqueEmail('other'), 'forged.token.value', '10.0.0.2')).statusCode).toBe(401);
    });

    it('answers the fourth token for one e-mail in a minute with 429, whatever the address', async () => {
      const email = uniqueEmail('spread');
      const { idToken } = await emulatorSignUp(email, `pw-${randomUUID()}`, 'Spread Dealer');
      for (let i = 0; i < 3; i += 1) expect((await exchange(email, idToken, `10.1.0.${i + 1}`)).statusCode).toBe(200);
      expectRateLimited(await exchange(email, idToken, '10.1.0.9'));
    });
  });

  describe('order creation', () => {
    let t: TestApp;
    let first: MintedUser;
    let second: MintedUser;
    let productId: string;
    beforeAll(async () => {
      t = await createTestApp(kind, LIMITS);
      [first, second] = await Promise.all([mintUser(t.database.db, t.config.accessTokenSecret), mintUser(t.database.db, t.config.accessTokenSecret)]);
      productId = await t.createProduct({ available: 100, minOrder: 1, price: 25 });
    });
    afterAll(async () => {
      await t?.close();
    });

    const post = (user: MintedUser, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/orders', headers: user.auth, payload: body });

    it('answers the fourth order of one customer in a minute with 429 and Retry-After, and reserves nothing for it', async () => {
      for (let i = 0; i < 3; i += 1) expect((await post(first, orderBody({ productId, orderQuantity: 2 }))).statusCode).toBe(201);
      const stock = (await findProduct(t.database.db, productId))?.available;
      expectRateLimited(await post(first, orderBody({ productId, orderQuantity: 2 })));
      // Bodies that would be refused anyway are counted too, so the limit cannot be probed for free.
      expectRateLimited(await post(first, { nonsense: true }));
      expect((await findProduct(t.database.db, productId))?.available).toBe(stock);
      const mine = (await t.app.inject({ url: `/api/orders/${first.email}`, headers: first.auth })).json() as unknown[];
      expect(mine).toHaveLength(3);
    });

    it('counts each customer on their own', async () => {
      expect((await post(second, orderBody({ productId, orderQuantity: 1 }))).statusCode).toBe(201);
    });
  });

  describe('body and upload sizes', () => {
    let t: TestApp;
    let admin: MintedUser;
    let customer: MintedUser;
    beforeAll(async () => {
      t = await createTestApp(kind);
      [admin, customer] = await Promise.all([
        mintUser(t.database.db, t.config.accessTokenSecret, { admin: true }),
        mintUser(t.database.db, t.config.accessTokenSecret),
      ]);
    });
    afterAll(async () => {
      await t?.close();
    });

    const uploads = async () => readdir(t.config.uploadsDir).catch(() => [] as string[]);

    it('refuses a JSON body one byte over 64 KiB with 413 on every JSON route (an order, a saved list, a quote request and its prices: over their own limit), and reads one just under it', async () => {
      const routes = t.app.registeredRoutes.filter(
        (r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.url.startsWith('/api/') && !['/api/images', '/api/webhooks/stripe'].includes(r.url),
      );
      expect(routes.length).toBeGreaterThan(5);
      expect(ORDER_BODY_LIMIT).toBeGreaterThan(64 * 1024);
      const body = (size: number) => {
        const text = JSON.stringify({ padding: '' });
        return JSON.stringify({ padding: 'p'.repeat(size - text.length) });
      };
      for (const route of routes) {
        const url = route.url.replace(':email', customer.email).replace(':id', randomUUID());
        // An order of a thousand lines is larger than any other body; a saved list (decision 054), a quote request and
        // the shop's prices for it (decision 058) hold as many.
        const orderSized = ['POST /api/orders', 'PUT /api/company/saved-lists/:id', 'POST /api/quotes', 'POST /api/quotes/:id/answer'];
        const limit = orderSized.includes(`${route.method} ${route.url}`) ? ORDER_BODY_LIMIT : 64 * 1024;
        const headers = {
          ...(route.url.includes('admin') || route.url === '/api/products' || route.url === '/api/orders/:id' ? admin.auth : customer.auth),
          'content-type': 'application/json',
        };
        const over = await t.app.inject({ method: route.method as 'POST', url, headers, payload: body(limit + 1) });
        expect(over.statusCode, `${route.method} ${route.url}`).toBe(413);
        expect((over.json() as { error: { code: string } }).error.code).toBe('payload_too_large');
        const under = await t.app.inject({ method: route.method as 'POST', url, headers, payload: body(limit) });
        expect(under.statusCode, `${route.method} ${route.url}`).not.toBe(413);
        expect(under.statusCode).toBeLessThan(500);
      }
    });

    it('refuses a webhook body over 512 KiB with 413', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: Buffer.alloc(512 * 1024 + 1, 0x20),
      });
      expect(res.statusCode).toBe(413);
    });

    it('refuses an image over 5 MB (413), two files or an extra field (400), and a multipart body on a JSON route (415), storing nothing', async () => {
      const before = await uploads();
      const tooBig = multipart([{ field: 'image', filename: 'big.png', data: Buffer.alloc(IMAGE_MAX_BYTES + 1, 1) }]);
      const big = await t.app.inject({ method: 'POST', url: '/api/images', headers: { ...admin.auth, ...tooBig.headers }, payload: tooBig.payload });
      expect(big.statusCode).toBe(413);
      expect((big.json() as { error: { code: string } }).error.code).toBe('payload_too_large');

      const small = Buffer.from('not really a picture');
      for (const parts of [
        [
          { field: 'image', filename: 'a.png', data: small },
          { field: 'image', filename: 'b.png', data: small },
        ],
        [
          { field: 'note', data: Buffer.from('hello') },
          { field: 'image', filename: 'a.png', data: small },
        ],
      ]) {
        const body = multipart(parts);
        const res = await t.app.inject({ method: 'POST', url: '/api/images', headers: { ...admin.auth, ...body.headers }, payload: body.payload });
        expect(res.statusCode, res.body).toBe(400);
      }

      const onJson = multipart([{ field: 'image', filename: 'a.png', data: small }]);
      const json = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...customer.auth, ...onJson.headers }, payload: onJson.payload });
      expect(json.statusCode).toBe(415);
      expect(await uploads()).toEqual(before);
    });
  });
});
