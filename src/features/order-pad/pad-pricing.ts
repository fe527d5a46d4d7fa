// How the pad prices its lines: the list price in whole US dollars, or, where the dealer's company has a price
// list, the list's price in minor units of its currency (src/offline/prices). One object for the lines, the
// total and the order sent, so what the pad shows is what it sends.

import { formatDollars, unitPriceFor } from '../../contract/pricing';
import type { PricedTool } from '../../contract/price-list';
import type { DealerPrices } from '../../offline/prices';

export interface PadPricing {
  /** The company's list, or null for list prices. */
  prices: DealerPrices | null;
  /** One piece at this quantity: whole dollars at list price, minor units of the list's currency with a list. */
  unit: (tool: PricedTool, quantity: number) => number;
  format: (amount: number) => string;
  /** The volume prices from the one-piece price down, in the same units. */
  tiers: (tool: PricedTool) => readonly { minQnt: number; price: number }[];
}

const LIST_PRICING: PadPricing = {
  prices: null,
  unit: unitPriceFor,
  format: formatDollars,
  tiers: (tool) => [...(tool.priceTiers ?? [])].sort((a, b) => a.minQnt - b.minQnt),
};

export function padPricing(prices: DealerPrices | null): PadPricing {
  return prices ? { prices, unit: prices.unit, format: prices.format, tiers: prices.tiers } : LIST_PRICING;
}

/** What a line sends of its price: the dealer's unit price in minor units with a list, the whole-dollar one without. */
export function sentPrice(pricing: PadPricing, tool: PricedTool, quantity: number): { unitPrice: number; unitPriceMinor?: number } {
  if (!pricing.prices) return { unitPrice: unitPriceFor(tool, quantity) };
  return { unitPrice: unitPriceFor(tool, quantity), unitPriceMinor: pricing.prices.unit(tool, quantity) };
}
