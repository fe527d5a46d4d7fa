// The built PWA as the server sends it: pre-compressed scripts for browsers that accept them, hashed
// assets cached for a year, the shell revalidated, client routes falling back to index.html, and the
// screens' frames (the dashboard's as files, the purchase page's filled in with its tool). Only the
// purchase page's preload hint reads the database, one product by its id: PGlite alone covers it.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { PRODUCT_FRAME_FIELDS, SCREEN_FRAME_FILES } from '../../src/contract/screen-frames';
import { useTestApp } from '../helpers/use-test-app';

const SCRIPT = `export const tools = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `tool ${i}`))};\n`;

/** A built PWA as vite leaves it: the shell and a script with its pre-compressed copies. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'forgeline-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Forgeline</title>');
  writeFileSync(path.join(dir, 'assets', 'home-abc123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'home-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets', 'home-abc123.js.gz'), gzipSync(SCRIPT));
  return dir;
}

describe('static PWA files', () => {
  let dir = '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const { t } = useTestApp('pglite', {
    config: () => {
      dir = fakeBuild();
      return { staticDir: dir };
    },
  });

  test('a browser that accepts brotli gets the .br copy, cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/home-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/u);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/iu);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  test('gzip when brotli is not accepted, the plain file when nothing is', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/home-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/home-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test("the purchase page's shell preloads the product's picture, in the widths and sizes the page shows", async () => {
    const hash = 'b'.repeat(64);
    const id = await t.createProduct({ imageUrl: `/uploads/${hash}.webp` });
    const res = await t.app.inject({ method: 'GET', url: `/products/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Forgeline</title>');
    const link = String(res.headers.link);
    expect(link).toMatch(new RegExp(`^</uploads/${hash}\\.webp>; rel=preload; as=image; fetchpriority=high; `, 'u'));
    expect(link).toContain(
      `imagesrcset="/uploads/${hash}-320w.webp 320w, /uploads/${hash}-640w.webp 640w, /uploads/${hash}-960w.webp 960w, /uploads/${hash}.webp 1200w"`,
    );
    expect(link).toContain('imagesizes="(min-width: 1280px) 600px, (min-width: 992px) calc((100vw - 80px) / 2), calc(100vw - 32px)"');
    // No hint where there is no such product, no picture this server stores, or no product page.
    const elsewhere = await t.createProduct({ imageUrl: 'https://pictures.example.com/drill.png' });
    for (const url of [
      `/products/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
      `/products/${elsewhere}`,
      '/products/abc',
      '/login',
      '/dashboard/my-orders',
    ]) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(200);
      expect(other.headers.link, url).toBeUndefined();
    }
  });

  test('the shell is revalidated and client routes fall back to it', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/' });
    expect(shell.headers['cache-control']).toBe('no-cache');
    const route = await t.app.inject({ method: 'GET', url: '/blogs' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Forgeline</title>');
  });
});

/** A build with its prerendered public pages (vite.config.ts, prerenderPublicPages). */
function prerenderedBuild(): string {
  const dir = fakeBuild();
  mkdirSync(path.join(dir, 'prerendered'));
  for (const [file, title] of [
    ['home.html', 'Home'],
    ['blogs.html', 'Blogs'],
    ['portfolio.html', 'Portfolio'],
    ['not-found.html', 'Page Not Found'],
  ] as const) {
    const html = `<!doctype html><title>${title}</title><div id="root" data-prerendered-route="x"><h1>${title}</h1></div>`;
    writeFileSync(path.join(dir, 'prerendered', file), html);
    writeFileSync(path.join(dir, 'prerendered', `${file}.br`), brotliCompressSync(html));
  }
  mkdirSync(path.join(dir, 'prerendered', 'frames'));
  for (const file of SCREEN_FRAME_FILES) writeFileSync(path.join(dir, 'prerendered', file), `<!doctype html><title>Frame</title><p>${file}</p>`);
  writeFileSync(path.join(dir, 'prerendered', 'frames', 'product.html'), PRODUCT_TEMPLATE);
  return dir;
}

const fields = PRODUCT_FRAME_FIELDS;
/** Over the 1 KiB the server compresses from, as the built frame is. */
const FRAME_TEXT = `<p>${'Forgeline power tools. '.repeat(60)}</p>`;
const PRODUCT_TEMPLATE = `<!doctype html><title>Tool</title><div id="root" data-frame-product-id="${fields.id}"><img src="${fields.src}" srcset="${fields.srcSet}" alt="${fields.name}"><h1>${fields.name}</h1>${FRAME_TEXT}</div>`;

describe('prerendered public pages and screen frames', () => {
  let dir = '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const { t } = useTestApp('pglite', {
    config: () => {
      dir = prerenderedBuild();
      return { staticDir: dir };
    },
  });
  const get = (url: string, encoding = 'identity') => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  test('home, Blogs and Portfolio come as their prerendered HTML, revalidated, compressed when accepted', async () => {
    for (const [url, title] of [
      ['/', 'Home'],
      ['/blogs', 'Blogs'],
      ['/blogs/', 'Blogs'],
      ['/portfolio?from=footer', 'Portfolio'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/u);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(`<h1>${title}</h1>`);
    }
    const br = await get('/', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/iu);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Home</h1>');
  });

  test('client routes get the shell; a path no route knows gets the not-found page with a 404', async () => {
    for (const url of ['/products/abc', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<!doctype html><title>Forgeline</title>');
    }
    for (const url of ['/no-such-page', '/products', '/blogs/2024/old-post', '/login/extra']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/u);
      expect(res.body, url).toContain('<h1>Page Not Found</h1>');
    }
    // The API and pictures keep their own not-found answers.
    expect((await get('/api/nope')).json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await get('/uploads/nope.webp')).statusCode).toBe(404);
  });

  test("dashboard and sign-in screens get their frame, revalidated; the dashboard's other paths the untitled one", async () => {
    for (const [url, file] of [
      ['/login', 'frames/login.html'],
      ['/register?redirect=%2Fjoin%2Fabc', 'frames/register.html'],
      ['/dashboard', 'frames/dashboard-profile.html'],
      ['/dashboard/', 'frames/dashboard-profile.html'],
      ['/dashboard/my-orders', 'frames/dashboard-my-orders.html'],
      ['/dashboard/manage-orders?page=2', 'frames/dashboard-manage-orders.html'],
      ['/dashboard/payment/0b6f2c1e-5d0a-4c0e-9d7a-1f2e3d4c5b6a', 'frames/dashboard.html'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/u);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(`<!doctype html><title>Frame</title><p>${file}</p>`);
    }
  });

  test("the purchase page's frame carries the tool's picture and name, escaped, with the picture's preload", async () => {
    const hash = 'c'.repeat(64);
    const name = 'Drill "Pro" <18V> & more';
    const id = await t.createProduct({ name, imageUrl: `/uploads/${hash}.webp` });
    const res = await get(`/products/${id}`, 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/u);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.link)).toMatch(new RegExp(`^</uploads/${hash}\\.webp>; rel=preload; as=image`, 'u'));
    const html = brotliDecompressSync(res.rawPayload).toString();
    const escaped = 'Drill &quot;Pro&quot; &lt;18V&gt; &amp; more';
    expect(html).toBe(
      `<!doctype html><title>Tool</title><div id="root" data-frame-product-id="${id}"><img src="/uploads/${hash}.webp" srcset="/uploads/${hash}-320w.webp 320w, /uploads/${hash}-640w.webp 640w, /uploads/${hash}-960w.webp 960w, /uploads/${hash}.webp 1200w" alt="${escaped}"><h1>${escaped}</h1>${FRAME_TEXT}</div>`,
    );
  });

  test('a tool that does not exist, or whose picture this server does not store, gets the shell', async () => {
    const elsewhere = await t.createProduct({ imageUrl: 'https://pictures.example.com/drill.png' });
    for (const url of [`/products/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, `/products/${elsewhere}`, '/products/abc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<!doctype html><title>Forgeline</title>');
    }
  });
});
