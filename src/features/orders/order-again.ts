// "Order again" on a past order: its lines at today's prices and rules. A quantity that today's minimum,
// pack size, maximum or stock no longer allows is moved to the nearest one that is allowed, and each line
// says what changed, so the dealer is never surprised on the order pad.

import { LIST_CURRENCY, type CurrencyCode } from '../../contract/money';
import { lineAmounts, orderAmount, type Order, type OrderLine } from '../../contract/order';
import { dealerUnitPrice, type Pricing } from '../../contract/price-list';
import { formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { quantityProblem } from '../../contract/quantity-rules';

/** Why a quantity was moved: the rule of today it had to meet. */
export type QuantityChange =
  { kind: 'minimum'; minimum: number } | { kind: 'pack'; packSize: number } | { kind: 'maximum'; maximum: number } | { kind: 'stock'; available: number };

export interface ReorderLine {
  productId: string | null;
  productName: string;
  imageUrl: string | null;
  /** As it was ordered; the unit price in minor units of the order's currency. */
  before: { quantity: number; unitPrice: number; currency: CurrencyCode };
  /** As it goes on the pad today, priced as the dealer's pad prices it; null when it cannot be ordered today. */
  now: { quantity: number; unitPrice: number; currency: CurrencyCode } | null;
  quantityChanges: QuantityChange[];
  /** Why the line cannot be ordered today, or null. */
  unavailable: string | null;
}

export const GONE = 'This tool is no longer in the catalogue.';
export const SOLD_OUT = 'Out of stock right now.';

/** The lines of an order; an order saved before bulk orders describes its one line at the top level. */
export function linesOf(order: Order): OrderLine[] {
  if (order.lines && order.lines.length > 0) return order.lines;
  return [
    {
      productId: order.productId,
      productName: order.productName,
      imageUrl: order.imageUrl,
      unitPrice: order.unitPrice,
      quantity: order.orderQuantity,
      lineTotal: order.totalPrice,
    },
  ];
}

/** The quantity closest to `wanted` that today's rules of the tool allow, or null when none is. */
export function todaysQuantity(product: Product, wanted: number): { quantity: number; changes: QuantityChange[] } | null {
  const pack = Math.max(1, product.packSize ?? 1);
  const maximum = product.maxOrderQnt ?? null;
  const changes: QuantityChange[] = [];
  let quantity = wanted;
  if (quantity < product.minOrderQnt) {
    quantity = product.minOrderQnt;
    changes.push({ kind: 'minimum', minimum: product.minOrderQnt });
  }
  if (quantity % pack !== 0) {
    quantity = Math.ceil(quantity / pack) * pack;
    changes.push({ kind: 'pack', packSize: pack });
  }
  if (maximum !== null && quantity > maximum) {
    quantity = Math.floor(maximum / pack) * pack;
    changes.push({ kind: 'maximum', maximum });
  }
  if (quantity > product.availableQnt) {
    quantity = Math.floor(product.availableQnt / pack) * pack;
    changes.push({ kind: 'stock', available: product.availableQnt });
  }
  return quantityProblem(product, quantity) === null ? { quantity, changes } : null;
}

/** Compares each line of a past order with the catalogue of today, priced with the dealer's list (null: the list price). */
export function planOrderAgain(order: Order, catalogue: readonly Product[], list: Pricing | null = null): ReorderLine[] {
  const byId = new Map(catalogue.map((product) => [product._id, product]));
  const { currency } = orderAmount(order);
  const currencyNow = list?.currency ?? LIST_CURRENCY;
  return linesOf(order).map((line) => {
    const base = {
      productId: line.productId,
      productName: line.productName,
      imageUrl: line.imageUrl,
      before: { quantity: line.quantity, unitPrice: lineAmounts(line).unit, currency },
    };
    const product = line.productId === null ? undefined : byId.get(line.productId);
    if (!product) return { ...base, now: null, quantityChanges: [], unavailable: GONE };
    const today = todaysQuantity(product, line.quantity);
    if (!today) return { ...base, productName: product.name, now: null, quantityChanges: [], unavailable: SOLD_OUT };
    return {
      ...base,
      productName: product.name,
      imageUrl: product.imageUrl,
      now: { quantity: today.quantity, unitPrice: dealerUnitPrice(product, list, today.quantity), currency: currencyNow },
      quantityChanges: today.changes,
      unavailable: null,
    };
  });
}

export function priceChanged(line: ReorderLine): boolean {
  return line.now !== null && (line.now.unitPrice !== line.before.unitPrice || line.now.currency !== line.before.currency);
}

export function quantityChanged(line: ReorderLine): boolean {
  return line.now !== null && line.now.quantity !== line.before.quantity;
}

/** A line the dealer should look at: moved, repriced, or left out. */
export function lineChanged(line: ReorderLine): boolean {
  return line.unavailable !== null || priceChanged(line) || quantityChanged(line);
}

/** The rule behind a moved quantity, in the dealer's words. */
export function quantityReason(change: QuantityChange): string {
  switch (change.kind) {
    case 'minimum':
      return `the minimum order is ${formatCount(change.minimum)} pcs.`;
    case 'pack':
      return `sold in packs of ${formatCount(change.packSize)}`;
    case 'maximum':
      return `at most ${formatCount(change.maximum)} pcs. per order`;
    case 'stock':
      return `only ${formatCount(change.available)} pcs. in stock`;
  }
}
