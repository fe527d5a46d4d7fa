// The words a saved tool is found by offline, split as `searchWords` in src/contract/product.ts splits a search, so a
// query matches the same tools with and without a connection.

import type { Product } from '../../contract/product';

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The distinct words of name, SKU and description, and those of name and SKU alone. */
export function productWords(product: Pick<Product, 'name' | 'description' | 'sku'>): { words: string[]; nameWords: string[] } {
  const nameWords = new Set([...wordsOf(product.name), ...wordsOf(product.sku ?? '')]);
  const words = new Set([...nameWords, ...wordsOf(product.description)]);
  return { words: [...words], nameWords: [...nameWords] };
}
