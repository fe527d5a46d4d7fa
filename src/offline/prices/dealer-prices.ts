// The dealer's prices as the screens read them (docs/decisions/045-price-lists-and-money.md): a unit price in
// minor units of the list's currency for any tool at any quantity, the tiers a dealer sees, a formatter in the
// list's currency and the device's locale, and the one short note that says whose prices they are. Pure: the
// copy kept on the device and its refresh are ./saved-list.ts.

import { CURRENCY_NAMES, formatMoney, type CurrencyCode } from '../../contract/money';
import { dealerTiers, dealerUnitPrice, type DealerPriceList, type PricedTool } from '../../contract/price-list';

export interface DealerPrices {
  /** The list as held: its currency and version go with every order priced from it. */
  list: DealerPriceList;
  currency: CurrencyCode;
  /** What one piece costs at this quantity, in minor units of `currency`. */
  unit: (tool: PricedTool, quantity: number) => number;
  /** The tool's tiers on this list: from how many pieces, at what price (minor units), below the one-piece price. */
  tiers: (tool: PricedTool) => { minQnt: number; price: number }[];
  /** Minor units of `currency` as the device's locale writes them. */
  format: (minor: number) => string;
  /** "Your company's prices (Euro list)": shown once near the prices. */
  note: string;
}

// One view per list and version: the cards are memoised, and an unchanged list must not draw them again.
let last: DealerPrices | null = null;

export function dealerPricesOf(list: DealerPriceList): DealerPrices {
  if (last !== null && last.list.id === list.id && last.list.version === list.version && last.list.currency === list.currency) return last;
  last = {
    list,
    currency: list.currency,
    unit: (tool, quantity) => dealerUnitPrice(tool, list, quantity),
    tiers: (tool) => dealerTiers(tool, list),
    format: (minor) => formatMoney(minor, list.currency),
    note: `Your company’s prices, in ${CURRENCY_NAMES[list.currency]}`,
  };
  return last;
}
