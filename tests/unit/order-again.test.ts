// "Order again": a past order's lines compared with today's catalogue (prices, rules, stock).

import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/contract/order';
import type { Product } from '../../src/contract/product';
import { fixtureId, orderOfLines } from '../helpers/order-fixtures';
import {
  GONE,
  lineChanged,
  linesOf,
  planOrderAgain,
  priceChanged,
  quantityChanged,
  quantityReason,
  SOLD_OUT,
  todaysQuantity,
} from '../../src/features/orders/order-again';

const id = fixtureId;

function product(n: number, fields: Partial<Product> = {}): Product {
  return {
    _id: id(n),
    name: `Tool ${n}`,
    description: 'd',
    imageUrl: `/uploads/${n}.webp`,
    price: 100,
    availableQnt: 1000,
    minOrderQnt: 1,
    maxOrderQnt: null,
    packSize: 1,
    priceTiers: [],
    ...fields,
  };
}

function order(lines: { n: number | null; quantity: number; unitPrice: number; name?: string }[]): Order {
  const full = lines.map((line) => ({
    productId: line.n === null ? null : id(line.n),
    productName: line.name ?? `Tool ${line.n ?? 'gone'}`,
    imageUrl: null,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineTotal: line.quantity * line.unitPrice,
  }));
  return orderOfLines(full);
}

describe('todaysQuantity', () => {
  it("keeps a quantity today's rules still allow", () => {
    expect(todaysQuantity(product(1, { packSize: 6, minOrderQnt: 6 }), 24)).toEqual({ quantity: 24, changes: [] });
  });

  it('raises it to the minimum, then to whole packs', () => {
    expect(todaysQuantity(product(1, { minOrderQnt: 20 }), 10)).toEqual({ quantity: 20, changes: [{ kind: 'minimum', minimum: 20 }] });
    expect(todaysQuantity(product(1, { packSize: 6, minOrderQnt: 6 }), 15)).toEqual({ quantity: 18, changes: [{ kind: 'pack', packSize: 6 }] });
  });

  it('lowers it to the largest whole number of packs under the maximum or the stock', () => {
    expect(todaysQuantity(product(1, { packSize: 6, minOrderQnt: 6, maxOrderQnt: 500 }), 600)).toEqual({
      quantity: 498,
      changes: [{ kind: 'maximum', maximum: 500 }],
    });
    expect(todaysQuantity(product(1, { packSize: 4, minOrderQnt: 4, availableQnt: 30 }), 40)).toEqual({
      quantity: 28,
      changes: [{ kind: 'stock', available: 30 }],
    });
  });

  it('finds nothing when the stock is below the minimum', () => {
    expect(todaysQuantity(product(1, { minOrderQnt: 10, availableQnt: 9 }), 10)).toBeNull();
    expect(todaysQuantity(product(1, { minOrderQnt: 6, packSize: 6, availableQnt: 5 }), 6)).toBeNull();
  });
});

describe('planOrderAgain', () => {
  it('puts unchanged lines back as they were', () => {
    const [line] = planOrderAgain(order([{ n: 1, quantity: 10, unitPrice: 100 }]), [product(1)]);
    expect(line).toMatchObject({ productId: id(1), now: { quantity: 10, unitPrice: 10_000, currency: 'USD' }, quantityChanges: [], unavailable: null });
    expect(lineChanged(line!)).toBe(false);
  });

  it("prices each line at today's price for its quantity, tiers included", () => {
    const catalogue = [product(1, { price: 110 }), product(2, { price: 100, priceTiers: [{ minQnt: 50, price: 90 }] })];
    const [repriced, tiered] = planOrderAgain(
      order([
        { n: 1, quantity: 10, unitPrice: 100 },
        { n: 2, quantity: 60, unitPrice: 90 },
      ]),
      catalogue,
    );
    expect(repriced!.now).toEqual({ quantity: 10, unitPrice: 11_000, currency: 'USD' });
    expect(priceChanged(repriced!)).toBe(true);
    expect(tiered!.now).toEqual({ quantity: 60, unitPrice: 9_000, currency: 'USD' });
    expect(lineChanged(tiered!)).toBe(false);
  });

  it("notes a quantity moved by today's rules, and the tier price it now reaches", () => {
    const catalogue = [product(1, { packSize: 12, minOrderQnt: 12, priceTiers: [{ minQnt: 48, price: 92 }] })];
    const [line] = planOrderAgain(order([{ n: 1, quantity: 40, unitPrice: 100 }]), catalogue);
    expect(line!.now).toEqual({ quantity: 48, unitPrice: 9_200, currency: 'USD' });
    expect(quantityChanged(line!)).toBe(true);
    expect(priceChanged(line!)).toBe(true);
    expect(line!.quantityChanges.map(quantityReason)).toEqual(['sold in packs of 12']);
  });

  it('leaves out tools that are gone or sold out, saying which', () => {
    const lines = planOrderAgain(
      order([
        { n: 1, quantity: 5, unitPrice: 100 },
        { n: 2, quantity: 5, unitPrice: 100 },
        { n: null, quantity: 5, unitPrice: 100, name: 'Old Saw' },
        { n: 3, quantity: 5, unitPrice: 100 },
      ]),
      [product(1), product(3, { availableQnt: 2, minOrderQnt: 5 })],
    );
    expect(lines.map((line) => line.unavailable)).toEqual([null, GONE, GONE, SOLD_OUT]);
    expect(lines.map((line) => line.now === null)).toEqual([false, true, true, true]);
    expect(lines[2]!.productName).toBe('Old Saw');
    expect(lines.map(lineChanged)).toEqual([false, true, true, true]);
  });

  it('reads an order saved before bulk orders from its top-level fields', () => {
    const old = { ...order([{ n: 1, quantity: 7, unitPrice: 100 }]), lines: undefined };
    expect(linesOf(old)).toEqual([{ productId: id(1), productName: 'Tool 1', imageUrl: null, unitPrice: 100, quantity: 7, lineTotal: 700 }]);
    expect(planOrderAgain(old, [product(1)])[0]!.now).toEqual({ quantity: 7, unitPrice: 10_000, currency: 'USD' });
  });

  it('prices the pad with the dealer’s price list, and notes the change from the order’s currency', () => {
    const euros = { currency: 'EUR' as const, rateMicros: 920_000, defaultPercentOff: 1_000, entries: {} };
    const [line] = planOrderAgain(order([{ n: 1, quantity: 10, unitPrice: 100 }]), [product(1)], euros);
    // $100 x 0.92 less 10 %: €82.80.
    expect(line!.now).toEqual({ quantity: 10, unitPrice: 8_280, currency: 'EUR' });
    expect(priceChanged(line!)).toBe(true);
  });

  it("says each rule in the dealer's words", () => {
    expect(quantityReason({ kind: 'minimum', minimum: 1200 })).toBe('the minimum order is 1,200 pcs.');
    expect(quantityReason({ kind: 'maximum', maximum: 500 })).toBe('at most 500 pcs. per order');
    expect(quantityReason({ kind: 'stock', available: 30 })).toBe('only 30 pcs. in stock');
  });
});
