// The quick-entry line's search: the tools whose name holds every word typed, best matches first.

import type { Product } from '../../contract/product';

export const MAX_MATCHES = 8;

const words = (text: string) => text.toLowerCase().split(/\s+/u).filter(Boolean);

/** Tools whose name contains every typed word (any case, any order); names starting with the text first. */
export function matchTools(products: readonly Product[], typed: string, limit = MAX_MATCHES): Product[] {
  const wanted = words(typed);
  if (wanted.length === 0) return [];
  const text = typed.trim().toLowerCase();
  const scored = products.flatMap((product) => {
    const name = product.name.toLowerCase();
    if (!wanted.every((word) => name.includes(word))) return [];
    const rank = name.startsWith(text) ? 0 : name.split(/\s+/u).some((part) => part.startsWith(wanted[0] ?? '')) ? 1 : 2;
    return [{ product, rank }];
  });
  scored.sort((a, b) => a.rank - b.rank || a.product.name.localeCompare(b.product.name));
  return scored.slice(0, limit).map((entry) => entry.product);
}

/** A typed quantity: a whole number of pieces, or null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/u.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity >= 1 ? quantity : null;
}
