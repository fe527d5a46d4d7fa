// Answers go out compressed when they are worth it (server/plugins/compression.ts): Brotli or gzip as the
// client accepts, `Vary: Accept-Encoding`, small answers plain. The catalogue keeps its own cached copies
// and its ETag (server/lib/catalogue-cache.ts), so it is compressed exactly once and still revalidates with
// a 304; an event stream is never compressed. Compressing does not touch the database, so PGlite covers it.

import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import compression, { COMPRESS_MIN_BYTES } from '../../server/plugins/compression';
import { useTestApp } from '../helpers/use-test-app';

const BOTH = { 'accept-encoding': 'gzip, deflate, br' };

describe('compressed answers', () => {
  const { t } = useTestApp('pglite');

  beforeAll(async () => {
    for (let i = 0; i < 30; i += 1) await t.createProduct({ name: `Compression Drill ${i}`, sku: `FL-CMP${String(i).padStart(3, '0')}`, category: 'Drills' });
  });

  it('sends a large JSON answer in Brotli, or gzip, or plain, as the client accepts', async () => {
    const url = '/api/products?page=1&pageSize=24';
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const page = plain.json() as { items: unknown[] };
    expect(page.items).toHaveLength(24);

    const br = await t.app.inject({ url, headers: BOTH });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/iu);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(page);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(page);

    const none = await t.app.inject({ url });
    expect(none.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the changes feed of the offline catalogue', async () => {
    const res = await t.app.inject({ url: '/api/products/changes?since=0', headers: BOTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const changes = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as { products: unknown[] };
    expect(changes.products.length).toBeGreaterThanOrEqual(30);
  });

  it('leaves a small answer plain', async () => {
    const res = await t.app.inject({ url: '/api/healthz', headers: BOTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: expect.any(String) as unknown });
  });

  it('compresses the whole catalogue once, with one ETag for every encoding, and answers 304 to it', async () => {
    await expect.poll(async () => ((await t.app.inject('/api/products')).json() as unknown[]).length).toBeGreaterThanOrEqual(30);
    const plain = await t.app.inject({ url: '/api/products', headers: { 'accept-encoding': 'identity' } });
    const br = await t.app.inject({ url: '/api/products', headers: BOTH });
    const gz = await t.app.inject({ url: '/api/products', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    // Decoded once, each is the catalogue itself: nothing compressed it a second time.
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toMatch(/accept-encoding/iu);
    const etag = plain.headers.etag;
    expect(etag).toMatch(/^".+"$/u);
    expect(br.headers.etag).toBe(etag);
    expect(gz.headers.etag).toBe(etag);

    const again = await t.app.inject({ url: '/api/products', headers: { ...BOTH, 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-encoding']).toBeUndefined();
  });
});

describe('compression of streams', () => {
  it('never compresses an event stream, and compresses a large text stream', async () => {
    const app = Fastify({ logger: false });
    await app.register(compression);
    const events = 'data: {"paid":1}\n\n'.repeat(200);
    app.get('/events', async (_request, reply) => reply.type('text/event-stream; charset=utf-8').send(Readable.from([events])));
    app.get('/report', async (_request, reply) => reply.type('text/csv; charset=utf-8').send(Readable.from([events])));
    try {
      const stream = await app.inject({ url: '/events', headers: BOTH });
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(stream.body).toBe(events);
      const report = await app.inject({ url: '/report', headers: BOTH });
      expect(report.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(report.rawPayload).toString()).toBe(events);
    } finally {
      await app.close();
    }
  });
});
