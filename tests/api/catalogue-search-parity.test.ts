import 'fake-indexeddb/auto';
// The home page answers a search from the saved catalogue's index (src/offline/catalogue/search-index.ts) before the
// server does: for the same catalogue both must find the same tools, and in the same order where the
// server's rank is fixed by the weight of the field alone (each search word once in the name or SKU, or
// once in the description): named tools first, then described ones, newest first within each.

import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import type { CatalogueChanges, ChangesFrom, ProductPage } from '../../src/contract/product';
import { searchSavedCatalogue } from '../../src/offline/catalogue/search';
import { runCatalogueSync } from '../../src/offline/catalogue/sync';
import { openDatabase } from '../../src/offline/store/database';
import { insertProduct } from '../../server/repositories/products';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('the saved catalogue finds what the server finds', (kind) => {
  const { t } = useTestApp(kind);
  const db = openDatabase(`parity-${kind}-${randomUUID()}`);
  afterAll(() => db.close());

  const get = async <T>(url: string) => {
    const res = await t.app.inject(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  /** The device's sync, answered by this suite's app. */
  const fetchChanges = (from: ChangesFrom) =>
    get<CatalogueChanges>(`/api/products/changes?${new URLSearchParams(Object.entries(from).map(([key, n]) => [key, String(n)])).toString()}`);

  it('the same tools, the same totals, and the same order where the rank is the field alone', async () => {
    const word = `Zq${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    const made = [
      { name: `${word} Angle Grinder`, description: 'For steel and stone.', category: 'Grinders' },
      { name: 'Bench Grinder', description: `Pairs with the ${word} kits.`, category: 'Grinders' },
      { name: `${word} Hammer Drill`, description: 'For concrete.', category: 'Drills' },
      { name: 'Planer', description: `A smooth ${word} finish.`, category: 'Planers' },
      { name: `${word} Circular Saw`, description: 'Rips boards.', category: 'Saws' },
      { name: 'Jigsaw', description: 'Curves in plywood.', category: 'Saws', sku: `FL-${word.toUpperCase()}` },
    ];
    // One after another, each created later than the one before: "newest first" is the creation time, and
    // tools created within the same tick of the database's clock have no order the device could know.
    for (const tool of made) {
      await insertProduct(t.database.db, { ...tool, imageUrl: '/uploads/x.webp', price: 10, available: 5, minOrder: 1 });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await runCatalogueSync({ db, fetchChanges });

    const both = async (q: string, category: string | null = null) => {
      const query = new URLSearchParams({ q, pageSize: '48', ...(category ? { category } : {}) });
      const server = await get<ProductPage>(`/api/products?${query.toString()}`);
      const saved = await searchSavedCatalogue({ q, category, page: 1, pageSize: 48 }, db);
      return { server: server.items.map((p) => p.name), saved: saved?.data.items.map((p) => p.name), totals: [server.total, saved?.data.total] };
    };

    // One word, each tool having it once: the same tools in the same order.
    for (const q of [word, word.slice(0, -3).toLowerCase(), word.toUpperCase()]) {
      const { server, saved, totals } = await both(q);
      expect(saved).toEqual(server);
      expect(totals[0]).toBe(totals[1]);
    }
    expect((await both(word)).saved).toEqual(['Jigsaw', `${word} Circular Saw`, `${word} Hammer Drill`, `${word} Angle Grinder`, 'Planer', 'Bench Grinder']);
    expect((await both(word, 'Grinders')).saved).toEqual((await both(word, 'Grinders')).server);
    // Several words, a SKU: the same tools (their order may differ where the server ranks by word distance).
    for (const q of [`${word} grinder`, `fl-${word}`, `${word} for`, `${word} rips boards`]) {
      const { server, saved, totals } = await both(q);
      expect(new Set(saved)).toEqual(new Set(server));
      expect(totals[0]).toBe(totals[1]);
    }
  });

  it('splits SKUs, model numbers and decimals at their punctuation on both sides', async () => {
    const word = `Zp${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    // Eight digits from 9: no other word of these tools starts with them.
    const digits = `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const made = [
      { name: `${word} Drill Driver`, sku: `FL-${digits}`, description: 'A 2.5Ah pack, 18V/20V max, 1/2" chuck.' },
      { name: `${word} M18-FPD2 Hammer`, sku: `DW-${digits.slice(0, 3)}-X`, description: 'Rated -10 to 40 C; see www.example.com/fpd2.' },
      { name: `${word} Planer`, sku: `FL-P${digits}`, description: 'Cuts 2.0 mm per pass, 82mm wide.' },
    ];
    for (const tool of made)
      await insertProduct(t.database.db, { ...tool, category: 'Drills', imageUrl: '/uploads/x.webp', price: 10, available: 5, minOrder: 1 });
    await runCatalogueSync({ db, fetchChanges });

    const found = async (q: string) => {
      const server = await get<ProductPage>(`/api/products?${new URLSearchParams({ q: `${word} ${q}`, pageSize: '48' }).toString()}`);
      const saved = await searchSavedCatalogue({ q: `${word} ${q}`, category: null, page: 1, pageSize: 48 }, db);
      expect(new Set(saved?.data.items.map((p) => p.name)), q).toEqual(new Set(server.items.map((p) => p.name)));
      expect(saved?.data.total, q).toBe(server.total);
      return server.items.map((p) => p.name).sort();
    };
    const [drill, hammer, planer] = made.map((tool) => tool.name);
    expect(await found(`FL-${digits}`)).toEqual([drill]);
    expect(await found(digits)).toEqual([drill]);
    expect(await found(digits.slice(0, 4))).toEqual([drill]);
    expect(await found(`fl-p${digits.slice(0, 3)}`)).toEqual([planer]);
    expect(await found(`dw-${digits.slice(0, 3)}`)).toEqual([hammer]);
    expect(await found('m18-fpd2')).toEqual([hammer]);
    expect(await found('fpd2')).toEqual([hammer]);
    expect(await found('2.5ah')).toEqual([drill]);
    expect(await found('2.')).toEqual([drill, planer]);
    expect(await found('18v/20v')).toEqual([drill]);
    expect(await found('1/2')).toEqual([drill]);
    expect(await found('10 40')).toEqual([hammer]);
    expect(await found('example.com')).toEqual([hammer]);
  });
});
