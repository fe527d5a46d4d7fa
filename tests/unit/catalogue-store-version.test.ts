// The device's database from version 4 to 5: the saved catalogue keeps every tool with its search words, and
// the products table keeps only the index the sync reads (position), not the unread ones on category and words.

import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../src/contract/product';
import { buildCatalogueIndex, searchCatalogueIndex } from '../../src/offline/catalogue/search-index';
import { productRow } from '../../src/offline/catalogue/saved';
import { openDatabase, type ForgelineDatabase } from '../../src/offline/store/database';

const tool = (n: number, name: string): Product => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  description: `A ${name.toLowerCase()} for the trade.`,
  imageUrl: '/uploads/tool.webp',
  price: 100 + n,
  availableQnt: 50,
  minOrderQnt: 1,
});

/** The stores of version 4, as the app declared them then. */
function openVersion4(name: string): Dexie {
  const db = new Dexie(name);
  db.version(1).stores({ products: '_id', reviews: '_id', outbox: 'clientOrderId, ownerEmail, [ownerEmail+createdAt]', meta: 'key' });
  db.version(2).stores({ orderPad: '[ownerEmail+productId], [ownerEmail+addedAt]' });
  db.version(3).stores({ products: '_id, position, category, [category+position], *words, *nameWords' });
  db.version(4).stores({});
  return db;
}

describe('catalogue store, version 5', () => {
  const opened: { close(): void; name: string }[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) {
      db.close();
      await Dexie.delete(db.name);
    }
  });

  it('keeps the saved tools and their search, with the position index only', async () => {
    const name = `catalogue-v5-${Math.random()}`;
    const old = openVersion4(name);
    await old.table('products').bulkPut([productRow(tool(1, 'Angle Grinder AG-125'), 1, -1), productRow(tool(2, 'Hammer Drill HD-18'), 1, -2)]);
    old.close();

    const db: ForgelineDatabase = openDatabase(name);
    opened.push(db);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(5);
    expect(db.products.schema.indexes.map((index) => index.name)).toEqual(['position']);
    const rows = await db.products.toArray();
    expect(rows.map((row) => row.name).sort()).toEqual(['Angle Grinder AG-125', 'Hammer Drill HD-18']);
    expect((await db.products.orderBy('position').first())?.name).toBe('Hammer Drill HD-18');
    const found = searchCatalogueIndex(buildCatalogueIndex(rows), { q: 'grind', category: null, page: 1, pageSize: 24 });
    expect(found.items.map((product) => product.name)).toEqual(['Angle Grinder AG-125']);
  });
});
