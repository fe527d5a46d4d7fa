import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import type { Product } from '../../src/contract/product';
import type { Review } from '../../src/contract/review';
import { readSavedProduct, readSavedProducts, readSavedReviews, saveProduct, saveProducts, saveReviews } from '../../src/offline/catalogue/saved';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';
import { getOfflineCatalogueTime, withOfflineFallback } from '../../src/offline/catalogue/offline-read';

const product = (name: string, price = 100): Product => ({
  _id: randomUUID(),
  name,
  description: `${name} for the trade counter.`,
  imageUrl: '/uploads/x.webp',
  price,
  availableQnt: 50,
  minOrderQnt: 5,
});
const review = (text: string): Review => ({ _id: randomUUID(), review: text, rating: '4', userName: 'Dana', createdAt: '2026-01-01T00:00:00.000Z' });

const opened: ForgelineDatabase[] = [];
function freshDb(): ForgelineDatabase {
  const db = openDatabase(`catalogue-test-${randomUUID()}`);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

describe('offline catalogue', () => {
  it('writes every successful fetch through and serves the saved copy, with its time, when the network fails', async () => {
    const db = freshDb();
    const list = [product('Drill'), product('Saw'), product('Grinder')];
    const fetched = await withOfflineFallback(
      'products',
      async () => list,
      () => readSavedProducts(db),
      (data) => saveProducts(data, db, 1000),
    );
    expect(fetched).toBe(list);
    expect(getOfflineCatalogueTime()).toBeNull();

    const offline = await withOfflineFallback(
      'products',
      () => Promise.reject(new NetworkError()),
      () => readSavedProducts(db),
      (data) => saveProducts(data, db),
    );
    expect(offline).toEqual(list);
    expect(getOfflineCatalogueTime()).toBe(1000);

    // The next answer from the server clears the notice.
    await withOfflineFallback(
      'products',
      async () => list,
      () => readSavedProducts(db),
      (data) => saveProducts(data, db, 2000),
    );
    expect(getOfflineCatalogueTime()).toBeNull();
  });

  it('a failing server (5xx) also falls back; a 4xx is the truth and is thrown', async () => {
    const db = freshDb();
    await saveProducts([product('Drill')], db, 500);
    const unavailable = await withOfflineFallback(
      'products',
      () => Promise.reject(new ApiError(503, 'unavailable', 'down')),
      () => readSavedProducts(db),
      async () => undefined,
    );
    expect(unavailable).toHaveLength(1);

    const missing = new ApiError(404, 'not_found', 'No such product.');
    await expect(
      withOfflineFallback(
        'product',
        () => Promise.reject(missing),
        () => readSavedProducts(db),
        async () => undefined,
      ),
    ).rejects.toBe(missing);
  });

  it('with nothing saved the network error is thrown', async () => {
    const db = freshDb();
    const error = new NetworkError();
    await expect(
      withOfflineFallback(
        'reviews',
        () => Promise.reject(error),
        () => readSavedReviews(db),
        (data) => saveReviews(data, db),
      ),
    ).rejects.toBe(error);
  });

  it('a saved list keeps the server order and drops what the server no longer lists', async () => {
    const db = freshDb();
    const [a, b, c] = [product('A'), product('B'), product('C')];
    await saveProducts([c, a, b], db, 1);
    await saveProducts([b, c], db, 2);
    expect((await readSavedProducts(db))?.data.map((p) => p.name)).toEqual(['B', 'C']);
  });

  it('a single product page is saved and read offline, keeping its place in the list', async () => {
    const db = freshDb();
    const [a, b] = [product('A', 10), product('B', 20)];
    await saveProducts([a, b], db, 1);
    await saveProduct({ ...a, price: 15 }, db, 5);
    expect(await readSavedProduct(a._id, db)).toEqual({ data: { ...a, price: 15 }, savedAt: 5 });
    expect((await readSavedProducts(db))?.data.map((p) => [p.name, p.price])).toEqual([
      ['A', 15],
      ['B', 20],
    ]);
    expect((await readSavedProducts(db))?.savedAt).toBe(1);
  });

  it('reviews are saved and read back in the server order', async () => {
    const db = freshDb();
    const reviews = [review('Solid drill, survived a season on site.'), review('The saw cuts clean and true every time.')];
    await saveReviews(reviews, db, 7);
    expect(await readSavedReviews(db)).toEqual({ data: reviews, savedAt: 7 });
  });
});
