import 'fake-indexeddb/auto';
// A search typed online goes to the server at once while the first copy of the catalogue is still being
// saved (the incomplete copy could only say it is incomplete) and before the catalogue's worker has started
// (src/features/catalogue/search-products.ts). Otherwise the saved copy answers first and the server
// confirms it later. The server is stubbed at fetch, the saved copy is the real IndexedDB store
// (fake-indexeddb); Node has no Worker, so once started the page searches the copy itself, as a browser
// without workers does.

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogueChanges, Product, ProductPage } from '../../src/contract/product';
import { searchProducts } from '../../src/features/catalogue/search-products';
import { reportCatalogueFill } from '../../src/offline/catalogue/fill-progress';
import { runCatalogueSync } from '../../src/offline/catalogue/sync';
import { catalogueWorkerNotStarted, catalogueWorkerSearch } from '../../src/offline/catalogue/worker-client';

const tool = (name: string): Product => ({
  _id: randomUUID(),
  name,
  description: 'For the trade counter.',
  imageUrl: '/uploads/x.webp',
  price: 120,
  availableQnt: 40,
  minOrderQnt: 1,
  sku: `FL-${name.replace(/\W/gu, '').toUpperCase()}`,
  category: 'Drills',
});

const saved = tool('Saved Hammer Drill');
const fromServer = tool('Server Hammer Drill');
const serverPage: ProductPage = { items: [fromServer], total: 1, page: 1, pageSize: 24 };
const fetched: string[] = [];

beforeAll(async () => {
  // A complete copy in the app's own database, holding one drill.
  const copy: CatalogueChanges = { version: 1, cursor: 7, products: [saved], deleted: [], total: 1 };
  await runCatalogueSync({ fetchChanges: async () => copy, now: () => 1000 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(String(url));
      return new Response(JSON.stringify(serverPage), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  reportCatalogueFill(null);
  fetched.length = 0;
});
afterAll(() => vi.unstubAllGlobals());

const search = { q: 'hammer drill', category: null, page: 1, pageSize: 24 };

describe('a search typed online', () => {
  it('goes to the server before the catalogue worker has started, which it does not start', async () => {
    const page = await searchProducts(search);
    expect(page.items.map((p) => p.name)).toEqual(['Server Hammer Drill']);
    expect(fetched).toHaveLength(1);
    expect(catalogueWorkerNotStarted()).toBe(true);
  });

  it('once the worker was asked for (here: none, so the page searches), is answered by the complete saved copy first, without waiting for the server', async () => {
    expect(catalogueWorkerSearch()).toBeNull();
    const page = await searchProducts(search);
    expect(page.items.map((p) => p.name)).toEqual(['Saved Hammer Drill']);
    expect(fetched).toEqual([]);
  });

  it('goes to the server at once while the first copy is being saved', async () => {
    reportCatalogueFill({ saved: 1000, total: 5000 });
    const page = await searchProducts(search);
    expect(page.items.map((p) => p.name)).toEqual(['Server Hammer Drill']);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toContain('/products?q=hammer');
  });
});
