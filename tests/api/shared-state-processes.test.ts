// Two server processes on one PostgreSQL database and one Redis, behind a round-robin proxy, as a shop
// that outgrew one process runs them (docs/decisions/012-shared-state-for-several-processes.md): a
// picture uploaded through one is served by the other, a rate limit holds across both, an unpaid order
// expires exactly once, and a catalogue change made through one is seen through the other.

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { findProduct, insertProduct } from '../../server/repositories/products';
import { databaseImageStore } from '../../server/images/storage';
import { http } from '../helpers/http';
import { mintUser, type MintedUser } from '../helpers/minted-users';
import { orderBody } from '../helpers/orders';
import { storeTestPicture } from '../helpers/pictures';
import { untilRedisUp } from '../helpers/redis';
import { roundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy';
import { usePostgresProcesses } from '../helpers/postgres-processes';
import type { ServerProcess } from '../helpers/server-process';
import '../setup/provided';

const PORTS = [3391, 3392] as const;
const PROXY_PORT = 3393;
const SECRET = 'shared-state-secret-that-is-long-enough-for-hs256';
const ORDER_LIMIT = 6;

const postgresUrl = inject('postgresUrl');
const postgresTemplate = inject('postgresTemplate');
const redisUrl = inject('redisUrl');
const missing = [
  postgresUrl && postgresTemplate ? null : 'no PostgreSQL on DATABASE_URL or localhost:5432',
  redisUrl ? null : 'no Redis on REDIS_URL or localhost:6379',
].filter(Boolean);
const skipReason = missing.length > 0 ? ` (skipped: ${missing.join('; ')})` : '';

const description =
  'A cordless 18 V impact driver with three speeds, a quarter-inch hex chuck and an LED ring light, packed for dealers in cartons of ten. '.repeat(2);

describe.skipIf(missing.length > 0)(`two server processes behind a round-robin proxy, on one PostgreSQL and one Redis${skipReason}`, () => {
  let proxy: RoundRobinProxy;
  const cluster = usePostgresProcesses({
    ports: PORTS,
    secret: SECRET,
    env: {
      REDIS_URL: redisUrl ?? '',
      // The proxy sends X-Forwarded-For, as a load balancer does.
      TRUST_PROXY: 'true',
      RATE_LIMIT_ORDERS_PER_MINUTE: String(ORDER_LIMIT),
      // A hold of 3.6 seconds and the job every second in both processes.
      UNPAID_ORDER_TTL_HOURS: '0.001',
      JOBS_INTERVAL_SECONDS: '1',
    },
    beforeStop: () => proxy?.close(),
  });
  let admin: MintedUser;

  beforeAll(async () => {
    // Ready means the database answers; the limits are shared once each process also has its Redis connection.
    for (const server of cluster.servers) await untilRedisUp(async () => (await http<{ redis?: string }>(server.url, 'GET', '/api/readyz')).body);
    proxy = await roundRobinProxy(
      cluster.servers.map((s) => s.url),
      PROXY_PORT,
    );
    admin = await mintUser(cluster.database.db, SECRET, { admin: true });
  }, 60_000);

  it('say at start-up that pictures are in PostgreSQL and rate limits in Redis, and report both ready', async () => {
    for (const server of cluster.servers) {
      expect(server.output()).toContain('Pictures: in PostgreSQL, served by every process');
      expect(server.output()).toMatch(/Rate limits: counted in Redis at [^\s]+, shared by every process\n/u);
      const ready = await http(server.url, 'GET', '/api/readyz');
      expect(ready.body).toEqual({ status: 'ready', database: 'postgres', redis: 'up' });
    }
  });

  it('serves a picture uploaded through one process from the other', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1864ab' } })
      .png()
      .toBuffer();
    const boundary = `----shared${randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="driver.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await fetch(`${proxy.url}/api/images`, {
      method: 'POST',
      headers: { ...admin.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(uploaded.status).toBe(201);
    const uploader = Number(uploaded.headers.get('x-backend'));
    const { data } = (await uploaded.json()) as { data: { url: string } };

    const other = cluster.servers[1 - uploader] as ServerProcess;
    const direct = await fetch(`${other.url}${data.url}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/webp');
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await direct.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    const etag = direct.headers.get('etag') ?? '';
    expect((await fetch(`${other.url}${data.url}`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // Through the proxy, both processes answer with the same bytes.
    const backends = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const res = await fetch(`${proxy.url}${data.url}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      backends.add(res.headers.get('x-backend') ?? '');
    }
    expect([...backends].sort()).toEqual(['0', '1']);
  });

  it(`holds the order limit across both: ${ORDER_LIMIT + 1} orders at once through the proxy get exactly one 429`, async () => {
    const productId = await insertProduct(cluster.database.db, {
      name: 'Shared Limit Driver',
      description,
      imageUrl: `/uploads/${'c'.repeat(64)}.webp`,
      price: 30,
      available: 1000,
      minOrder: 1,
    });
    const dealer = await mintUser(cluster.database.db, SECRET);
    const answers = await Promise.all(
      Array.from({ length: ORDER_LIMIT + 1 }, () =>
        fetch(`${proxy.url}/api/orders`, {
          method: 'POST',
          headers: { ...dealer.auth, 'content-type': 'application/json' },
          body: JSON.stringify(orderBody({ productId, orderQuantity: 2 })),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array<number>(ORDER_LIMIT).fill(201), 429]);
    expect(new Set(answers.map((a) => a.headers.get('x-backend')))).toEqual(new Set(['0', '1']));
    const limited = answers.find((a) => a.status === 429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited?.json()).toMatchObject({
      error: { code: 'rate_limited', message: 'Too many orders in a minute. Please wait a moment and try again.' },
    });
    // The next one, on whichever process, is refused too, and nothing was reserved for the refused ones.
    for (const server of cluster.servers) {
      const again = await http(server.url, 'POST', '/api/orders', { auth: dealer.auth, body: orderBody({ productId, orderQuantity: 2 }) });
      expect(again.status).toBe(429);
    }
    const placed = await cluster.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.userId} = ${dealer.id}`);
    // Orders of this test may already have expired (a hold of 3.6 seconds): none beyond the limit exists.
    expect(placed[0]?.n).toBeLessThanOrEqual(ORDER_LIMIT);
  });

  it('releases an unpaid order placed through the proxy exactly once, with both processes running the job', async () => {
    const productId = await insertProduct(cluster.database.db, {
      name: 'Shared Expiry Grinder',
      description,
      imageUrl: `/uploads/${'d'.repeat(64)}.webp`,
      price: 25,
      available: 50,
      minOrder: 1,
    });
    const dealer = await mintUser(cluster.database.db, SECRET);
    const placed = await http<{ insertedId: string }>(proxy.url, 'POST', '/api/orders', {
      auth: dealer.auth,
      body: orderBody({ productId, orderQuantity: 5 }),
    });
    expect(placed.status).toBe(201);
    expect((await findProduct(cluster.database.db, productId))?.available).toBe(45);
    await expect
      .poll(
        async () =>
          (
            await cluster.database.db
              .select({ n: sql<number>`count(*)::int` })
              .from(orders)
              .where(sql`${orders.id} = ${placed.body.insertedId}`)
          )[0]?.n,
        { timeout: 30_000, interval: 200 },
      )
      .toBe(0);
    expect((await findProduct(cluster.database.db, productId))?.available).toBe(50);
    // A few more runs in each process change nothing: the stock came back once.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await findProduct(cluster.database.db, productId))?.available).toBe(50);
    const mine = await http<unknown[]>(proxy.url, 'GET', `/api/orders/${dealer.email}`, { auth: dealer.auth });
    expect(mine.body).toEqual([]);
  }, 60_000);

  it('shows a catalogue change made through one process through the other', async () => {
    const name = `Shared Catalogue Saw ${randomBytes(3).toString('hex')}`;
    const created = await fetch(`${proxy.url}/api/products`, {
      method: 'POST',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        description,
        price: 210,
        availableQnt: 40,
        minOrderQnt: 2,
        imageUrl: await storeTestPicture(databaseImageStore(cluster.database.db)),
      }),
    });
    expect(created.status).toBe(201);
    const writer = Number(created.headers.get('x-backend'));
    const { insertedId } = (await created.json()) as { insertedId: string };
    const names = async (server: ServerProcess) =>
      ((await http<{ _id: string; name: string }[]>(server.url, 'GET', '/api/products')).body ?? []).map((p) => p.name);

    const reader = cluster.servers[1 - writer] as ServerProcess;
    await expect.poll(() => names(reader), { timeout: 5000, interval: 50 }).toContain(name);

    // And back: deleted through the other process, gone from the first one's cached catalogue.
    expect((await http(reader.url, 'DELETE', `/api/products/${insertedId}`, { auth: admin.auth })).status).toBe(200);
    await expect.poll(() => names(cluster.servers[writer] as ServerProcess), { timeout: 5000, interval: 50 }).not.toContain(name);
  });
});
