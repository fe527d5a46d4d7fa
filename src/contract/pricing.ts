// Pure rules shared by the purchase page, the order pad and the server: prices, volume prices and totals
// (docs/architecture.md, "Orders and stock"). How many pieces may be ordered is quantity-rules.ts.

import { DESCRIPTION_CUT } from './constants';

export function orderTotal(quantity: number, unitPrice: number): number {
  return quantity * unitPrice;
}

/** What the quantity rules and prices of one tool are made of (a Product, or a product row mapped to it). */
export interface ToolTerms {
  price: number;
  availableQnt: number;
  minOrderQnt: number;
  /** At most this many per order; null or missing: no maximum beyond the stock. */
  maxOrderQnt?: number | null | undefined;
  /** Sold in multiples of this; 1 or missing: any whole number. */
  packSize?: number | undefined;
  /** Volume prices: from `minQnt` pieces on, each costs `price`. */
  priceTiers?: readonly { minQnt: number; price: number }[] | undefined;
}

/** The unit price for a quantity: the tier with the largest minimum the quantity reaches, else the list price. */
export function unitPriceFor(terms: Pick<ToolTerms, 'price' | 'priceTiers'>, quantity: number): number {
  let price = terms.price;
  let reached = 0;
  for (const tier of terms.priceTiers ?? []) {
    if (quantity >= tier.minQnt && tier.minQnt >= reached) {
      price = tier.price;
      reached = tier.minQnt;
    }
  }
  return price;
}

/** The tier a quantity gets, or null for the list price. */
export function tierFor(terms: Pick<ToolTerms, 'priceTiers'>, quantity: number): { minQnt: number; price: number } | null {
  const reached = (terms.priceTiers ?? []).filter((tier) => quantity >= tier.minQnt);
  return reached.reduce<{ minQnt: number; price: number } | null>((best, tier) => (best === null || tier.minQnt > best.minQnt ? tier : best), null);
}

export function lineTotal(terms: Pick<ToolTerms, 'price' | 'priceTiers'>, quantity: number): number {
  return orderTotal(quantity, unitPriceFor(terms, quantity));
}

/**
 * Why a line of an order cannot be placed as it is: the tool's own rules and stock (quantity-rules.ts), a
 * unit price the dealer did not see, or a tool gone from the catalogue. The one list, for the server's
 * refusals and every screen that reads them.
 */
export const LINE_PROBLEM_CODES = ['below_minimum', 'above_maximum', 'not_pack_multiple', 'out_of_stock', 'price_changed', 'not_found'] as const;
export type LineProblemCode = (typeof LINE_PROBLEM_CODES)[number];

/** The rules of a tool as one short line for the purchase page and the pad ("in packs of 6, at most 500 per order"). */
export function describeRules(terms: ToolTerms): string | null {
  const parts: string[] = [];
  if ((terms.packSize ?? 1) > 1) parts.push(`in packs of ${terms.packSize}`);
  if (terms.maxOrderQnt != null) parts.push(`at most ${terms.maxOrderQnt} per order`);
  return parts.length === 0 ? null : parts.join(', ');
}

/** The live total of the purchase form: an empty or unparsable quantity counts as the minimum. */
export function displayTotal(
  quantityInput: string | number | undefined,
  minOrderQnt: number,
  unitPrice: number,
  terms?: Pick<ToolTerms, 'priceTiers'>,
): number {
  const parsed = typeof quantityInput === 'number' ? quantityInput : Number.parseInt(quantityInput ?? '', 10);
  const quantity = Number.isFinite(parsed) && String(quantityInput ?? '').trim() !== '' ? parsed : minOrderQnt;
  return orderTotal(quantity, unitPriceFor({ price: unitPrice, priceTiers: terms?.priceTiers }, quantity));
}

/** Home cards show the first 150 characters plus an ellipsis. */
export function cutDescription(description: string, limit = DESCRIPTION_CUT): string {
  // Counted in characters (code points), reading no further than the cut: a list draws many of these.
  if (description.length <= limit) return description;
  let seen = 0;
  let end = 0;
  for (const char of description) {
    if (seen === limit) return `${description.slice(0, end)}...`;
    seen += 1;
    end += char.length;
  }
  return description;
}

/** The spec's rating: 1 to 5 filled stars; any value other than '1' to '4' shows 5 stars. */
export function starCount(rating: string | number): number {
  const text = String(rating);
  return text === '1' || text === '2' || text === '3' || text === '4' ? Number(text) : 5;
}

// Whole dollars and counts are written without Intl: making an Intl.NumberFormat loads the locale's data,
// the largest single cost of the home page's first script run on a slow tablet (docs/performance.md), and
// en-US grouping of a whole number is a fixed rule. Anything else (fractions, NaN) goes to Intl.
let intlDollars: Intl.NumberFormat | null = null;
let intlCount: Intl.NumberFormat | null = null;

/** 1234567 -> "1,234,567" for a whole number of at most 15 digits; null for anything else. */
function groupedWhole(value: number): string | null {
  if (!Number.isSafeInteger(value)) return null;
  const digits = String(Math.abs(value));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) grouped = end - 3 > 0 ? `,${digits.slice(end - 3, end)}${grouped}` : `${digits.slice(0, end)}${grouped}`;
  return value < 0 ? `-${grouped}` : grouped;
}

/** Whole dollars, as Intl's en-US currency with no fraction digits writes them: $1,235, -$40. */
export function formatDollars(amount: number): string {
  // Half away from zero, as Intl rounds; -0 shows as -$0 there too.
  const whole = Number.isFinite(amount) ? Math.sign(amount) * Math.round(Math.abs(amount)) : NaN;
  const grouped = groupedWhole(whole);
  if (grouped === null || Object.is(whole, -0)) {
    intlDollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    return intlDollars.format(amount);
  }
  return grouped.startsWith('-') ? `-$${grouped.slice(1)}` : `$${grouped}`;
}

/** A count of pieces or tools as every screen writes it: 1,200. */
export function formatCount(count: number): string {
  const grouped = Object.is(count, -0) ? null : groupedWhole(count);
  if (grouped !== null) return grouped;
  intlCount ??= new Intl.NumberFormat('en-US');
  return intlCount.format(count);
}
