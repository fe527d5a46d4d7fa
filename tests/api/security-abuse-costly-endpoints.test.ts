// Public or cheap-to-call endpoints must not cost the server far more than the caller: the offline
// catalogue's full copy (`GET /api/products/changes?after=0`, no sign-in) is read from the database and
// serialised once per change of the catalogue, not once per call, and keeps the body and cursor the sync
// relies on (decision 023).

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it, vi } from 'vitest';
import { catalogueChanges, listCategories, searchProducts } from '../../server/repositories/products';
import { FULL_COPY_ABOVE_CHANGES } from '../../server/routes/products';
import type * as ProductsRepository from '../../server/repositories/products';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

// Every read of the change feed from the database goes through this function: counting its calls counts them.
vi.mock('../../server/repositories/products', async (importOriginal) => {
  const actual = await importOriginal<typeof ProductsRepository>();
  return {
    ...actual,
    catalogueChanges: vi.fn(actual.catalogueChanges),
    searchProducts: vi.fn(actual.searchProducts),
    listCategories: vi.fn(actual.listCategories),
  };
});
const changesReads = vi.mocked(catalogueChanges);
const searchReads = vi.mocked(searchProducts);
const categoryReads = vi.mocked(listCategories);

interface Changes {
  version: number;
  cursor: number;
  products: { _id: string; availableQnt: number; price: number }[];
  deleted: string[];
}

describeEachDatabase('costly public endpoints', (kind) => {
  const { t } = useTestApp(kind);

  // A block, not an arrow returning the mock: what a beforeEach returns is run as its clean-up.
  beforeEach(() => {
    changesReads.mockClear();
    searchReads.mockClear();
  });

  const changes = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: `/api/products/changes?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const encoding = res.headers['content-encoding'];
    const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : encoding === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
    return { res, changes: JSON.parse(body) as Changes };
  };
  const fullCopyReads = () => changesReads.mock.calls.filter(([, from]) => ('after' in from ? from.after === 0 : from.since === 0)).length;

  it('reads the full copy of the catalogue once for many callers, whichever way they ask for it', async () => {
    for (let i = 0; i < 3; i += 1) await t.createProduct({ name: `Full Copy Tool ${i}` });
    // The products' NOTIFYs reach the app asynchronously: wait until the copy shows the last of them.
    await expect.poll(async () => (await changes('after=0')).changes.products.length, { timeout: 5000 }).toBe(await countProducts());
    changesReads.mockClear();
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        await changes('after=0'),
        await changes('since=0'),
        await changes('after=0', { 'accept-encoding': 'br' }),
        await changes('after=0', { 'accept-encoding': 'gzip' }),
      );
    }
    // One read at most: a NOTIFY that arrives after the copy was read makes it read once more.
    expect(fullCopyReads()).toBeLessThanOrEqual(1);
    const first = answers[0]?.changes;
    for (const answer of answers)
      expect({ products: answer.changes.products, deleted: answer.changes.deleted }).toEqual({ products: first?.products, deleted: first?.deleted });
  });

  it('answers a position from long ago, which asks for most of the catalogue again, with the kept full copy', async () => {
    for (let i = 0; i < FULL_COPY_ABOVE_CHANGES + 1; i += 1) await t.createProduct({ name: `Long Ago Tool ${i}` });
    const total = await countProducts();
    await expect.poll(async () => (await changes('after=0')).changes.products.length, { timeout: 5000 }).toBe(total);
    const full = (await changes('after=0')).changes;
    changesReads.mockClear();
    for (const query of ['after=1', 'after=2', 'since=1', 'since=2']) {
      const answer = (await changes(query)).changes;
      // The device's copy is older than the kept one: all of it, with the kept one's cursor, is what it needs.
      expect(answer.products).toEqual(full.products);
      expect(answer.cursor).toBe(full.cursor);
    }
    expect(changesReads).not.toHaveBeenCalled();
    // A recent position still gets only what changed since.
    const latest = await t.createProduct({ name: 'Long Ago Latest Tool' });
    expect((await changes(`after=${full.cursor}`)).changes.products.map((p) => p._id)).toEqual([latest]);
  });

  it('answers the full copy as the database does, and a sync from its cursor gets every later change', async () => {
    const before = await t.createProduct({ name: 'Cursor Before Tool', price: 100 });
    await expect.poll(async () => (await changes('after=0')).changes.products.some((p) => p._id === before), { timeout: 5000 }).toBe(true);
    const served = (await changes('after=0')).changes;
    const fromDatabase = await catalogueChanges(t.database.db, { after: 0 });
    expect(Object.keys(served).sort()).toEqual(['cursor', 'deleted', 'products', 'version']);
    expect(served.products).toEqual(fromDatabase.products);
    expect(served.deleted).toEqual(fromDatabase.deleted);
    expect(served.version).toBe(fromDatabase.version);
    expect(served.cursor).toBeLessThanOrEqual(fromDatabase.cursor);

    // Whatever changes after the copy was read comes in the next sync, asked from the copy's cursor.
    await t.database.db.execute(sql`update products set price = 120 where id = ${before}`);
    const after = await t.createProduct({ name: 'Cursor After Tool' });
    const next = (await changes(`after=${served.cursor}`)).changes;
    expect(next.products.find((p) => p._id === before)?.price).toBe(120);
    expect(next.products.some((p) => p._id === after)).toBe(true);
  });

  it('follows the catalogue: a change shows in the full copy once its NOTIFY has arrived', async () => {
    const productId = await t.createProduct({ name: 'Full Copy Stock Tool', available: 40 });
    const stock = async () => (await changes('after=0')).changes.products.find((p) => p._id === productId)?.availableQnt;
    await expect.poll(stock, { timeout: 5000 }).toBe(40);
    await t.database.db.execute(sql`update products set available = 25 where id = ${productId}`);
    await expect.poll(stock, { timeout: 5000 }).toBe(25);
    await t.database.db.execute(sql`delete from products where id = ${productId}`);
    await expect.poll(async () => (await changes('since=0')).changes.deleted.includes(productId), { timeout: 5000 }).toBe(true);
  });

  it('reads a search once while the catalogue does not change, however often and in whatever encoding it is asked', async () => {
    const productId = await t.createProduct({ name: 'Looped Search Jigsaw' });
    const url = '/api/products?q=looped%20jigsaw&page=1&pageSize=24';
    const ids = async (headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ url, headers });
      const encoding = res.headers['content-encoding'];
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : encoding === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
      return (JSON.parse(body) as { items: { _id: string }[] }).items.map((p) => p._id);
    };
    await expect.poll(ids, { timeout: 5000 }).toEqual([productId]);
    // The new tool's change may have left the copy stale for up to a second (decision 016), and each of its
    // statements sends a NOTIFY that lands some milliseconds later: let them all land, then wait until the
    // copy is current again, which a search asked twice in a row then shows by reading at most once.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await expect
      .poll(
        async () => {
          const before = searchReads.mock.calls.length;
          await ids();
          await ids();
          return searchReads.mock.calls.length - before;
        },
        { timeout: 5000 },
      )
      .toBeLessThanOrEqual(1);
    searchReads.mockClear();
    for (let i = 0; i < 10; i += 1) {
      expect(await ids()).toEqual([productId]);
      expect(await ids({ 'accept-encoding': 'br' })).toEqual([productId]);
    }
    // One read at most: a NOTIFY that arrives after the copy was read makes it read once more.
    expect(searchReads.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('reads the categories once while the catalogue does not change, answering as the database does', async () => {
    await t.createProduct({ name: 'Looped Tool Bench Grinder', category: 'looped-grinders' });
    const categories = async () => (await t.app.inject('/api/categories')).json() as { name: string; count: number }[];
    await expect.poll(async () => (await categories()).find((c) => c.name === 'looped-grinders')?.count, { timeout: 5000 }).toBe(1);
    // Current again after the new tool's change and its NOTIFYs (see the search above).
    await new Promise((resolve) => setTimeout(resolve, 250));
    await expect
      .poll(
        async () => {
          const before = categoryReads.mock.calls.length;
          await categories();
          await categories();
          return categoryReads.mock.calls.length - before;
        },
        { timeout: 5000 },
      )
      .toBeLessThanOrEqual(1);
    const expected = await listCategories(t.database.db);
    categoryReads.mockClear();
    for (let i = 0; i < 10; i += 1) expect(await categories()).toEqual(expected);
    expect(categoryReads.mock.calls.length).toBeLessThanOrEqual(1);
  });

  const countProducts = async () => {
    const result = (await t.database.db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n ?? 0;
  };
});
