// The cached catalogue (server/lib/catalogue-cache.ts) follows every change to the products table:
// the trigger of migration 0001 sends the NOTIFY, so stock taken by an order and even a change made
// outside the repositories reach GET /api/products, and the pages without a search cut from it.

import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { searchProducts } from '../../server/repositories/products';
import { placeOrder } from '../helpers/orders';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('cached catalogue', (kind) => {
  const {
    t,
    users: { dealer },
  } = useTestApp(kind, { users: { dealer: {} } });

  const listed = async (productId: string) => {
    const list = (await t.app.inject('/api/products')).json() as { _id: string; availableQnt: number; price: number }[];
    return list.find((p) => p._id === productId);
  };

  it('shows the stock an order took', async () => {
    const productId = await t.createProduct({ available: 40, minOrder: 5 });
    // The new product itself arrives through the same asynchronous NOTIFY.
    await expect.poll(async () => (await listed(productId))?.availableQnt).toBe(40);
    await placeOrder(t, dealer, { productId, orderQuantity: 15 });
    await expect.poll(async () => (await listed(productId))?.availableQnt).toBe(25);
  });

  it('shows a change made outside the repositories', async () => {
    const productId = await t.createProduct({ price: 100 });
    await expect.poll(async () => (await listed(productId))?.price).toBe(100);
    await t.database.db.execute(sql`update products set price = 120 where id = ${productId}`);
    await expect.poll(async () => (await listed(productId))?.price).toBe(120);
  });

  const pageUrl = (page: number, pageSize: number, category?: string) =>
    `/api/products?page=${page}&pageSize=${pageSize}${category ? `&category=${category}` : ''}`;

  it('answers a page without a search from the cached copy exactly as the database would', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await t.createProduct({ name: `Cached Page Tool ${i}`, category: i % 2 === 0 ? 'page-saws' : 'page-drills' }));
    // The whole list may be served from a copy up to a second old (decision 016).
    await expect.poll(async () => (await Promise.all(ids.map(listed))).every(Boolean), { timeout: 5000 }).toBe(true);
    const asked: [number, number, string | undefined][] = [
      [1, 24, undefined],
      [2, 3, undefined],
      [1, 2, 'page-saws'],
      [2, 2, 'page-saws'],
      [1, 1, 'page-drills'],
      [3, 24, undefined],
      [1, 24, 'no-such-category'],
    ];
    for (const [page, pageSize, category] of asked) {
      const expected = { ...(await searchProducts(t.database.db, { words: [], category, page, pageSize })), page, pageSize };
      const plain = await t.app.inject(pageUrl(page, pageSize, category));
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).toEqual(expected);
      // Twice: the second answer is the kept page.
      expect((await t.app.inject(pageUrl(page, pageSize, category))).body).toBe(plain.body);
      const br = await t.app.inject({ url: pageUrl(page, pageSize, category), headers: { 'accept-encoding': 'br' } });
      const decoded = br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.rawPayload).toString() : br.body;
      expect(JSON.parse(decoded)).toEqual(expected);
    }
  });

  it('shows a change in a page once the database has it', async () => {
    const productId = await t.createProduct({ name: 'Cached Page Price Tool', category: 'page-prices', price: 100 });
    const price = async () =>
      ((await t.app.inject(pageUrl(1, 24, 'page-prices'))).json() as { items: { _id: string; price: number }[] }).items.find((p) => p._id === productId)?.price;
    await expect.poll(price, { timeout: 5000 }).toBe(100);
    await t.database.db.execute(sql`update products set price = 130 where id = ${productId}`);
    await expect.poll(price, { timeout: 5000 }).toBe(130);
  });

  it('keeps a search with the current copy, answering as the database would, and shows a change once the database has it', async () => {
    const productId = await t.createProduct({ name: 'Kept Search Bandsaw', category: 'kept-searches', price: 200 });
    const searchUrl = '/api/products?q=kept%20bandsaw&page=1&pageSize=24';
    const found = async () =>
      (await t.app.inject(searchUrl)).json() as { items: { _id: string; price: number }[]; total: number; page: number; pageSize: number };
    await expect.poll(async () => (await found()).items.find((p) => p._id === productId)?.price, { timeout: 5000 }).toBe(200);
    const expected = {
      ...(await searchProducts(t.database.db, { words: ['kept', 'bandsaw'], category: undefined, page: 1, pageSize: 24 })),
      page: 1,
      pageSize: 24,
    };
    const first = await t.app.inject(searchUrl);
    expect(first.json()).toEqual(expected);
    // Asked again while nothing changed: the same bytes, kept with the copy, in each encoding.
    expect((await t.app.inject(searchUrl)).body).toBe(first.body);
    const br = await t.app.inject({ url: searchUrl, headers: { 'accept-encoding': 'br' } });
    expect(JSON.parse(br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.rawPayload).toString() : br.body)).toEqual(expected);

    await t.database.db.execute(sql`update products set price = 240 where id = ${productId}`);
    await expect.poll(async () => (await found()).items.find((p) => p._id === productId)?.price, { timeout: 5000 }).toBe(240);
  });
});
