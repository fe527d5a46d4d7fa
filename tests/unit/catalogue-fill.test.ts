import 'fake-indexeddb/auto';
// The first copy of the catalogue, page by page: each page is stored as it arrives, a fill cut short resumes
// from its last page (never from nothing), the copy counts as saved only with its last page, and until then
// it is searched offline only, saying how much of the catalogue it holds.

import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/api/errors';
import type { CatalogueChanges, Product } from '../../src/contract/product';
import { getCatalogueFill, reportCatalogueFill } from '../../src/offline/catalogue/fill-progress';
import { searchSavedCatalogue } from '../../src/offline/catalogue/search';
import {
  type CatalogueFillProgress,
  type ChangesAsk,
  readCatalogueFillState,
  readCatalogueSyncState,
  runCatalogueSync,
  syncCatalogue,
} from '../../src/offline/catalogue/sync';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';

const tool = (n: number): Product => ({
  _id: randomUUID(),
  name: `Tool ${n}`,
  description: `Tool number ${n} for the trade counter.`,
  imageUrl: `/uploads/${n}.webp`,
  price: 10 + n,
  availableQnt: 50,
  minOrderQnt: 1,
  sku: `FL-T${String(n).padStart(4, '0')}`,
  category: 'Drills',
});

/** A server whose whole copy has `tools` (change numbers 1, 2, ...), answered in pages of `size`; `failAt` pages fail. */
function pagedServer(tools: Product[], size: number, failAt: Set<number> = new Set()) {
  const asks: ChangesAsk[] = [];
  let call = 0;
  const fetchChanges = async (ask: ChangesAsk): Promise<CatalogueChanges> => {
    asks.push(ask);
    call += 1;
    if (failAt.has(call)) throw new NetworkError();
    if (!('pageAfter' in ask)) return { version: tools.length, cursor: 900, products: [], deleted: [] };
    const start = ask.pageAfter;
    const end = Math.min(tools.length, start + size);
    return {
      version: tools.length,
      cursor: 500 + call,
      products: tools.slice(start, end),
      deleted: [],
      total: tools.length,
      ...(end < tools.length ? { next: end } : {}),
    };
  };
  return { asks, fetchChanges };
}

const opened: ForgelineDatabase[] = [];
function freshDb(): ForgelineDatabase {
  const db = openDatabase(`fill-test-${randomUUID()}`);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  reportCatalogueFill(null);
});

describe('the first copy of the catalogue, in pages', () => {
  it('stores every page as it arrives and keeps the first page cursor, so what changed meanwhile comes next', async () => {
    const db = freshDb();
    const tools = Array.from({ length: 25 }, (_, i) => tool(i + 1));
    const server = pagedServer(tools, 10);
    const progress: CatalogueFillProgress[] = [];
    const outcome = await runCatalogueSync({ db, fetchChanges: server.fetchChanges, now: () => 1000, onProgress: (p) => progress.push(p) });

    expect(server.asks).toEqual([
      { after: 0, pageAfter: 0 },
      { after: 0, pageAfter: 10 },
      { after: 0, pageAfter: 20 },
    ]);
    expect(progress).toEqual([
      { saved: 10, total: 25 },
      { saved: 20, total: 25 },
      { saved: 25, total: 25 },
    ]);
    expect(outcome.result).toMatchObject({ changed: 25, deleted: 0, cursor: 501 });
    // The cursor of the first page: the next sync asks for everything written since the fill began.
    expect(await readCatalogueSyncState(db)).toEqual({ version: 25, cursor: 501, syncedAt: 1000 });
    expect(await readCatalogueFillState(db)).toBeUndefined();
    // Newest first, as the server lists the catalogue.
    const first = await searchSavedCatalogue({ q: '', category: null, page: 1, pageSize: 3 }, db);
    expect(first?.data.items.map((p) => p.name)).toEqual(['Tool 25', 'Tool 24', 'Tool 23']);
    expect(first?.partial).toBeUndefined();

    await runCatalogueSync({ db, fetchChanges: server.fetchChanges, now: () => 2000 });
    expect(server.asks.at(-1)).toEqual({ after: 501 });
  });

  it('resumes a fill cut short from its last stored page, not from the start', async () => {
    const db = freshDb();
    const tools = Array.from({ length: 30 }, (_, i) => tool(i + 1));
    // The third ask (the third page) gets no answer: the connection dropped, or the page was reloaded.
    const server = pagedServer(tools, 10, new Set([3]));
    await expect(runCatalogueSync({ db, fetchChanges: server.fetchChanges, now: () => 1000 })).rejects.toThrow();
    expect(await readCatalogueSyncState(db)).toBeUndefined();
    expect(await readCatalogueFillState(db)).toMatchObject({ next: 20, saved: 20, total: 30, cursor: 501 });

    const progress: CatalogueFillProgress[] = [];
    await runCatalogueSync({ db, fetchChanges: server.fetchChanges, now: () => 2000, onProgress: (p) => progress.push(p) });
    expect(server.asks.slice(3)).toEqual([{ after: 0, pageAfter: 20 }]);
    // The stored progress is shown at once, then the page that completes it.
    expect(progress).toEqual([
      { saved: 20, total: 30 },
      { saved: 30, total: 30 },
    ]);
    expect(await db.products.count()).toBe(30);
    expect(await readCatalogueSyncState(db)).toEqual({ version: 30, cursor: 501, syncedAt: 2000 });
  });

  it('answers a search from an incomplete copy, saying how much it holds; nothing before the first page', async () => {
    const db = freshDb();
    const tools = Array.from({ length: 30 }, (_, i) => tool(i + 1));
    expect(await searchSavedCatalogue({ q: 'FL-T0005', category: null, page: 1, pageSize: 24 }, db)).toBeUndefined();
    const server = pagedServer(tools, 10, new Set([2]));
    await expect(runCatalogueSync({ db, fetchChanges: server.fetchChanges, now: () => 1000 })).rejects.toThrow();

    const found = await searchSavedCatalogue({ q: 'FL-T0005', category: null, page: 1, pageSize: 24 }, db);
    expect(found?.data.items.map((p) => p.sku)).toEqual(['FL-T0005']);
    expect(found?.partial).toEqual({ saved: 10, total: 30 });
    expect(found?.savedAt).toBe(1000);
    const missing = await searchSavedCatalogue({ q: 'FL-T0025', category: null, page: 1, pageSize: 24 }, db);
    expect(missing?.data.total).toBe(0);
  });

  it('a server without pages answers the whole copy at once, which completes it', async () => {
    const db = freshDb();
    const tools = [tool(1), tool(2)];
    const outcome = await runCatalogueSync({ db, fetchChanges: async () => ({ version: 2, cursor: 77, products: tools, deleted: [] }), now: () => 5 });
    expect(outcome.result).toMatchObject({ changed: 2, cursor: 77 });
    expect(await readCatalogueSyncState(db)).toEqual({ version: 2, cursor: 77, syncedAt: 5 });
  });

  it('the page is told how far the fill is, and that it ended', async () => {
    const db = freshDb();
    const tools = Array.from({ length: 15 }, (_, i) => tool(i + 1));
    const server = pagedServer(tools, 10);
    const seen: (CatalogueFillProgress | null)[] = [];
    await syncCatalogue({
      db,
      fetchChanges: server.fetchChanges,
      onProgress: (p) => {
        reportCatalogueFill(p);
        seen.push(getCatalogueFill());
      },
    });
    expect(seen).toEqual([{ saved: 10, total: 15 }, null]);
    expect(getCatalogueFill()).toBeNull();
  });
});
