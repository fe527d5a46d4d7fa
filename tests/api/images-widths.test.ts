// Picture widths: an upload is stored with its narrower copies (never enlarged), /uploads/<hash>-<w>w.webp
// serves them immutable, a picture stored before copies existed gets them on first request, and the seeded
// catalogue's pictures have them too (docs/architecture.md, "Images").

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/services/seed';
import { listProducts } from '../../server/repositories/products';
import { IMAGE_MAX_WIDTH } from '../../src/contract/constants';
import { parsePictureUrl, PICTURE_WIDTHS, pictureUrl } from '../../src/contract/pictures';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

function multipartImage(data: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----forgeline${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="tool.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const widthOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).width;

describeEachDatabase('picture widths', (kind) => {
  const {
    t,
    users: { admin },
  } = useTestApp(kind, { users: { admin: { admin: true } } });

  const upload = async (data: Buffer): Promise<string> => {
    const body = multipartImage(data);
    const res = await t.app.inject({ method: 'POST', url: '/api/images', headers: { ...admin.auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    return (res.json() as { data: { url: string } }).data.url;
  };
  const hashOf = (url: string) => parsePictureUrl(url)?.hash ?? '';

  describe('an upload wider than every copy', () => {
    let url: string;
    beforeAll(async () => {
      const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#1c7ed6' } })
        .jpeg()
        .toBuffer();
      url = await upload(jpeg);
    });

    it('is stored with a copy at each width, each served as immutable WebP of that width', async () => {
      for (const width of PICTURE_WIDTHS) {
        const stored = await t.app.services.images.get(hashOf(url), width);
        expect(stored, `${width}`).not.toBeNull();
        const res = await t.app.inject(pictureUrl(hashOf(url), width));
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(await widthOf(res.rawPayload)).toBe(width);
        expect(res.rawPayload.equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);
      }
      const full = await t.app.inject(url);
      expect(await widthOf(full.rawPayload)).toBe(IMAGE_MAX_WIDTH);
    });

    it('gets smaller with the width: a card never downloads the purchase page picture', async () => {
      const sizes = await Promise.all(
        [...PICTURE_WIDTHS.map((w) => pictureUrl(hashOf(url), w)), url].map(async (u) => (await t.app.inject(u)).rawPayload.length),
      );
      expect([...sizes].sort((x, y) => x - y)).toEqual(sizes);
      expect(sizes[0]).toBeLessThan((sizes.at(-1) ?? 0) / 4);
    });

    it('revalidates a copy with 304 on its own ETag', async () => {
      const copy = pictureUrl(hashOf(url), 320);
      const res = await t.app.inject(copy);
      expect(res.headers.etag).toBe(`"${hashOf(url)}-320w"`);
      const again = await t.app.inject({ url: copy, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // The full picture's ETag does not revalidate a copy.
      expect((await t.app.inject({ url: copy, headers: { 'if-none-match': `"${hashOf(url)}"` } })).statusCode).toBe(200);
    });

    it('answers 404 for a width that is not one of ours and for the copies of a picture never stored', async () => {
      const hash = hashOf(url);
      for (const missing of [
        `/uploads/${hash}-500w.webp`,
        `/uploads/${hash}-0320w.webp`,
        `/uploads/${hash}-320.webp`,
        `/uploads/${hash}-320w.png`,
        `/uploads/${'0'.repeat(64)}-320w.webp`,
      ]) {
        const res = await t.app.inject(missing);
        expect(res.statusCode, missing).toBe(404);
        expect(res.json(), missing).toMatchObject({ error: { code: 'not_found' } });
      }
    });
  });

  it('never enlarges: a picture 500 px wide has a 320 px copy, and is its own copy at 640 and 960', async () => {
    const url = await upload(
      await sharp({ create: { width: 500, height: 375, channels: 3, background: '#e8590c' } })
        .jpeg()
        .toBuffer(),
    );
    const hash = hashOf(url);
    expect(await widthOf((await t.app.inject(pictureUrl(hash, 320))).rawPayload)).toBe(320);
    const full = (await t.app.inject(url)).rawPayload;
    for (const width of [640, 960] as const) {
      const res = await t.app.inject(pictureUrl(hash, width));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(full)).toBe(true);
      // Nothing is stored for it: the full picture answers.
      expect(await t.app.services.images.get(hash, width)).toBeNull();
    }
  });

  it('makes the copies of a picture stored before copies existed on first request, once, and keeps them', async () => {
    const webp = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2b8a3e' } })
      .webp()
      .toBuffer();
    const url = await t.app.services.images.put({ webp, widths: [] });
    const hash = hashOf(url);
    expect(await t.app.services.images.get(hash, 640)).toBeNull();
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.app.inject(pictureUrl(hash, 640))));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(await widthOf(res.rawPayload)).toBe(640);
      expect(res.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    }
    const kept = await t.app.services.images.get(hash, 640);
    expect(kept?.bytes.equals(answers[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    // The old single-width URL itself is unchanged.
    expect((await t.app.inject(url)).rawPayload.equals(webp)).toBe(true);
  });

  it('gives the seeded catalogue its copies too', async () => {
    expect(await seedCatalogue(t.database.db, t.app.services.images)).toBe(true);
    const seeded = await listProducts(t.database.db);
    expect(seeded.length).toBeGreaterThan(0);
    for (const product of seeded) {
      const hash = hashOf(product.imageUrl);
      expect(hash, product.imageUrl).toMatch(/^[a-f0-9]{64}$/u);
      // Seeded pictures are 800 px wide: copies at 320 and 640 are stored, 960 is the picture itself.
      for (const width of [320, 640] as const) {
        const copy = await t.app.services.images.get(hash, width);
        expect(copy, `${product.name} at ${width}`).not.toBeNull();
        expect(await widthOf(copy?.bytes ?? Buffer.alloc(0))).toBe(width);
      }
    }
  });
});
