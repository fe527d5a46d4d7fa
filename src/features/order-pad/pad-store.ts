// The order pad store, loaded on first use: the home page's Add to order buttons ship with the entry,
// Dexie does not (first-load JavaScript budget, docs/performance.md).

import type { Product } from '../../contract/product';

export const padStore = () => import('../../db/order-pad');

/** What Add to order puts on the pad: the tool's minimum, rounded up to a whole number of packs. */
export function startingQuantity(product: Pick<Product, 'minOrderQnt' | 'packSize'>): number {
  const pack = Math.max(1, product.packSize ?? 1);
  return Math.max(pack, Math.ceil(product.minOrderQnt / pack) * pack);
}
