// Volume prices and the quantity rules of a tool: what the purchase page, the order pad and the server
// all compute from src/contract (docs/architecture.md, "Orders and stock").

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { describeRules, displayTotal, lineTotal, tierFor, unitPriceFor, type ToolTerms } from '../../src/contract/pricing';
import { purchaseFormSchema } from '../../src/contract/order';
import { ProductFieldsSchema, ruleProblem, UpdateProductBodySchema } from '../../src/contract/product';

const tiers = [
  { minQnt: 12, price: 85 },
  { minQnt: 48, price: 80 },
];
const drill: ToolTerms = { price: 90, availableQnt: 600, minOrderQnt: 6, maxOrderQnt: 500, packSize: 6, priceTiers: tiers };

describe('unitPriceFor and tierFor', () => {
  it('charges the list price below the first tier', () => {
    expect(unitPriceFor(drill, 6)).toBe(90);
    expect(unitPriceFor(drill, 11)).toBe(90);
    expect(tierFor(drill, 11)).toBeNull();
  });

  it('charges the tier a quantity reaches, from its minimum on', () => {
    expect(unitPriceFor(drill, 12)).toBe(85);
    expect(unitPriceFor(drill, 47)).toBe(85);
    expect(tierFor(drill, 47)).toEqual({ minQnt: 12, price: 85 });
    expect(unitPriceFor(drill, 48)).toBe(80);
    expect(tierFor(drill, 480)).toEqual({ minQnt: 48, price: 80 });
  });

  it('takes the tier with the largest minimum reached, whatever order the tiers come in', () => {
    const shuffled = { price: 90, priceTiers: [tiers[1]!, tiers[0]!] };
    expect(unitPriceFor(shuffled, 50)).toBe(80);
    expect(tierFor(shuffled, 50)).toEqual({ minQnt: 48, price: 80 });
    expect(unitPriceFor(shuffled, 20)).toBe(85);
  });

  it('is the list price for a tool without tiers (a catalogue saved before they existed)', () => {
    expect(unitPriceFor({ price: 120 }, 1000)).toBe(120);
    expect(tierFor({}, 1000)).toBeNull();
    expect(lineTotal({ price: 120 }, 10)).toBe(1200);
  });

  it('totals a line at its tier price', () => {
    expect(lineTotal(drill, 12)).toBe(12 * 85);
    expect(lineTotal(drill, 60)).toBe(60 * 80);
  });

  it('follows the tier in the live total of the purchase form', () => {
    expect(displayTotal('12', 6, 90, drill)).toBe(1020);
    expect(displayTotal(48, 6, 90, drill)).toBe(3840);
    expect(displayTotal('', 6, 90, drill)).toBe(540);
    // Without the tiers, as the spec's one-price form always did.
    expect(displayTotal(48, 6, 90)).toBe(4320);
  });
});

describe('describeRules', () => {
  it('says the pack and the maximum in one short line', () => {
    expect(describeRules(drill)).toBe('in packs of 6, at most 500 per order');
    expect(describeRules({ ...drill, maxOrderQnt: null })).toBe('in packs of 6');
    expect(describeRules({ ...drill, packSize: 1 })).toBe('at most 500 per order');
  });

  it("is null for a tool with no rules beyond the spec's minimum", () => {
    expect(describeRules({ price: 10, availableQnt: 5, minOrderQnt: 1 })).toBeNull();
  });
});

describe('ruleProblem and the rule schemas', () => {
  it('keeps the maximum at or above the minimum', () => {
    expect(ruleProblem({ minOrderQnt: 10, maxOrderQnt: 9 })).toEqual({ field: 'maxOrderQnt', message: 'The maximum per order cannot be below the minimum' });
    expect(ruleProblem({ minOrderQnt: 10, maxOrderQnt: 10 })).toBeNull();
  });

  it('asks for a minimum that is a whole number of packs', () => {
    expect(ruleProblem({ minOrderQnt: 10, packSize: 4 })).toEqual({ field: 'packSize', message: 'The minimum order must be a whole number of packs' });
    expect(ruleProblem({ minOrderQnt: 12, packSize: 4 })).toBeNull();
  });

  it('keeps every tier below the list price', () => {
    expect(ruleProblem({ price: 90, priceTiers: [{ minQnt: 10, price: 90 }] })).toEqual({
      field: 'priceTiers',
      message: 'Every tier price must be below the list price',
    });
    expect(ruleProblem({ price: 90, priceTiers: tiers })).toBeNull();
  });

  const fields = { name: 'Drill', description: 'x'.repeat(150), price: 90, availableQnt: 600, minOrderQnt: 6 };
  const issueAt = (result: v.SafeParseResult<v.GenericSchema>) => result.issues?.map((issue) => [v.getDotPath(issue), issue.message]);

  it('are checked by the Add Product fields schema, under the field that is wrong', () => {
    expect(v.safeParse(ProductFieldsSchema, { ...fields, maxOrderQnt: 500, packSize: 6, priceTiers: tiers }).success).toBe(true);
    expect(issueAt(v.safeParse(ProductFieldsSchema, { ...fields, packSize: 4 }))).toEqual([['packSize', 'The minimum order must be a whole number of packs']]);
    expect(issueAt(v.safeParse(ProductFieldsSchema, { ...fields, maxOrderQnt: 5 }))).toEqual([
      ['maxOrderQnt', 'The maximum per order cannot be below the minimum'],
    ]);
    expect(issueAt(v.safeParse(ProductFieldsSchema, { ...fields, priceTiers: [{ minQnt: 12, price: 95 }] }))).toEqual([
      ['priceTiers', 'Every tier price must be below the list price'],
    ]);
  });

  it('want tiers that rise in quantity and fall in price, at most five', () => {
    const unordered = v.safeParse(ProductFieldsSchema, { ...fields, priceTiers: [tiers[1]!, tiers[0]!] });
    expect(issueAt(unordered)).toEqual([['priceTiers', 'Each tier needs a larger quantity and a lower price than the one before']]);
    const six = Array.from({ length: 6 }, (_, i) => ({ minQnt: 10 * (i + 1), price: 80 - i }));
    expect(issueAt(v.safeParse(ProductFieldsSchema, { ...fields, priceTiers: six }))).toEqual([['priceTiers', 'At most 5 price tiers']]);
  });

  it('take a cleared maximum as null in the body of PATCH, and no field Add Product lacks', () => {
    expect(v.safeParse(UpdateProductBodySchema, { maxOrderQnt: null, packSize: 1, priceTiers: [] }).success).toBe(true);
    expect(v.safeParse(UpdateProductBodySchema, { status: 'featured' }).success).toBe(false);
  });
});

describe("purchaseFormSchema with a tool's rules", () => {
  const schema = purchaseFormSchema({ minOrderQnt: 6, availableQnt: 600, maxOrderQnt: 500, packSize: 6 });
  const form = { userAddress: '1 Quay St', userPhone: '+44 113 496 0000' };
  const messages = (orderQuantity: number) => v.safeParse(schema, { ...form, orderQuantity }).issues?.map((issue) => issue.message) ?? [];

  it('takes whole packs up to the maximum', () => {
    expect(messages(6)).toEqual([]);
    expect(messages(498)).toEqual([]);
  });

  it("refuses the pack with the rule's message", () => {
    expect(messages(13)).toEqual(['Sold in packs of 6: order a multiple of 6 pcs.']);
  });

  it("puts the spec's range message, to the real bound and why, first for the minimum and the maximum", () => {
    const range = 'Quantity should be in 6 to 500. At most 500 pcs. per order.';
    expect(messages(5)[0]).toBe(range);
    expect(messages(504)[0]).toBe(range);
    expect(messages(606)[0]).toBe(range);
  });

  it("is the spec's form for a tool without rules", () => {
    const plain = purchaseFormSchema({ minOrderQnt: 6, availableQnt: 600 });
    expect(v.safeParse(plain, { ...form, orderQuantity: 13 }).success).toBe(true);
  });
});
