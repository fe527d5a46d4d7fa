// Uploads clean-up: a picture that no product, order or order line shows is removed with its copies once
// its grace period is over, by a background job that runs once however many processes share the
// database; POST /api/products takes only a picture this server stored, and naming one restarts its grace
// (docs/architecture.md, "Images").

import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../server/db/schema';
import { seedCatalogue } from '../../server/services/seed';
import { listProducts } from '../../server/repositories/products';
import { startJobs } from '../../server/services/jobs';
import { parsePictureUrl, PICTURE_WIDTHS, pictureUrl } from '../../src/contract/pictures';
import { placeOrder } from '../helpers/orders';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const HOUR = 3_600_000;
const GRACE = 2 * HOUR;

/** A new picture each call (its id drawn on it), with its copies, as an upload stores it. */
async function picture(width = 1000): Promise<{ webp: Buffer; widths: { width: 320 | 640 | 960; webp: Buffer }[] }> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width * 0.75)}"><rect width="100%" height="100%" fill="#e4e7eb"/><text x="20" y="120" font-size="90">${randomUUID()}</text></svg>`,
  );
  const make = (w: number) => sharp(svg).resize({ width: w }).webp().toBuffer();
  return { webp: await make(width), widths: await Promise.all(PICTURE_WIDTHS.filter((w) => w < width).map(async (w) => ({ width: w, webp: await make(w) }))) };
}

const productBody = (imageUrl: string, name = 'Cleanup Test Planer') => ({
  name,
  description: 'P'.repeat(160),
  price: 40,
  availableQnt: 100,
  minOrderQnt: 1,
  imageUrl,
});

describeEachDatabase('uploads clean-up', (kind) => {
  const {
    t,
    users: { admin, dealer },
  } = useTestApp(kind, { users: { admin: { admin: true }, dealer: {} }, config: { uploadGraceMs: GRACE } });

  beforeAll(async () => {
    // The app's own timers stay out of the way: these tests run the job by hand.
    await t.app.services.jobs?.stop();
  });

  const store = () => t.app.services.images;
  const hashOf = (url: string) => parsePictureUrl(url)?.hash ?? '';
  const put = async (width?: number) => store().put(await picture(width));

  /** Makes a stored picture look uploaded `hours` ago. */
  const age = async (url: string, hours: number) => {
    const at = new Date(Date.now() - hours * HOUR);
    const dir = store().dir;
    if (dir === null) {
      await t.database.db
        .update(images)
        .set({ createdAt: at })
        .where(eq(images.hash, hashOf(url)));
    } else {
      await utimes(path.join(dir, path.basename(url)), at, at);
    }
  };
  /** The full picture and every copy of it that is still stored. */
  const storedNames = async (url: string) => {
    const hash = hashOf(url);
    const found = await Promise.all([null, ...PICTURE_WIDTHS].map(async (w) => ((await store().get(hash, w)) ? pictureUrl(hash, w) : null)));
    return found.filter(Boolean);
  };
  const served = async (url: string) => (await t.app.inject(url)).statusCode;
  const removeUnused = () => store().removeUnused(new Date(Date.now() - GRACE));

  describe('POST /api/products takes only a picture this server stored', () => {
    it.each([
      ['a hash never stored', () => `/uploads/${'e'.repeat(64)}.webp`, 'not stored on this server'],
      ['a copy at a width instead of the picture', () => `/uploads/${'e'.repeat(64)}-320w.webp`, 'uploaded through the image upload'],
      ['an external URL', () => 'https://cdn.example.com/drill.webp', 'uploaded through the image upload'],
      ['a protocol-relative URL', () => `//evil.example/uploads/${'e'.repeat(64)}.webp`, 'uploaded through the image upload'],
    ])('refuses %s with a 400 that says so, and adds nothing', async (_name, url, message) => {
      const name = `Refused Picture Saw ${Math.random()}`;
      const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.auth, payload: productBody(url(), name) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_data', message: expect.stringContaining(message) as string } });
      expect((await listProducts(t.database.db)).some((p) => p.name === name)).toBe(false);
    });

    it('refuses a picture the clean-up removed, and takes one uploaded again', async () => {
      const url = await put();
      await age(url, 3);
      expect(await removeUnused()).toBeGreaterThanOrEqual(1);
      const gone = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.auth, payload: productBody(url) });
      expect(gone.statusCode).toBe(400);
      expect(gone.json()).toMatchObject({ error: { details: { fields: [{ field: 'imageUrl' }] } } });
      const again = await put();
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.auth, payload: productBody(again, 'Uploaded Again Planer') })).statusCode,
      ).toBe(201);
    });
  });

  describe('removes pictures nobody shows after the grace period', () => {
    it('keeps what a product, an order or a fresh upload names, and removes the rest with its copies', async () => {
      const forProduct = await put();
      const forOrder = await put();
      const unused = await put();
      const fresh = await put();
      await t.createProduct({ name: 'Cleanup Shown Drill', imageUrl: forProduct });
      // A deleted product's orders still show its picture.
      const sold = await t.createProduct({ name: 'Cleanup Sold Saw', imageUrl: forOrder, minOrder: 1 });
      await placeOrder(t, dealer, { productId: sold, orderQuantity: 1 });
      expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${sold}`, headers: admin.auth })).statusCode).toBe(200);
      for (const url of [forProduct, forOrder, unused]) await age(url, 3);
      await age(fresh, 1);
      expect(await storedNames(unused)).toHaveLength(1 + PICTURE_WIDTHS.length);

      expect(await removeUnused()).toBeGreaterThanOrEqual(1);
      expect(await storedNames(unused)).toEqual([]);
      expect(await served(unused)).toBe(404);
      expect(await served(pictureUrl(hashOf(unused), 320))).toBe(404);
      for (const kept of [forProduct, forOrder, fresh]) {
        expect(await storedNames(kept), kept).toHaveLength(1 + PICTURE_WIDTHS.length);
        expect(await served(kept)).toBe(200);
      }
    });

    it('leaves a picture a new product names while it waits: the product claims it for another grace period', async () => {
      const url = await put();
      await age(url, 3);
      const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.auth, payload: productBody(url, 'Claimed Picture Grinder') });
      expect(res.statusCode).toBe(201);
      expect(
        await t.app.inject({ method: 'DELETE', url: `/api/products/${(res.json() as { insertedId: string }).insertedId}`, headers: admin.auth }),
      ).toMatchObject({ statusCode: 200 });
      // No product shows it any more, but it was named a moment ago.
      await removeUnused();
      expect(await storedNames(url)).toHaveLength(1 + PICTURE_WIDTHS.length);
    });

    it('starts the grace period again when the same picture is uploaded again', async () => {
      const original = await picture();
      const url = await store().put(original);
      await age(url, 3);
      expect(await store().put(original)).toBe(url);
      await removeUnused();
      expect(await served(url)).toBe(200);
    });

    it("keeps the seeded catalogue's pictures", async () => {
      await t.database.db.execute(sql`delete from products`);
      expect(await seedCatalogue(t.database.db, store())).toBe(true);
      const seeded = [...new Set((await listProducts(t.database.db)).map((p) => p.imageUrl))];
      for (const url of seeded) await age(url, 48);
      await removeUnused();
      for (const url of seeded) {
        expect(await served(url), url).toBe(200);
        expect(await served(pictureUrl(hashOf(url), 320)), url).toBe(200);
      }
    });
  });

  describe('as a background job', () => {
    it('runs once however many processes tick at the same time, and removes what is past its grace', async () => {
      const url = await put();
      await age(url, 3);
      const calls: number[] = [];
      const counting = (id: number) => ({
        ...store(),
        removeUnused: async (before: Date) => {
          calls.push(id);
          return store().removeUnused(before);
        },
      });
      await t.database.db.execute(sql`delete from job_runs where name = 'remove-unused-uploads'`);
      const runners = [1, 2, 3].map((id) =>
        startJobs({ db: t.database.db, orders: t.app.services.orders, intervalMs: 60_000, log: t.app.log, uploads: { store: counting(id), graceMs: GRACE } }),
      );
      try {
        await Promise.all(runners.map((runner) => runner.tick()));
        expect(calls).toHaveLength(1);
        expect(await served(url)).toBe(404);
        // The next run is booked an hour ahead: ticking again does nothing.
        await Promise.all(runners.map((runner) => runner.tick()));
        expect(calls).toHaveLength(1);
      } finally {
        await Promise.all(runners.map((runner) => runner.stop()));
      }
    });
  });
});
