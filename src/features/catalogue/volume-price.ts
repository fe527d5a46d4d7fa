// A tool's volume price as the catalogue's rows and the purchase page write it: the lowest unit price it
// sells at and from which quantity, at list price or on the dealer's price list. Apart from tool-price.ts,
// which the top bar's search (part of the first script) also reads, so this loads with the catalogue's pages.

import { formatDollars } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import type { DealerPrices } from '../../offline/prices';

/** The lowest list price a tool sells at in volume and from which quantity; null without volume prices. */
export function lowestVolumePrice(product: Pick<Product, 'price' | 'priceTiers'>): { price: number; minQnt: number } | null {
  let best: { price: number; minQnt: number } | null = null;
  for (const tier of product.priceTiers ?? []) if (tier.price < (best?.price ?? product.price)) best = tier;
  return best && { price: best.price, minQnt: best.minQnt };
}

/** The lowest unit price the tool sells at and from which quantity, as written; null without volume prices. */
export function volumePriceText(
  product: Pick<Product, '_id' | 'price' | 'priceTiers'>,
  prices: DealerPrices | null | undefined,
): { price: string; minQnt: number } | null {
  if (!prices) {
    const volume = lowestVolumePrice(product);
    return volume && { price: formatDollars(volume.price), minQnt: volume.minQnt };
  }
  const lowest = prices.tiers(product).at(-1);
  return lowest ? { price: prices.format(lowest.price), minQnt: lowest.minQnt } : null;
}
