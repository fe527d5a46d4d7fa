// Online, Our Tools shows the saved catalogue's answer at once and the server's answer confirms it
// (src/features/catalogue/search-products.ts, confirmPage): the cards shown never move when the saved copy
// is current, only their fields are refreshed; a saved copy that is behind gives way to the server's page.

import { describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../src/contract/product';
import { confirmPage } from '../../src/features/catalogue/search-products';

const tool = (id: string, fields: Partial<Product> = {}): Product => ({
  _id: id,
  name: `Tool ${id}`,
  description: 'Built for the trade counter.',
  imageUrl: '/uploads/x.webp',
  price: 100,
  availableQnt: 50,
  minOrderQnt: 5,
  sku: `FL-${id}`,
  category: 'Drills',
  ...fields,
});
const page = (items: Product[], total = items.length): ProductPage => ({ items, total, page: 1, pageSize: 24 });

describe('the server confirming a saved answer', () => {
  it('keeps the same page when the server agrees, so nothing renders again', () => {
    const saved = page([tool('a'), tool('b')]);
    expect(confirmPage(saved, page([tool('a'), tool('b')]))).toBe(saved);
  });

  it("keeps the saved order and takes the server's fields when the totals agree", () => {
    const saved = page([tool('a'), tool('b'), tool('c')]);
    const confirmed = confirmPage(saved, page([tool('c'), tool('b', { availableQnt: 3 }), tool('a')]));
    expect(confirmed.items.map((p) => p._id)).toEqual(['a', 'b', 'c']);
    expect(confirmed.items[1]?.availableQnt).toBe(3);
    expect(confirmed.total).toBe(3);
  });

  it("shows the server's page when the totals differ: the saved copy is behind", () => {
    const saved = page([tool('a'), tool('b')]);
    const server = page([tool('new'), tool('a'), tool('b')]);
    expect(confirmPage(saved, server)).toBe(server);
  });
});
