// A tool's price as the catalogue shows it: the list price in US dollars, or the dealer's own price from its
// company's price list (src/offline/prices) in the list's currency. One place for the cards, the rows, the
// top bar's search and the purchase page's facts, so they never disagree.

import { formatDollars } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { useDealerPrices, type DealerPrices } from '../../offline/prices';
import { useSession } from '../auth/session';

/** The lowest list price a tool sells at in volume and from which quantity; null without volume prices. */
export function lowestVolumePrice(product: Pick<Product, 'price' | 'priceTiers'>): { price: number; minQnt: number } | null {
  let best: { price: number; minQnt: number } | null = null;
  for (const tier of product.priceTiers ?? []) if (tier.price < (best?.price ?? product.price)) best = tier;
  return best && { price: best.price, minQnt: best.minQnt };
}

/** The signed-in dealer's prices, or null for list prices (signed out, no list, an admin). */
export function useCataloguePrices(): DealerPrices | null {
  const { user, admin } = useSession();
  return useDealerPrices(user && admin !== true ? user.email : '');
}

/** What one piece costs, as written on a card. */
export function unitPriceText(product: Pick<Product, '_id' | 'price' | 'priceTiers'>, prices: DealerPrices | null | undefined): string {
  return prices ? prices.format(prices.unit(product, 1)) : formatDollars(product.price);
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
