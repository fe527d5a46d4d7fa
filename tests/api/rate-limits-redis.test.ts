// Rate limits kept in Redis (docs/decisions/012-shared-state-for-several-processes.md): two apps count
// together, and a Redis that goes away takes nothing down. Meanwhile sign-in and orders pass uncounted
// (fail open), reviews are refused with 503 (fail closed) and readyz says "degraded"; once Redis is back
// every limit counts again.

import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mintUser, type MintedUser } from '../helpers/minted-users';
import { orderBody } from '../helpers/orders';
import { tcpRelay, untilRedisUp, type TcpRelay } from '../helpers/redis';
import { createTestApp, emulatorSignUp, uniqueEmail, type TestApp } from '../helpers/test-app';
import '../setup/provided';

const redisUrl = inject('redisUrl');
const SKIP_REASON = 'skipped: no Redis on REDIS_URL or localhost:6379';
const SIGN_IN_MESSAGE = 'Too many sign-in attempts. Please wait a minute and try again.';

/** An address no other test uses, so the shared per-IP counter starts at zero. */
const freshIp = () => `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;

const exchange = (t: TestApp, email: string, idToken: string, remoteAddress: string) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers: { authorization: `Bearer ${idToken}` }, payload: { email }, remoteAddress });

describe.skipIf(!redisUrl)(`rate limits in Redis${redisUrl ? '' : ` (${SKIP_REASON})`}`, () => {
  describe('shared by two apps', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const config = { redisUrl, rateLimits: { tokenPerMinute: 3, ordersPerMinute: 1000 } };
      [a, b] = await Promise.all([createTestApp('pglite', config), createTestApp('pglite', config)]);
      for (const t of [a, b]) await untilRedisUp(async () => (await t.app.inject('/api/readyz')).json());
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
    });

    it('counts the token exchange of one address across both: the fourth attempt in a minute is 429 on either', async () => {
      const ip = freshIp();
      for (const app of [a, b, a]) expect((await exchange(app, uniqueEmail(), 'forged.token.value', ip)).statusCode).toBe(401);
      for (const app of [b, a]) {
        const blocked = await exchange(app, uniqueEmail(), 'forged.token.value', ip);
        expect(blocked.statusCode).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(blocked.json()).toEqual({
          error: { code: 'rate_limited', message: SIGN_IN_MESSAGE, details: { retryAfterSeconds: Number(blocked.headers['retry-after']) } },
        });
      }
    });

    it('counts one e-mail across both, and only once its ID token is verified', async () => {
      const email = uniqueEmail('shared');
      const { idToken } = await emulatorSignUp(email, `pw-${randomUUID()}`, 'Shared Dealer');
      // Forged tokens for the address count against their own addresses only, never against the e-mail.
      for (const app of [a, b, a, b]) expect((await exchange(app, email, 'forged.token.value', freshIp())).statusCode).toBe(401);
      for (const app of [a, b, a]) expect((await exchange(app, email, idToken, freshIp())).statusCode).toBe(200);
      expect((await exchange(b, email, idToken, freshIp())).statusCode).toBe(429);
    });
  });

  describe('when Redis goes away and comes back', () => {
    let relay: TcpRelay;
    let t: TestApp;
    let productId: string;
    const ready = async () => (await t.app.inject('/api/readyz')).json() as { status: string; redis?: string };
    const order = (user: MintedUser) =>
      t.app.inject({ method: 'POST', url: '/api/orders', headers: user.auth, payload: orderBody({ productId, orderQuantity: 1 }) });
    const review = (user: MintedUser) =>
      t.app.inject({ method: 'POST', url: '/api/reviews', headers: user.auth, payload: { review: 'Solid drills, quick delivery.', rating: 5 } });

    beforeAll(async () => {
      relay = await tcpRelay(redisUrl ?? '');
      t = await createTestApp('pglite', { redisUrl: relay.url, rateLimits: { tokenPerMinute: 2, ordersPerMinute: 2 }, reviewsPerHour: 1 });
      productId = await t.createProduct({ available: 1000, minOrder: 1, price: 10 });
      await untilRedisUp(ready);
    });
    afterAll(async () => {
      await t?.close();
      await relay?.close();
    });

    it('reports Redis in readyz', async () => {
      const res = await t.app.inject('/api/readyz');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', database: 'pglite', redis: 'up' });
    });

    it('meanwhile lets orders and sign-in through uncounted, refuses reviews with 503, and stays ready', async () => {
      const dealer = await mintUser(t.database.db, t.config.accessTokenSecret);
      await relay.cut();
      await expect.poll(async () => (await ready()).redis, { timeout: 5000, interval: 100 }).toBe('down');

      const res = await t.app.inject('/api/readyz');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'degraded', database: 'pglite', redis: 'down' });

      // Fail open: twice the limit, all accepted.
      for (let i = 0; i < 4; i += 1) expect((await order(dealer)).statusCode).toBe(201);
      const ip = freshIp();
      for (let i = 0; i < 4; i += 1) expect((await exchange(t, uniqueEmail(), 'forged.token.value', ip)).statusCode).toBe(401);

      // Fail closed: a review waits for the store to come back.
      const refused = await review(dealer);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: { code: 'unavailable', message: 'Reviews cannot be posted for a moment. Please try again in a few minutes.' } });
      expect((await t.app.inject('/api/reviews')).json()).toEqual([]);
    });

    it('counts every limit again once Redis is back', async () => {
      await relay.restore();
      await expect.poll(async () => (await ready()).redis, { timeout: 10_000, interval: 100 }).toBe('up');
      const dealer = await mintUser(t.database.db, t.config.accessTokenSecret);
      expect((await review(dealer)).statusCode).toBe(201);
      expect((await review(dealer)).statusCode).toBe(429);
      for (let i = 0; i < 2; i += 1) expect((await order(dealer)).statusCode).toBe(201);
      expect((await order(dealer)).statusCode).toBe(429);
      const ip = freshIp();
      for (let i = 0; i < 2; i += 1) expect((await exchange(t, uniqueEmail(), 'forged.token.value', ip)).statusCode).toBe(401);
      expect((await exchange(t, uniqueEmail(), 'forged.token.value', ip)).statusCode).toBe(429);
    });
  });
});
