// Pure rules shared by the purchase page and the server (spec sections 5 and 9).

import { DESCRIPTION_CUT } from './constants';

export function orderTotal(quantity: number, unitPrice: number): number {
  return quantity * unitPrice;
}

/** The live total of the purchase form: an empty or unparsable quantity counts as the minimum. */
export function displayTotal(quantityInput: string | number | undefined, minOrderQnt: number, unitPrice: number): number {
  const parsed = typeof quantityInput === 'number' ? quantityInput : Number.parseInt(quantityInput ?? '', 10);
  const quantity = Number.isFinite(parsed) && String(quantityInput ?? '').trim() !== '' ? parsed : minOrderQnt;
  return orderTotal(quantity, unitPrice);
}

export function isQuantityInRange(quantity: number, minOrderQnt: number, availableQnt: number): boolean {
  return Number.isInteger(quantity) && quantity >= minOrderQnt && quantity <= availableQnt;
}

/** Home cards show the first 150 characters plus an ellipsis. */
export function cutDescription(description: string, limit = DESCRIPTION_CUT): string {
  const chars = Array.from(description);
  return chars.length <= limit ? description : `${chars.slice(0, limit).join('')}...`;
}

/** Spec section 9: 1 to 5 filled stars; any value other than '1' to '4' shows 5 stars. */
export function starCount(rating: string | number): number {
  const text = String(rating);
  return text === '1' || text === '2' || text === '3' || text === '4' ? Number(text) : 5;
}

export function formatDollars(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount);
}
