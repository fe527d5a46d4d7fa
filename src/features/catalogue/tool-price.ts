// A tool's price as the catalogue shows it: the list price in US dollars, or the dealer's own price from its
// company's price list (src/offline/prices) in the list's currency. One place for the cards, the rows, the
// top bar's search and the purchase page's facts, so they never disagree (volume prices: volume-price.ts).

import { formatDollars } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { useDealerPrices, type DealerPrices } from '../../offline/prices';
import { useSession } from '../auth/session';

/** The signed-in dealer's prices, or null for list prices (signed out, no list, an admin). */
export function useCataloguePrices(): DealerPrices | null {
  const { user, admin } = useSession();
  return useDealerPrices(user && admin !== true ? user.email : '');
}

/** What one piece costs, as written on a card. */
export function unitPriceText(product: Pick<Product, '_id' | 'price' | 'priceTiers'>, prices: DealerPrices | null | undefined): string {
  return prices ? prices.format(prices.unit(product, 1)) : formatDollars(product.price);
}
