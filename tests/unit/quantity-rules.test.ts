// The one module that judges and words a quantity (src/contract/quantity-rules.ts): the bound and why,
// every problem's code and words, the purchase page's range message, the quick entry's rounding and the
// request schema's words.

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '../../src/contract/constants';
import {
  isInRange,
  largestAllowed,
  QuantitySchema,
  quantityMessages,
  quantityProblem,
  rangeMessage,
  roundUpToAllowed,
  smallestAllowed,
  typedQuantityProblem,
  upperBound,
  type QuantityTerms,
} from '../../src/contract/quantity-rules';

/** The brief's own case: a minimum of 50, 1,200 in stock, at most 500 per order. */
const capped: QuantityTerms = { minOrderQnt: 50, availableQnt: 1200, maxOrderQnt: 500 };
const drill: QuantityTerms = { minOrderQnt: 6, availableQnt: 600, maxOrderQnt: 500, packSize: 6 };
const plain: QuantityTerms = { minOrderQnt: 3, availableQnt: 40 };

describe('upperBound', () => {
  it('is the smallest of the stock, the tool’s maximum and the shop’s limit, with what sets it', () => {
    expect(upperBound(capped)).toEqual({ bound: 500, reason: 'tool_maximum' });
    expect(upperBound({ ...capped, availableQnt: 300 })).toEqual({ bound: 300, reason: 'stock' });
    expect(upperBound(plain)).toEqual({ bound: 40, reason: 'stock' });
    expect(upperBound({ ...plain, maxOrderQnt: null })).toEqual({ bound: 40, reason: 'stock' });
    expect(upperBound({ minOrderQnt: 1, availableQnt: MAX_QUANTITY * 2 })).toEqual({ bound: MAX_QUANTITY, reason: 'shop_maximum' });
  });

  it('names the stock when the stock and the maximum are the same', () => {
    expect(upperBound({ ...capped, availableQnt: 500 })).toEqual({ bound: 500, reason: 'stock' });
  });

  it('gives the smallest and largest whole-pack quantities', () => {
    expect(smallestAllowed({ minOrderQnt: 5 })).toBe(5);
    expect(smallestAllowed({ minOrderQnt: 10, packSize: 6 })).toBe(12);
    expect(smallestAllowed({ minOrderQnt: 1, packSize: 4 })).toBe(4);
    expect(largestAllowed(drill)).toBe(498);
    expect(largestAllowed(capped)).toBe(500);
  });
});

describe('quantityProblem', () => {
  it('accepts a whole number of packs from the minimum to the bound', () => {
    for (const quantity of [6, 12, 498]) expect(quantityProblem(drill, quantity)).toBeNull();
    expect(quantityProblem(plain, 37)).toBeNull();
    expect(quantityProblem(plain, 40)).toBeNull();
  });

  it("names the rule a quantity breaks, in the dealer's words", () => {
    expect(quantityProblem(drill, 5)).toEqual({ code: 'below_minimum', message: 'The minimum order for this product is 6 pcs.' });
    expect(quantityProblem(drill, 6.5)?.code).toBe('below_minimum');
    expect(quantityProblem(drill, 504)).toEqual({ code: 'above_maximum', message: 'At most 500 pcs. per order.' });
    expect(quantityProblem(drill, 13)).toEqual({ code: 'not_pack_multiple', message: 'Sold in packs of 6: order a multiple of 6 pcs.' });
    expect(quantityProblem({ ...drill, availableQnt: 30 }, 36)).toEqual({ code: 'out_of_stock', message: 'Only 30 pcs. are in stock.' });
    expect(quantityProblem(plain, 41)).toEqual({ code: 'out_of_stock', message: 'Only 40 pcs. are in stock.' });
  });

  it('names the real bound: the stock when it is below the maximum, the maximum when it is below the stock', () => {
    expect(quantityProblem({ ...drill, availableQnt: 30 }, 504)).toEqual({ code: 'out_of_stock', message: 'Only 30 pcs. are in stock.' });
    expect(quantityProblem(capped, 600)).toEqual({ code: 'above_maximum', message: 'At most 500 pcs. per order.' });
  });

  it('names the shop’s limit for one line above it', () => {
    const huge = { minOrderQnt: 1, availableQnt: MAX_QUANTITY * 2 };
    expect(quantityProblem(huge, MAX_QUANTITY)).toBeNull();
    expect(quantityProblem(huge, MAX_QUANTITY + 1)).toEqual({ code: 'above_maximum', message: 'One order takes at most 1,000,000 pcs. of a tool.' });
  });

  it('says a tool with nothing to sell is out of stock, whatever the quantity', () => {
    const none = { ...plain, availableQnt: 0 };
    expect(quantityProblem(none, 3)).toEqual({ code: 'out_of_stock', message: 'This tool is out of stock right now.' });
    expect(quantityProblem(none, 1)).toEqual({ code: 'out_of_stock', message: 'This tool is out of stock right now.' });
    expect(quantityProblem({ ...drill, availableQnt: 5 }, 6)).toEqual({
      code: 'out_of_stock',
      message: 'Only 5 pcs. are in stock, fewer than the 6 pcs. this tool is sold in.',
    });
  });

  it('groups large numbers as every screen writes them', () => {
    expect(quantityProblem({ minOrderQnt: 1200, availableQnt: 5000 }, 10)?.message).toBe('The minimum order for this product is 1,200 pcs.');
  });
});

describe('typedQuantityProblem', () => {
  it('asks for a number when the box holds none, else is the rule check', () => {
    expect(typedQuantityProblem(drill, null)).toBe('Enter the number of pieces.');
    expect(typedQuantityProblem(drill, 0)).toBe('Enter the number of pieces.');
    expect(typedQuantityProblem(drill, 2.5)).toBe('Enter the number of pieces.');
    expect(typedQuantityProblem(drill, 13)).toBe('Sold in packs of 6: order a multiple of 6 pcs.');
    expect(typedQuantityProblem(drill, 12)).toBeNull();
  });
});

describe('rangeMessage (the purchase page)', () => {
  it("keeps the spec's words when the stock is the bound", () => {
    expect(rangeMessage(plain)).toBe('Quantity should be in 3 to 40.');
  });

  it('names the real bound and why when it is not the stock', () => {
    expect(rangeMessage(capped)).toBe('Quantity should be in 50 to 500. At most 500 pcs. per order.');
    expect(rangeMessage({ minOrderQnt: 1, availableQnt: MAX_QUANTITY * 2 })).toBe(
      'Quantity should be in 1 to 1000000. One order takes at most 1,000,000 pcs. of a tool.',
    );
  });

  it('says so when nothing can be ordered', () => {
    expect(rangeMessage({ ...plain, availableQnt: 2 })).toBe('Only 2 pcs. are in stock, fewer than the 3 pcs. this tool is sold in.');
    expect(rangeMessage({ ...plain, availableQnt: 0 })).toBe(quantityMessages.soldOut);
  });

  it('takes the range from the minimum to the bound', () => {
    expect(isInRange(capped, 50)).toBe(true);
    expect(isInRange(capped, 500)).toBe(true);
    expect(isInRange(capped, 501)).toBe(false);
    expect(isInRange(capped, 49)).toBe(false);
    expect(isInRange(capped, 50.5)).toBe(false);
    expect(isInRange({ ...plain, availableQnt: 2 }, 2)).toBe(false);
  });
});

describe('roundUpToAllowed (the quick entry)', () => {
  it('rounds a quantity below the minimum up to it, and says so', () => {
    expect(roundUpToAllowed({ minOrderQnt: 30, availableQnt: 100 }, 10)).toEqual({ quantity: 30, note: 'Rounded to 30, the minimum.' });
    expect(roundUpToAllowed({ minOrderQnt: 10, availableQnt: 100, packSize: 6 }, 4)).toEqual({
      quantity: 12,
      note: 'Rounded to 12, the minimum in whole packs of 6.',
    });
  });

  it('rounds a quantity off the pack up to whole packs, and says so', () => {
    expect(roundUpToAllowed(drill, 13)).toEqual({ quantity: 18, note: 'Rounded to 18, a whole number of packs of 6.' });
  });

  it('keeps a quantity the rules allow as it is', () => {
    expect(roundUpToAllowed(drill, 24)).toEqual({ quantity: 24, note: null });
  });

  it('refuses, with the reason, what rounding cannot mend', () => {
    expect(roundUpToAllowed(capped, 600)).toEqual({ problem: 'At most 500 pcs. per order.' });
    expect(roundUpToAllowed({ ...plain, availableQnt: 20 }, 25)).toEqual({ problem: 'Only 20 pcs. are in stock.' });
    expect(roundUpToAllowed(drill, 499)).toEqual({ problem: 'Sold in packs of 6: order a multiple of 6 pcs.' });
    expect(roundUpToAllowed({ minOrderQnt: 30, availableQnt: 20 }, 10)).toEqual({
      problem: 'Only 20 pcs. are in stock, fewer than the 30 pcs. this tool is sold in.',
    });
    expect(roundUpToAllowed(drill, null)).toEqual({ problem: 'Enter the number of pieces.' });
  });
});

describe('QuantitySchema (a line of a request body)', () => {
  const message = (input: unknown) => v.safeParse(QuantitySchema, input).issues?.[0]?.message;
  it('speaks the screens’ words', () => {
    expect(v.safeParse(QuantitySchema, 12).success).toBe(true);
    expect(message('12')).toBe('Enter the number of pieces.');
    expect(message(0)).toBe('Enter the number of pieces.');
    expect(message(1.5)).toBe('Enter the number of pieces.');
    expect(message(MAX_QUANTITY + 1)).toBe('One order takes at most 1,000,000 pcs. of a tool.');
  });
});
