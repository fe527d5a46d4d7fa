// What Add to order and the quick entry put on the pad for a tool before the dealer changes it.

import type { Product } from '../../contract/product';

/** The tool's minimum, rounded up to a whole number of packs. */
export function startingQuantity(product: Pick<Product, 'minOrderQnt' | 'packSize'>): number {
  const pack = Math.max(1, product.packSize ?? 1);
  return Math.max(pack, Math.ceil(product.minOrderQnt / pack) * pack);
}
