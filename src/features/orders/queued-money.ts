// The money of an order saved on the device, as the dealer saw it: whole US dollars at list price (and on
// orders saved before price lists), or minor units of its price list's currency. A price list's price change
// is shown as "was €X, now €Y", and accepting it takes the price now (docs/decisions/045-price-lists-and-money.md).

import { formatMoney, LIST_CURRENCY, listMinor } from '../../contract/money';
import { formatDollars, orderTotal } from '../../contract/pricing';
import { showsTax } from '../../contract/tax';
import type { OutboxItem, OutboxLine } from '../../offline/outbox';
import { taxedOrderOf, type TaxedOrder } from '../../ui/order-totals';

/** Whether the order was priced from a price list: every line carries its price in minor units. */
export const pricedFromList = (item: Pick<OutboxItem, 'currency' | 'lines'>): boolean =>
  Boolean(item.currency) && item.lines.every((line) => line.unitPriceMinor !== undefined);

/** How an amount of the order is written: minor units of its list's currency, or whole dollars. */
export function queuedFormat(item: Pick<OutboxItem, 'currency' | 'lines'>): (amount: number) => string {
  const currency = item.currency ?? LIST_CURRENCY;
  return pricedFromList(item) ? (minor) => formatMoney(minor, currency) : formatDollars;
}

/** A line's unit price as saved, in the order's own units (minor with a list, dollars without). */
export const savedUnit = (line: OutboxLine, listed: boolean): number => (listed ? (line.unitPriceMinor ?? 0) : line.unitPrice);

/** The order's total in its own units. */
export function queuedTotal(item: Pick<OutboxItem, 'currency' | 'lines' | 'totalPrice'>): number {
  if (!pricedFromList(item)) return item.totalPrice;
  return item.lines.reduce((sum, line) => sum + orderTotal(line.quantity, line.unitPriceMinor ?? 0), 0);
}

/** "was €12.00, now €13.50" for a price list's price change the server reported; null for any other problem. */
export function priceChangeText(line: OutboxLine, format: (amount: number) => string): string | null {
  const problem = line.problem;
  if (problem?.code !== 'price_changed' || problem.seenPriceMinor === undefined || problem.priceMinor === undefined) return null;
  const currency = problem.currency ?? LIST_CURRENCY;
  const write = problem.currency ? (minor: number) => formatMoney(minor, currency) : format;
  return `was ${write(problem.seenPriceMinor)}, now ${write(problem.priceMinor)}`;
}

/** A waiting order with tax as the order views read one: its net taxed on the terms the form showed. */
export function queuedTaxedOrder(item: Pick<OutboxItem, 'currency' | 'lines' | 'totalPrice' | 'tax'>): TaxedOrder | null {
  if (!item.tax || !showsTax(item.tax)) return null;
  const net = pricedFromList(item) ? queuedTotal(item) : listMinor(queuedTotal(item));
  return taxedOrderOf(net, item.currency ?? LIST_CURRENCY, item.tax);
}
