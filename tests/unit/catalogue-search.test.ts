import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../src/api/errors';
import type { CatalogueChanges, Product } from '../../src/contract/product';
import { readSavedProducts, saveProducts } from '../../src/offline/catalogue/saved';
import { builtCatalogueIndex, keepPatchedCatalogueIndex, savedCategories, searchSavedCatalogue } from '../../src/offline/catalogue/search';
import { readCatalogueSyncState, runCatalogueSync, syncCatalogue } from '../../src/offline/catalogue/sync';
import { openDatabase, type ForgelineDatabase, type SavedProduct } from '../../src/offline/store/database';
import { getOfflineCatalogueTime } from '../../src/offline/catalogue/offline-read';

const tool = (name: string, fields: Partial<Product> = {}): Product => ({
  _id: randomUUID(),
  name,
  description: `${name} for the trade counter.`,
  imageUrl: '/uploads/x.webp',
  price: 100,
  availableQnt: 50,
  minOrderQnt: 5,
  sku: `FL-${randomUUID().slice(0, 6).toUpperCase()}`,
  category: 'Drills',
  ...fields,
});

const opened: ForgelineDatabase[] = [];
function freshDb(): ForgelineDatabase {
  const db = openDatabase(`catalogue-search-${randomUUID()}`);
  opened.push(db);
  return db;
}
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
});

/** A server stand-in for GET /api/products/changes: answers from `pages` in turn and records every URL asked for. */
function fakeServer(pages: CatalogueChanges[]) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    urls.push(String(input));
    const body = pages.shift();
    if (!body) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return urls;
}

const search = (db: ForgelineDatabase, q: string, category: string | null = null, page = 1, pageSize = 24) =>
  searchSavedCatalogue({ q, category, page, pageSize }, db);
const names = (read: Awaited<ReturnType<typeof search>>) => read?.data.items.map((p) => p.name);

describe('catalogue search over the saved copy', () => {
  it('finds tools by prefixes of words of the name, SKU and description, all words required, named tools first', async () => {
    const db = freshDb();
    const drill = tool('Hammer Drill HD-18', { sku: 'FL-HD18' });
    const saw = tool('Circular Saw CS-7', { sku: 'FL-CS7', category: 'Saws', description: 'Cuts the boards a hammer drill cannot.' });
    const grinder = tool('Angle Grinder', { sku: 'FL-AG1', category: 'Grinders' });
    fakeServer([{ version: 3, products: [drill, saw, grinder], deleted: [] }]);
    await syncCatalogue({ db });

    expect(names(await search(db, 'ham'))).toEqual([drill.name, saw.name]);
    expect(names(await search(db, 'hammer dri'))).toEqual([drill.name, saw.name]);
    expect(names(await search(db, 'GRIND'))).toEqual([grinder.name]);
    expect(names(await search(db, 'fl-cs7'))).toEqual([saw.name]);
    expect(names(await search(db, 'boards'))).toEqual([saw.name]);
    expect(names(await search(db, 'hammer grinder'))).toEqual([]);
    expect((await search(db, 'drill'))?.data.total).toBe(2);
  });

  it('filters by category, alone or with a search, and counts the categories', async () => {
    const db = freshDb();
    const list = [tool('Drill A'), tool('Drill B'), tool('Saw A', { category: 'Saws' }), tool('Saw Drill Combo', { category: 'Saws' })];
    fakeServer([{ version: 4, products: list, deleted: [] }]);
    await syncCatalogue({ db });

    expect(new Set(names(await search(db, '', 'Saws')))).toEqual(new Set(['Saw A', 'Saw Drill Combo']));
    expect(names(await search(db, 'drill', 'Saws'))).toEqual(['Saw Drill Combo']);
    expect((await savedCategories(db))?.data).toEqual([
      { name: 'Drills', count: 2 },
      { name: 'Saws', count: 2 },
    ]);
  });

  it('pages newest first: the tool first seen last comes first, and pages do not overlap', async () => {
    const db = freshDb();
    const list = Array.from({ length: 30 }, (_, i) => tool(`Impact Driver ${String(i).padStart(2, '0')}`));
    fakeServer([{ version: 30, products: list, deleted: [] }]);
    await syncCatalogue({ db });

    const first = await search(db, '', null, 1, 24);
    const second = await search(db, '', null, 2, 24);
    expect(first?.data.total).toBe(30);
    expect(first?.data.items).toHaveLength(24);
    expect(second?.data.items).toHaveLength(6);
    expect(first?.data.items[0]?.name).toBe('Impact Driver 29');
    const seen = [...(first?.data.items ?? []), ...(second?.data.items ?? [])].map((p) => p._id);
    expect(new Set(seen).size).toBe(30);
    // A search pages the same way.
    expect((await search(db, 'impact', null, 2, 24))?.data.items).toHaveLength(6);
  });

  it('answers nothing before the first sync, so the screen asks the server instead', async () => {
    expect(await search(freshDb(), 'drill')).toBeUndefined();
  });

  it('keeps its index while only other entries of meta change (the outbox, price lists), and still reads a newer sync time', async () => {
    const db = freshDb();
    const drill = tool('Hammer Drill');
    fakeServer([
      { version: 1, cursor: 10, products: [drill], deleted: [] },
      { version: 1, cursor: 11, products: [], deleted: [] },
    ]);
    await syncCatalogue({ db, now: () => 1000 });
    const rowsRead = vi.spyOn(db.products, 'toArray');
    expect((await search(db, 'hammer'))?.savedAt).toBe(1000);
    expect(rowsRead).toHaveBeenCalledTimes(1);

    // What the outbox writes while it sends an order.
    await db.meta.put({ key: 'outbox-lease', value: { holder: 'tab', expiresAt: 5000 } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(names(await search(db, 'hammer'))).toEqual([drill.name]);
    expect(rowsRead).toHaveBeenCalledTimes(1);

    // A sync that changed no tool: the same index, the new time.
    await syncCatalogue({ db, now: () => 2000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await search(db, 'hammer'))?.savedAt).toBe(2000);
    expect(rowsRead).toHaveBeenCalledTimes(1);

    // A tool changed: the index is read again.
    await saveProducts([{ ...drill, availableQnt: 7 }], db);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await search(db, 'hammer'))?.data.items[0]?.availableQnt).toBe(7);
    expect(rowsRead).toHaveBeenCalledTimes(2);
  });

  it('folds a sync that restocked tools into the index without reading every row again, and reads them again for a new tool', async () => {
    const db = freshDb();
    const drill = tool('Hammer Drill');
    const pages: CatalogueChanges[] = [
      { version: 1, cursor: 10, products: [drill, tool('Circular Saw', { category: 'Saws' })], deleted: [] },
      { version: 2, cursor: 11, products: [{ ...drill, availableQnt: 3 }], deleted: [] },
      { version: 3, cursor: 12, products: [tool('Jigsaw')], deleted: [] },
    ];
    const fetchChanges = async () => pages.shift() as CatalogueChanges;
    const syncAndPatch = async () => {
      const before = await builtCatalogueIndex(db);
      const applied: { rows: SavedProduct[]; deleted: string[] }[] = [];
      await runCatalogueSync({ db, fetchChanges, onApplied: (rows, deleted) => applied.push({ rows, deleted }) });
      const changes = applied[0];
      return before !== undefined && changes !== undefined && keepPatchedCatalogueIndex(before, changes.rows, changes.deleted, db);
    };
    await runCatalogueSync({ db, fetchChanges });
    expect(names(await search(db, 'hammer'))).toEqual([drill.name]);
    const rowsRead = vi.spyOn(db.products, 'toArray');

    expect(await syncAndPatch()).toBe(true);
    expect((await search(db, 'hammer'))?.data.items[0]?.availableQnt).toBe(3);
    expect(rowsRead).not.toHaveBeenCalled();

    expect(await syncAndPatch()).toBe(false);
    expect(names(await search(db, 'jig'))).toEqual(['Jigsaw']);
    expect(rowsRead).toHaveBeenCalledTimes(1);
  });

  it('keeps the search words of a list saved whole (GET /api/products) as well', async () => {
    const db = freshDb();
    fakeServer([{ version: 1, products: [], deleted: [] }]);
    await syncCatalogue({ db });
    await saveProducts([tool('Rotary Hammer'), tool('Jigsaw', { category: 'Saws' })], db);
    expect(names(await search(db, 'rot'))).toEqual(['Rotary Hammer']);
  });
});

describe('incremental catalogue sync', () => {
  it('downloads everything once, then asks only since the stored change number and applies changes and deletions', async () => {
    const db = freshDb();
    const [drill, saw, grinder] = [tool('Drill'), tool('Saw', { category: 'Saws' }), tool('Grinder', { category: 'Grinders' })];
    const newer = tool('Planer', { category: 'Planers' });
    const urls = fakeServer([
      { version: 10, products: [drill, saw, grinder], deleted: [] },
      { version: 12, products: [{ ...drill, availableQnt: 7 }, newer], deleted: [saw._id] },
      { version: 12, products: [], deleted: [] },
    ]);

    expect(await syncCatalogue({ db, now: () => 1000 })).toMatchObject({ version: 10, changed: 3, deleted: 0 });
    expect(await syncCatalogue({ db, now: () => 2000 })).toMatchObject({ version: 12, changed: 2, deleted: 1 });
    expect(await syncCatalogue({ db, now: () => 3000 })).toMatchObject({ version: 12, changed: 0, deleted: 0 });

    expect(urls.map((url) => url.replace(/^.*\/api/u, ''))).toEqual([
      '/products/changes?after=0&pageAfter=0',
      '/products/changes?since=10',
      '/products/changes?since=12',
    ]);
    expect(await readCatalogueSyncState(db)).toEqual({ version: 12, syncedAt: 3000 });
    const saved = (await readSavedProducts(db))?.data ?? [];
    // Newest first; the changed drill keeps its place and has its new stock; the deleted saw is gone.
    expect(saved.map((p) => p.name)).toEqual(['Planer', 'Grinder', 'Drill']);
    expect(saved.find((p) => p.name === 'Drill')?.availableQnt).toBe(7);
    expect(saved[0]).toEqual(newer);
    expect(names(await search(db, 'saw'))).toEqual([]);
    expect((await savedCategories(db))?.data.map((c) => c.name)).toEqual(['Drills', 'Grinders', 'Planers']);
  });

  it('asks after the stored cursor once the server gives one; a copy saved by version asks by version once', async () => {
    const db = freshDb();
    const [drill, saw] = [tool('Drill'), tool('Saw', { category: 'Saws' })];
    const urls = fakeServer([
      { version: 10, products: [drill], deleted: [] },
      { version: 11, cursor: 700, products: [saw], deleted: [] },
      {
        version: 14,
        cursor: 705,
        products: [
          { ...drill, price: 90 },
          { ...drill, price: 90 },
        ],
        deleted: [],
      },
    ]);

    // A copy saved before cursors (or by a server without them) asks by its version...
    await syncCatalogue({ db, now: () => 1000 });
    expect(await readCatalogueSyncState(db)).toEqual({ version: 10, syncedAt: 1000 });
    await syncCatalogue({ db, now: () => 2000 });
    expect(await readCatalogueSyncState(db)).toEqual({ version: 11, cursor: 700, syncedAt: 2000 });
    // ...and after the cursor from then on. A tool sent twice (it may come again) is applied once.
    expect(await syncCatalogue({ db, now: () => 3000 })).toMatchObject({ version: 14, changed: 2 });
    expect(urls.map((url) => url.replace(/^.*\/api/u, ''))).toEqual([
      '/products/changes?after=0&pageAfter=0',
      '/products/changes?since=10',
      '/products/changes?after=700',
    ]);
    expect(await readCatalogueSyncState(db)).toEqual({ version: 14, cursor: 705, syncedAt: 3000 });
    const saved = (await readSavedProducts(db))?.data ?? [];
    expect(saved.map((p) => [p.name, p.price])).toEqual([
      ['Saw', 100],
      ['Drill', 90],
    ]);
  });

  it('offline, keeps the saved copy and says from when it is; the next answer clears the notice', async () => {
    const db = freshDb();
    const urls = fakeServer([{ version: 5, products: [tool('Drill')], deleted: [] }]);
    await syncCatalogue({ db, now: () => 1234 });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(syncCatalogue({ db })).rejects.toBeInstanceOf(NetworkError);
    expect(getOfflineCatalogueTime()).toBe(1234);
    expect(names(await search(db, 'dri'))).toEqual(['Drill']);

    fakeServer([{ version: 5, products: [], deleted: [] }]);
    await syncCatalogue({ db });
    expect(getOfflineCatalogueTime()).toBeNull();
    expect(urls).toHaveLength(1);
  });

  it('two syncs asked at once share one request', async () => {
    const db = freshDb();
    const urls = fakeServer([{ version: 2, products: [tool('Drill')], deleted: [] }]);
    await Promise.all([syncCatalogue({ db }), syncCatalogue({ db })]);
    expect(urls).toHaveLength(1);
  });
});
