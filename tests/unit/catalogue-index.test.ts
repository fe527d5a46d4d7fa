// The saved catalogue's in-memory index (src/offline/catalogue/search-index.ts) and the worker's queue of searches
// (src/offline/catalogue/search-queue.ts): prefix matching over name, SKU, description words and category, the
// server's order, and searches the page gave up on dropped before they run.

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../src/contract/product';
import { buildCatalogueIndex, patchCatalogueIndex, searchCatalogueIndex } from '../../src/offline/catalogue/search-index';
import { productRow } from '../../src/offline/catalogue/saved';
import type { SearchReply } from '../../src/offline/catalogue/worker-messages';
import { createSearchQueue } from '../../src/offline/catalogue/search-queue';
import type { CatalogueSearch } from '../../src/offline/catalogue/search';

const tool = (name: string, fields: Partial<Product> = {}): Product => ({
  _id: randomUUID(),
  name,
  description: 'Built for the trade counter.',
  imageUrl: '/uploads/x.webp',
  price: 100,
  availableQnt: 50,
  minOrderQnt: 5,
  sku: `FL-${randomUUID().slice(0, 6).toUpperCase()}`,
  category: 'Drills',
  ...fields,
});

/** An index of `tools`, newest first as listed (as the sync numbers them). */
const indexOf = (tools: Product[]) => buildCatalogueIndex(tools.map((product, position) => productRow(product, 1000, position)).reverse());
const find = (tools: Product[], q: string, category: string | null = null, page = 1, pageSize = 24) =>
  searchCatalogueIndex(indexOf(tools), { q, category, page, pageSize });
const names = (page: ProductPage) => page.items.map((p) => p.name);

describe('the catalogue index', () => {
  const grinder = tool('Angle Grinder AG-125', { sku: 'FL-G0042', category: 'Grinders', description: 'Cuts and polishes steel.' });
  const grinder2 = tool('Bench Grinder', { sku: 'FL-G0043', category: 'Grinders' });
  const drill = tool('Hammer Drill', { sku: 'FL-D0100', description: 'Drills into concrete; pairs with a grinder.' });
  const saw = tool('Circular Saw', { sku: 'FL-S0007', category: 'Saws', description: 'Rips boards all day.' });
  const all = [grinder, grinder2, drill, saw];

  it('matches every word as a prefix of a word of the name, any case', () => {
    expect(names(find(all, 'gri'))).toEqual([grinder.name, grinder2.name, drill.name]);
    expect(names(find(all, 'ANGLE gr'))).toEqual([grinder.name]);
    expect(names(find(all, 'angle saw'))).toEqual([]);
    expect(find(all, 'rinder').total).toBe(0);
  });

  it('finds one tool by its whole SKU, and the SKUs sharing a beginning by that', () => {
    expect(names(find(all, 'FL-G0042'))).toEqual([grinder.name]);
    expect(names(find(all, 'fl-g0042'))).toEqual([grinder.name]);
    expect(names(find(all, 'FL-G004'))).toEqual([grinder.name, grinder2.name]);
    expect(find(all, 'FL-').total).toBe(4);
  });

  it('finds tools by words of their description', () => {
    expect(names(find(all, 'concrete'))).toEqual([drill.name]);
    expect(names(find(all, 'polish steel'))).toEqual([grinder.name]);
    expect(names(find(all, 'boards rip'))).toEqual([saw.name]);
  });

  it('filters by category, alone and with a search, and counts the categories by name', () => {
    expect(names(find(all, '', 'Grinders'))).toEqual([grinder.name, grinder2.name]);
    expect(names(find(all, 'grinder', 'Drills'))).toEqual([drill.name]);
    expect(find(all, '', 'Planers').total).toBe(0);
    expect(indexOf(all).categories).toEqual([
      { name: 'Drills', count: 1 },
      { name: 'Grinders', count: 2 },
      { name: 'Saws', count: 1 },
    ]);
  });

  it('puts tools named by the search first and those only described by it after, newest first within each, as the server ranks them', () => {
    // Newest first in the list: the described drill is newer than both grinders, yet comes after them.
    const newest = [drill, grinder, grinder2];
    expect(names(find(newest, 'grinder'))).toEqual([grinder.name, grinder2.name, drill.name]);
    expect(names(find([grinder2, grinder], 'grinder'))).toEqual([grinder2.name, grinder.name]);
  });

  it('pages without overlap and counts every match', () => {
    const many = Array.from({ length: 30 }, (_, i) => tool(`Impact Driver ${String(i).padStart(2, '0')}`));
    const first = find(many, 'impact', null, 1, 24);
    const second = find(many, 'impact', null, 2, 24);
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 24 });
    expect(first.items).toHaveLength(24);
    expect(second.items).toHaveLength(6);
    expect(new Set([...first.items, ...second.items].map((p) => p._id)).size).toBe(30);
    expect(find(many, '', null, 2, 24).items).toHaveLength(6);
  });

  it('gives back the tools exactly as saved, without the search words', () => {
    expect(find(all, 'FL-S0007').items).toEqual([saw]);
  });

  it('counts and pages the matches of every prefix of a word over 5,000 tools', () => {
    const kinds = ['Grinder', 'Drill', 'Saw', 'Planer'];
    const many = Array.from({ length: 5000 }, (_, i) => tool(`Tool ${i} ${kinds[i % 4] ?? ''}`, { description: `Model ${i} with a gearbox.` }));
    const index = indexOf(many);
    for (const q of ['g', 'gr', 'gri', 'grin', 'grinder']) {
      const found = searchCatalogueIndex(index, { q, category: null, page: 1, pageSize: 24 });
      // "g" also finds every gearbox in the descriptions, after the named grinders.
      expect(found.total).toBe(q === 'g' ? 5000 : 1250);
      expect(found.items[0]?.name).toBe('Tool 0 Grinder');
    }
    expect(searchCatalogueIndex(index, { q: 'grinder', category: null, page: 53, pageSize: 24 }).items.map((p) => p.name)).toEqual([
      'Tool 4992 Grinder',
      'Tool 4996 Grinder',
    ]);
  });
});

describe('a sync folded into the index', () => {
  const grinder = tool('Angle Grinder', { sku: 'FL-G0042', category: 'Grinders' });
  const drill = tool('Hammer Drill', { sku: 'FL-D0100' });
  const rowOf = (product: Product, position: number) => productRow(product, 2000, position);

  it('takes restocked and repriced tools in their places, found by the same words, the index itself unchanged', () => {
    const index = indexOf([grinder, drill]);
    const patched = patchCatalogueIndex(index, [rowOf({ ...grinder, availableQnt: 7, price: 120 }, 0)]);
    expect(patched).not.toBeNull();
    expect(searchCatalogueIndex(patched as NonNullable<typeof patched>, { q: 'grinder', category: null, page: 1, pageSize: 24 }).items).toEqual([
      { ...grinder, availableQnt: 7, price: 120 },
    ]);
    expect(searchCatalogueIndex(index, { q: 'grinder', category: null, page: 1, pageSize: 24 }).items).toEqual([grinder]);
    // Patched again, from the patched one.
    const again = patchCatalogueIndex(patched as NonNullable<typeof patched>, [rowOf({ ...drill, availableQnt: 1 }, 1)]);
    expect(again?.products.map((p) => p.availableQnt)).toEqual([7, 1]);
  });

  it('leaves a new tool, a renamed one or one moved to another category to a new build', () => {
    const index = indexOf([grinder, drill]);
    expect(patchCatalogueIndex(index, [rowOf(tool('Jigsaw'), -1)])).toBeNull();
    expect(patchCatalogueIndex(index, [rowOf({ ...drill, name: 'Rotary Hammer' }, 1)])).toBeNull();
    expect(patchCatalogueIndex(index, [rowOf({ ...drill, description: 'For masonry.' }, 1)])).toBeNull();
    expect(patchCatalogueIndex(index, [rowOf({ ...drill, category: 'Hammers' }, 1)])).toBeNull();
  });
});

describe("the worker's queue of searches", () => {
  const search = (q: string): CatalogueSearch => ({ q, category: null, page: 1, pageSize: 24 });
  const page = (q: string): ProductPage => ({ items: [tool(q)], total: 1, page: 1, pageSize: 24 });

  function queue() {
    const asked: string[] = [];
    const replies: SearchReply[] = [];
    let run: (() => void) | null = null;
    const searches = createSearchQueue(
      async (s) => {
        asked.push(s.q);
        return { data: page(s.q), savedAt: 1 };
      },
      (reply) => replies.push(reply),
      (next) => {
        run = next;
      },
    );
    const settle = async () => {
      const next = run;
      run = null;
      next?.();
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    };
    return { searches, asked, replies, settle };
  }

  it('drops a search cancelled before its turn, without running it, and answers the others in order', async () => {
    const { searches, asked, replies, settle } = queue();
    searches.take({ type: 'search', id: 1, search: search('g') });
    searches.take({ type: 'search', id: 2, search: search('gr') });
    searches.take({ type: 'search', id: 3, search: search('gri') });
    searches.take({ type: 'cancel', id: 1 });
    searches.take({ type: 'cancel', id: 2 });
    await settle();
    expect(asked).toEqual(['gri']);
    expect(replies.map((r) => r.id)).toEqual([3]);
    expect(replies[0]).toMatchObject({ type: 'search', ok: true, found: { savedAt: 1 } });
  });

  it('does not answer a search cancelled while it ran, and takes searches that arrive later', async () => {
    let release: () => void = () => undefined;
    const replies: SearchReply[] = [];
    let run: (() => void) | null = null;
    const searches = createSearchQueue(
      (s) =>
        new Promise((resolve) => {
          release = () => resolve({ data: page(s.q), savedAt: 1 });
        }),
      (reply) => replies.push(reply),
      (next) => {
        run = next;
      },
    );
    searches.take({ type: 'search', id: 1, search: search('dr') });
    (run as (() => void) | null)?.();
    searches.take({ type: 'cancel', id: 1 });
    searches.take({ type: 'search', id: 2, search: search('dri') });
    release();
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    release();
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(replies.map((r) => r.id)).toEqual([2]);
  });

  it('says when the saved copy could not be read, and null before the first sync', async () => {
    const replies: SearchReply[] = [];
    let run: (() => void) | null = null;
    const searches = createSearchQueue(
      async (s) => {
        if (s.q === 'broken') throw new Error('The saved catalogue could not be read.');
        return undefined;
      },
      (reply) => replies.push(reply),
      (next) => {
        run = next;
      },
    );
    searches.take({ type: 'search', id: 1, search: search('broken') });
    searches.take({ type: 'search', id: 2, search: search('drill') });
    (run as (() => void) | null)?.();
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(replies).toEqual([
      { type: 'search', id: 1, ok: false, message: 'The saved catalogue could not be read.' },
      { type: 'search', id: 2, ok: true, found: null },
    ]);
  });
});
