// HTTP hardening: security headers on every kind of answer, a CSP that names Stripe only when Stripe is
// configured, HSTS only in production, no framework banner, no CORS, no directory listings, personal
// answers never cached, and /uploads serving only our own content-hashed WebP images, over real HTTP.

import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config';
import { rowsOf } from '../../server/db/rows';
import { markOrderPaid } from '../../server/services/orders';
import { mintUser, type MintedUser } from '../helpers/minted-users';
import { orderBody } from '../helpers/orders';
import { createTestApp, type TestApp } from '../helpers/test-app';

const HASH = 'ab'.repeat(32);
const WEBP = Buffer.from('RIFF\u0024\u0000\u0000\u0000WEBPVP8 fake-but-ours', 'latin1');
const SECRET = 'top-secret-value-never-served';

/** A built PWA as vite leaves it: the shell, a hashed asset, the manifest and the worker. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'forgeline-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Forgeline</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dir, 'assets', 'index-3f9a2c1d.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'assets', 'index-77aa00bb.css'), 'body{}');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{}');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install",()=>{})');
  return dir;
}

/** The uploads folder with our image beside things that must never be served from it. */
function plantUploads(config: AppConfig): void {
  mkdirSync(config.uploadsDir, { recursive: true });
  writeFileSync(path.join(config.uploadsDir, `${HASH}.webp`), WEBP);
  writeFileSync(path.join(config.uploadsDir, `${HASH}.html`), '<script>alert(1)</script>');
  writeFileSync(path.join(config.uploadsDir, 'evil.html'), '<script>alert(1)</script>');
  writeFileSync(path.join(config.uploadsDir, 'photo.webp'), WEBP);
  writeFileSync(path.join(config.uploadsDir, `${HASH.toUpperCase()}.webp`), WEBP);
  writeFileSync(path.join(config.uploadsDir, '.htaccess'), SECRET);
  writeFileSync(path.join(config.dataDir, 'access-token-secret'), SECRET);
}

/** GET over a real socket with the path sent byte for byte (fetch would normalise the dots). */
function rawGet(
  base: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method: 'GET', path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function csp(headers: Record<string, unknown>): Map<string, string[]> {
  const text = String(headers['content-security-policy'] ?? '');
  return new Map(
    text
      .split(';')
      .map((d) => d.trim().split(/\s+/u))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('HTTP hardening', () => {
  let t: TestApp;
  let base: string;
  let customer: MintedUser;
  let admin: MintedUser;
  let rep: MintedUser;

  beforeAll(async () => {
    t = await createTestApp('pglite', { staticDir: fakeBuild() });
    plantUploads(t.config);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    [customer, admin, rep] = await Promise.all([
      mintUser(t.database.db, t.config.accessTokenSecret),
      mintUser(t.database.db, t.config.accessTokenSecret, { admin: true }),
      mintUser(t.database.db, t.config.accessTokenSecret),
    ]);
    await t.database.db.execute(sql`update users set role = 'rep' where id = ${rep.id}::uuid`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const SAMPLES = [
    '/',
    '/login',
    '/dashboard/my-orders',
    '/assets/index-3f9a2c1d.js',
    '/sw.js',
    '/api/products',
    '/api/no-such-route',
    `/uploads/${HASH}.webp`,
    '/uploads/evil.html',
    '/api/products/%zz',
  ];

  it('sends the security headers on pages, assets, API answers, errors and images', async () => {
    for (const url of SAMPLES) {
      const res = await rawGet(base, url);
      expect(res.status, url).toBeLessThan(500);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      expect(res.headers.server, url).toBeUndefined();
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      const policy = csp(res.headers);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('base-uri'), url).toEqual(["'self'"]);
      const scripts = policy.get('script-src') ?? [];
      expect(scripts, url).toContain("'self'");
      // WebAssembly may be compiled (the camera's barcode reader); script may never be evaluated or inlined.
      expect(scripts, url).toContain("'wasm-unsafe-eval'");
      expect(scripts.filter((source) => source !== "'wasm-unsafe-eval'").join(' '), url).not.toMatch(/unsafe-inline|unsafe-eval|\*/u);
      expect(String(res.headers['content-security-policy']), url).not.toContain('stripe');
    }
  });

  it('names Stripe in the CSP only when Stripe is configured, and sends HSTS only in production', async () => {
    const stripe = await createTestApp('pglite', {
      env: 'production',
      payments: { provider: 'stripe', secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: null, apiBase: null },
    });
    try {
      const res = await stripe.app.inject('/api/config');
      const policy = csp(res.headers);
      expect(policy.get('script-src')).toContain('https://js.stripe.com');
      expect(policy.get('frame-src')).toContain('https://js.stripe.com');
      expect(policy.get('connect-src')).toContain('https://api.stripe.com');
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await stripe.close();
    }
  });

  it('never lists a directory', async () => {
    for (const url of ['/uploads/', '/uploads', '/assets/', '/assets', '/uploads/?list', '/.git/', '/api/', '/node_modules/']) {
      const res = await rawGet(base, url);
      const body = res.body.toString('utf8');
      expect(body, url).not.toContain(HASH);
      expect(body, url).not.toContain('evil.html');
      expect(body, url).not.toContain('index-3f9a2c1d.js');
      expect(body, url).not.toMatch(/Index of|<ul>|directory/iu);
    }
    expect((await rawGet(base, '/uploads/')).status).toBe(404);
  });

  it('serves from /uploads only our content-hashed WebP images, whatever the path tricks', async () => {
    const ok = await rawGet(base, `/uploads/${HASH}.webp`);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(ok.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(ok.body.equals(WEBP)).toBe(true);

    const attempts = [
      `/uploads/${HASH}.html`,
      '/uploads/evil.html',
      '/uploads/photo.webp',
      `/uploads/${HASH.toUpperCase()}.webp`,
      '/uploads/.htaccess',
      `/uploads/${HASH}.webp%00.html`,
      `/uploads/${HASH}.webp/`,
      `/uploads/${HASH}.webp/..`,
      `/uploads/x/../${HASH}.html`,
      '/uploads/../access-token-secret',
      '/uploads/../../package.json',
      '/uploads/%2e%2e/access-token-secret',
      '/uploads/%2e%2e%2faccess-token-secret',
      '/uploads/..%2faccess-token-secret',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%252e%252e%252faccess-token-secret',
      '/uploads/..%5caccess-token-secret',
      '/uploads/....//access-token-secret',
      '/uploads/%c0%ae%c0%ae/access-token-secret',
      '/uploads//etc/passwd',
      '/uploads/%2fetc%2fpasswd',
      `/uploads/${HASH}%2ewebp`,
      `/uploads/${HASH}.WEBP`,
    ];
    for (const url of attempts) {
      const res = await rawGet(base, url);
      const body = res.body.toString('utf8');
      expect(body, url).not.toContain(SECRET);
      expect(body, url).not.toContain('<script>');
      expect(body, url).not.toContain('"name": "toolhub');
      expect(body, url).not.toContain('root:');
      if (res.status === 200) {
        // The only 200 allowed is our very image, reached through an equivalent spelling.
        expect(res.headers['content-type'], url).toBe('image/webp');
        expect(res.body.equals(WEBP), url).toBe(true);
      } else {
        expect(res.status, url).toBeGreaterThanOrEqual(400);
        expect(res.status, url).toBeLessThan(500);
      }
    }
  });

  it('answers no cross-origin requests: no CORS headers, no preflight, no TRACE echo', async () => {
    const res = await rawGet(base, '/api/products', { origin: 'https://evil.example' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/orders',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    const trace = await t.app.inject({ method: 'TRACE' as 'GET', url: '/api/products', headers: { 'x-echo': 'secret-cookie' } });
    expect(trace.body).not.toContain('secret-cookie');
  });

  it('marks every personal or admin answer as not to be stored by any cache', async () => {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.auth,
      payload: orderBody({ productId: await t.createProduct({ minOrder: 1 }), orderQuantity: 1 }),
    });
    const orderId = (placed.json() as { insertedId: string }).insertedId;
    // Paid, so that it has an invoice to download.
    await markOrderPaid(t.database.db, orderId, 'pi_cache_check');
    const [membership] = await rowsOf<{ companyId: string }>(
      t.database.db,
      sql`select company_id as "companyId" from company_members where user_id = ${customer.id}::uuid`,
    );
    const companyId = membership?.companyId ?? '';
    const priceList = await t.app.inject({
      method: 'POST',
      url: '/api/admin/price-lists',
      headers: admin.auth,
      payload: { name: 'Cache check list', currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 0 },
    });
    const priceListId = (priceList.json() as { id: string }).id;
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: customer.auth,
      payload: { clientQuoteId: randomUUID(), lines: [{ productId: await t.createProduct({ minOrder: 1 }), quantity: 2 }], message: '' },
    });
    const quoteId = (quote.json() as { id: string }).id;
    const personal: [string, MintedUser][] = [
      [`/api/users/${customer.email}`, customer],
      [`/api/orders/${customer.email}`, customer],
      [`/api/order/${orderId}`, customer],
      [`/api/orders/${orderId}/invoice`, customer],
      ['/api/orders', admin],
      ['/api/users', admin],
      ['/api/mail/failures', admin],
      ['/api/company', customer],
      [`/api/admin/companies/${companyId}`, admin],
      ['/api/admin/companies', admin],
      ['/api/admin/audit', admin],
      ['/api/admin/settings', admin],
      ['/api/admin/sales', admin],
      ['/api/admin/reps', admin],
      ['/api/rep/companies', rep],
      ['/api/admin/receivables', admin],
      ['/api/invoices', customer],
      ['/api/company/account', customer],
      ['/api/company/price-list', customer],
      ['/api/admin/price-lists', admin],
      [`/api/admin/price-lists/${priceListId}`, admin],
      ['/api/tax-rates', admin],
      ['/api/quotes', customer],
      [`/api/quotes/${quoteId}`, customer],
    ];
    const guardedGets = t.app.registeredRoutes.filter(
      (r) =>
        r.method === 'GET' &&
        /:email|:id|^\/api\/(orders|users|invoices|quotes|mail\/failures|tax-rates|company(\/account|\/price-list)?|(admin|rep)\/[a-z-]+)$/u.test(r.url) &&
        !r.url.startsWith('/api/products'),
    );
    expect(personal).toHaveLength(guardedGets.length);
    for (const [url, user] of personal) {
      const res = await t.app.inject({ url, headers: user.auth });
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['cache-control']), url).toContain('no-store');
    }
  });
});
