import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/contract/product';
import { smallestAllowed } from '../../src/contract/quantity-rules';
import { matchTools, parseQuantity } from '../../src/features/order-pad/match-tools';
import { padLineProblem } from '../../src/features/order-pad/pad-line';

const tool = (name: string, extra: Partial<Product> = {}): Product => ({
  _id: name,
  name,
  description: '',
  imageUrl: '/uploads/x.webp',
  price: 100,
  availableQnt: 100,
  minOrderQnt: 5,
  ...extra,
});

const catalogue = [tool('Hammer Drill HD-18'), tool('Cordless Drill CD-12'), tool('Chop Saw CS-355'), tool('Drill Press DP-20'), tool('Angle Grinder AG-125')];

describe('quick entry search', () => {
  it('finds tools holding every typed word, any case, names starting with the text first', () => {
    expect(matchTools(catalogue, 'drill').map((p) => p.name)).toEqual(['Drill Press DP-20', 'Cordless Drill CD-12', 'Hammer Drill HD-18']);
    expect(matchTools(catalogue, 'HD drill').map((p) => p.name)).toEqual(['Hammer Drill HD-18']);
    expect(matchTools(catalogue, 'saw 355').map((p) => p.name)).toEqual(['Chop Saw CS-355']);
  });

  it('finds a tool by its whole SKU as read off the box, or a part of it, the whole SKU first', () => {
    const withSkus = [
      tool('Circular Saw CS184', { sku: 'FL-CS184' }),
      tool('Circular Saw CS1840 Pro', { sku: 'FL-CS1840' }),
      tool('Hammer Drill HD-18', { sku: 'FL-HD18' }),
    ];
    expect(matchTools(withSkus, 'FL-CS184').map((p) => p.sku)).toEqual(['FL-CS184', 'FL-CS1840']);
    expect(matchTools(withSkus, 'fl-cs184').map((p) => p.sku)).toEqual(['FL-CS184', 'FL-CS1840']);
    expect(matchTools(withSkus, 'CS184').map((p) => p.sku)).toEqual(['FL-CS184', 'FL-CS1840']);
    expect(matchTools(withSkus, 'fl-hd')).toEqual([withSkus[2]]);
    expect(matchTools(withSkus, 'FL-XX99')).toEqual([]);
  });

  it('finds nothing for blank text or a name no tool has, and stops at the limit', () => {
    expect(matchTools(catalogue, '   ')).toEqual([]);
    expect(matchTools(catalogue, 'router')).toEqual([]);
    expect(matchTools(catalogue, 'r', 2)).toHaveLength(2);
  });

  it('reads a quantity only as a whole number of pieces', () => {
    expect(parseQuantity(' 24 ')).toBe(24);
    for (const bad of ['', '0', '-3', '2.5', '1e3', 'twelve', '12345678']) expect(parseQuantity(bad)).toBeNull();
  });
});

describe('Add to order', () => {
  it('starts at the minimum, rounded up to a whole number of packs', () => {
    expect(smallestAllowed({ minOrderQnt: 5 })).toBe(5);
    expect(smallestAllowed({ minOrderQnt: 5, packSize: 1 })).toBe(5);
    expect(smallestAllowed({ minOrderQnt: 10, packSize: 6 })).toBe(12);
    expect(smallestAllowed({ minOrderQnt: 12, packSize: 6 })).toBe(12);
    expect(smallestAllowed({ minOrderQnt: 1, packSize: 4 })).toBe(4);
  });
});

describe('a pad line problem', () => {
  const grinder = tool('Angle Grinder AG-125', { minOrderQnt: 6, packSize: 6, maxOrderQnt: 60, availableQnt: 48 });
  it('is the rule check in the line own words, or why the line cannot be checked', () => {
    expect(padLineProblem(grinder, 12)).toBeNull();
    expect(padLineProblem(grinder, 3)).toBe('The minimum order for this product is 6 pcs.');
    expect(padLineProblem(grinder, 14)).toBe('Sold in packs of 6: order a multiple of 6 pcs.');
    expect(padLineProblem({ ...grinder, availableQnt: 100 }, 66)).toBe('At most 60 pcs. per order.');
    // Above both the maximum and the stock: the stock is the real bound.
    expect(padLineProblem(grinder, 66)).toBe('Only 48 pcs. are in stock.');
    expect(padLineProblem(grinder, 54)).toBe('Only 48 pcs. are in stock.');
    expect(padLineProblem(grinder, null)).toBe('Enter the number of pieces.');
    expect(padLineProblem(undefined, 12)).toMatch(/no longer in the catalogue/u);
  });
});
