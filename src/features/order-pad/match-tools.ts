// The quick-entry line's search: the tools whose name or SKU holds every word typed, best matches first.

import type { Product } from '../../contract/product';

export const MAX_MATCHES = 8;

const words = (text: string) => text.toLowerCase().split(/\s+/u).filter(Boolean);

/**
 * Tools whose name or SKU contains every typed word (any case, any order). A tool whose whole SKU was
 * typed (as read off the box, "FL-CS184") comes first, then names starting with the text, then names with
 * a word starting with the first word typed.
 */
export function matchTools(products: readonly Product[], typed: string, limit = MAX_MATCHES): Product[] {
  const wanted = words(typed);
  if (wanted.length === 0) return [];
  const text = typed.trim().toLowerCase();
  const scored = products.flatMap((product) => {
    const name = product.name.toLowerCase();
    const sku = product.sku?.toLowerCase() ?? '';
    if (!wanted.every((word) => name.includes(word) || sku.includes(word))) return [];
    const rank = sku !== '' && sku === text ? 0 : name.startsWith(text) ? 1 : name.split(/\s+/u).some((part) => part.startsWith(wanted[0] ?? '')) ? 2 : 3;
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
