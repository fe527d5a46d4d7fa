// How many pieces of a tool one order may take, and every reason a quantity is refused, in the dealer's
// words. The purchase page, the order pad (its lines and its quick entry), a saved order being edited and
// the server's order checks all ask here, so a quantity is judged and worded the same everywhere
// (docs/ordering-and-payments.md, "Quantity rules and volume prices").

import * as v from 'valibot';
import { MAX_QUANTITY } from './constants';
import { validationMessages } from './messages';
import { formatCount, type LineProblemCode, type ToolTerms } from './pricing';

/** What the quantity rules of a tool are made of: its minimum, stock, maximum per order and pack size. */
export type QuantityTerms = Pick<ToolTerms, 'minOrderQnt' | 'availableQnt' | 'maxOrderQnt' | 'packSize'>;

/** The problems the rules and stock of a tool give a quantity, as the server's refusals name them. */
export type QuantityProblemCode = Exclude<LineProblemCode, 'price_changed' | 'not_found'>;
export interface QuantityProblem {
  code: QuantityProblemCode;
  message: string;
}

/** What sets the most one order may take of a tool: its stock, its own maximum, or the shop's limit per line. */
export type BoundReason = 'stock' | 'tool_maximum' | 'shop_maximum';

/** The words of every quantity problem, one place for the screens and the server's answers. */
export const quantityMessages = {
  /** An empty box, a fraction, zero or text. */
  noQuantity: 'Enter the number of pieces.',
  belowMinimum: (min: number) => `The minimum order for this product is ${formatCount(min)} pcs.`,
  notPackMultiple: (pack: number) => `Sold in packs of ${formatCount(pack)}: order a multiple of ${formatCount(pack)} pcs.`,
  /** Above the bound, worded by what sets it. */
  aboveBound: (bound: number, reason: BoundReason) =>
    reason === 'stock'
      ? `Only ${formatCount(bound)} pcs. are in stock.`
      : reason === 'tool_maximum'
        ? `At most ${formatCount(bound)} pcs. per order.`
        : `One order takes at most ${formatCount(bound)} pcs. of a tool.`,
  soldOut: 'This tool is out of stock right now.',
  /** Some pieces are left, but fewer than the smallest quantity the tool is sold in. */
  tooFewLeft: (available: number, smallest: number) =>
    `Only ${formatCount(available)} pcs. are in stock, fewer than the ${formatCount(smallest)} pcs. this tool is sold in.`,
} as const;

const packOf = (terms: Pick<QuantityTerms, 'packSize'>) => Math.max(1, terms.packSize ?? 1);

/**
 * The most one order may take of a tool: the smallest of its stock, its own maximum per order and the
 * shop's limit for one line, and which of them it is (the stock wins a tie, as the plainest reason).
 */
export function upperBound(terms: QuantityTerms): { bound: number; reason: BoundReason } {
  let best: { bound: number; reason: BoundReason } = { bound: Math.max(0, terms.availableQnt), reason: 'stock' };
  if (terms.maxOrderQnt != null && terms.maxOrderQnt < best.bound) best = { bound: terms.maxOrderQnt, reason: 'tool_maximum' };
  if (MAX_QUANTITY < best.bound) best = { bound: MAX_QUANTITY, reason: 'shop_maximum' };
  return best;
}

/** The smallest quantity the tool is sold in: its minimum, rounded up to whole packs. */
export function smallestAllowed(terms: Pick<QuantityTerms, 'minOrderQnt' | 'packSize'>): number {
  const pack = packOf(terms);
  return Math.max(pack, Math.ceil(terms.minOrderQnt / pack) * pack);
}

/** The largest quantity one order may take: the bound, rounded down to whole packs. */
export function largestAllowed(terms: QuantityTerms): number {
  const pack = packOf(terms);
  return Math.floor(upperBound(terms).bound / pack) * pack;
}

/** Why nothing of the tool can be ordered now, or null when some quantity can. */
function soldOutProblem(terms: QuantityTerms): QuantityProblem | null {
  const smallest = smallestAllowed(terms);
  if (largestAllowed(terms) >= smallest) return null;
  const { bound, reason } = upperBound(terms);
  // A maximum below the minimum cannot be saved (product.ts), so it is the stock or the shop's limit.
  if (reason !== 'stock') return { code: 'above_maximum', message: quantityMessages.aboveBound(bound, reason) };
  return { code: 'out_of_stock', message: terms.availableQnt <= 0 ? quantityMessages.soldOut : quantityMessages.tooFewLeft(terms.availableQnt, smallest) };
}

/**
 * Why this whole number of pieces of a tool cannot be ordered, or null when it can: nothing left to sell,
 * below the minimum, above the bound (named with what sets it), or not whole packs, in that order. The
 * server refuses an order's lines with exactly these codes and words.
 */
export function quantityProblem(terms: QuantityTerms, quantity: number): QuantityProblem | null {
  const soldOut = soldOutProblem(terms);
  if (soldOut) return soldOut;
  if (!Number.isInteger(quantity) || quantity < terms.minOrderQnt) return { code: 'below_minimum', message: quantityMessages.belowMinimum(terms.minOrderQnt) };
  const { bound, reason } = upperBound(terms);
  if (quantity > bound) return { code: reason === 'stock' ? 'out_of_stock' : 'above_maximum', message: quantityMessages.aboveBound(bound, reason) };
  const pack = packOf(terms);
  if (quantity % pack !== 0) return { code: 'not_pack_multiple', message: quantityMessages.notPackMultiple(pack) };
  return null;
}

/** A quantity as typed on a screen (null: not a whole number of pieces): its problem in the same words, or null. */
export function typedQuantityProblem(terms: QuantityTerms, quantity: number | null): string | null {
  if (quantity === null || !Number.isInteger(quantity) || quantity < 1) return quantityMessages.noQuantity;
  return quantityProblem(terms, quantity)?.message ?? null;
}

/**
 * The purchase page's message (the spec's words, with the real range: from the minimum to the bound). When
 * the bound is not the stock, a second sentence says what sets it; a tool with nothing to sell says so.
 */
export function rangeMessage(terms: QuantityTerms): string {
  const soldOut = soldOutProblem(terms);
  if (soldOut) return soldOut.message;
  const { bound, reason } = upperBound(terms);
  const range = validationMessages.quantityRange(terms.minOrderQnt, bound);
  return reason === 'stock' ? range : `${range} ${quantityMessages.aboveBound(bound, reason)}`;
}

/** Whether a quantity lies in the purchase page's range, from the minimum to the bound (packs aside). */
export function isInRange(terms: QuantityTerms, quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= terms.minOrderQnt && quantity <= upperBound(terms).bound && soldOutProblem(terms) === null;
}

/**
 * What the quick entry does with a typed quantity: a quantity below the minimum or off the pack is rounded
 * up to the next one allowed, and says so; one the rules refuse even then is refused with its reason.
 */
export type RoundedQuantity = { quantity: number; note: string | null } | { problem: string };

export function roundUpToAllowed(terms: QuantityTerms, quantity: number | null): RoundedQuantity {
  if (quantity === null || !Number.isInteger(quantity) || quantity < 1) return { problem: quantityMessages.noQuantity };
  const pack = packOf(terms);
  let rounded = quantity;
  let why: string | null = null;
  if (rounded < terms.minOrderQnt) {
    rounded = smallestAllowed(terms);
    why = rounded === terms.minOrderQnt ? 'the minimum' : `the minimum in whole packs of ${formatCount(pack)}`;
  } else if (rounded % pack !== 0) {
    rounded = Math.ceil(rounded / pack) * pack;
    why = `a whole number of packs of ${formatCount(pack)}`;
  }
  const problem = quantityProblem(terms, rounded);
  if (problem) {
    // Rounding up went past the bound: the reason is the typed quantity's own (off the pack, say).
    return { problem: rounded === quantity ? problem.message : (quantityProblem(terms, quantity)?.message ?? problem.message) };
  }
  return { quantity: rounded, note: why === null ? null : `Rounded to ${formatCount(rounded)}, ${why}.` };
}

/**
 * A line's quantity in a request body: a whole number of pieces up to the shop's limit for one line. Its
 * words are the screens' words, so a 400 reads as the screen would have put it.
 */
export const QuantitySchema = v.pipe(
  v.number(quantityMessages.noQuantity),
  v.integer(quantityMessages.noQuantity),
  v.minValue(1, quantityMessages.noQuantity),
  v.maxValue(MAX_QUANTITY, quantityMessages.aboveBound(MAX_QUANTITY, 'shop_maximum')),
);

/**
 * The quantity of the purchase form: the spec's range message (with the real bound) for anything outside
 * the range, then the pack's own message for a quantity in range that is not whole packs.
 */
export function purchaseQuantitySchema(terms: QuantityTerms) {
  const range = rangeMessage(terms);
  const { bound } = upperBound(terms);
  return v.pipe(
    v.number(range),
    v.integer(range),
    v.minValue(terms.minOrderQnt, range),
    v.maxValue(bound, range),
    v.check(() => soldOutProblem(terms) === null, range),
    // Runs after the range too; the range's message comes first, so the spec's text is what shows.
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = quantityProblem(terms, dataset.value);
      if (problem?.code === 'not_pack_multiple') addIssue({ message: problem.message });
    }),
  );
}
