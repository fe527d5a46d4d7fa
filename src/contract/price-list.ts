// Price lists: what a dealer company pays instead of the list price (docs/decisions/045-price-lists-and-money.md).
// A list has a currency, a rate from the list's US dollars to it, a percentage off every tool it does not
// name, and per tool either a fixed price or a percentage off, with volume tiers of its own. The same
// function prices the cards, the purchase page, the pad, the offline copy and the server's order.

import * as v from 'valibot';
import { MAX_PRICE, MAX_PRICE_TIERS, NAME_MAX_LENGTH } from './constants';
import { IdSchema, requiredText } from './fields';
import { CurrencySchema, LIST_CURRENCY, listMinor, roundDiv, currencyDigits, type CurrencyCode } from './money';
import { unitPriceFor, type ToolTerms } from './pricing';

/** Percentages are basis points: 1250 is 12.5 % off. At most 99 % off. */
export const MAX_PERCENT_OFF = 9_900;
/** Units of the list's currency per US dollar, in millionths: 920000 is 0.92. */
export const RATE_SCALE = 1_000_000;
export const MAX_RATE = 1_000_000 * RATE_SCALE;
/** The highest fixed or tier price a list may give one piece, in minor units of any currency. */
export const MAX_LIST_PRICE_MINOR = MAX_PRICE * 10_000;

export const priceListMessages = {
  name: `Name the price list, at most ${NAME_MAX_LENGTH} characters`,
  rate: `Enter the rate as millionths of the currency per US dollar: a whole number from 1 to ${MAX_RATE}`,
  usdRate: 'A price list in US dollars has the rate 1 (1000000 millionths)',
  percentOff: `Enter the percentage off in basis points: a whole number from 0 to ${MAX_PERCENT_OFF} (1250 is 12.5 %)`,
  price: `Enter the price in minor units of the list's currency: a whole number from 1 to ${MAX_LIST_PRICE_MINOR}`,
  priceOrPercent: 'Give the tool a fixed price or a percentage off, not both',
  tiers: `At most ${MAX_PRICE_TIERS} tiers, each from at least 2 pieces, the quantities rising and the prices falling`,
  currencyInUse:
    'The company owes invoices or has orders on account in its present currency: they must be paid, shipped or refused before its price list changes currency.',
  notFound: 'That price list does not exist.',
  inUse: 'Companies still buy with this price list: give them another one first.',
} as const;

const wholeIn = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

export const ListTierSchema = v.object({
  minQnt: wholeIn(2, 1_000_000, priceListMessages.tiers),
  price: wholeIn(1, MAX_LIST_PRICE_MINOR, priceListMessages.price),
});
export type ListTier = v.InferOutput<typeof ListTierSchema>;

const ListTiersSchema = v.pipe(
  v.array(ListTierSchema, priceListMessages.tiers),
  v.maxLength(MAX_PRICE_TIERS, priceListMessages.tiers),
  v.check(
    (tiers) => tiers.every((tier, i) => i === 0 || (tier.minQnt > (tiers[i - 1]?.minQnt ?? 0) && tier.price < (tiers[i - 1]?.price ?? Infinity))),
    priceListMessages.tiers,
  ),
);

/** One tool's terms on a list: a fixed price, or a percentage off (null and null: the list's own percentage), and its own tiers. */
export const PriceListEntrySchema = v.pipe(
  v.object({
    productId: IdSchema,
    price: v.nullable(wholeIn(1, MAX_LIST_PRICE_MINOR, priceListMessages.price)),
    percentOff: v.nullable(wholeIn(0, MAX_PERCENT_OFF, priceListMessages.percentOff)),
    tiers: ListTiersSchema,
  }),
  v.check((entry) => entry.price === null || entry.percentOff === null, priceListMessages.priceOrPercent),
);
export type PriceListEntry = v.InferOutput<typeof PriceListEntrySchema>;

/** What an admin sets on the list itself. */
export const PriceListInputSchema = v.pipe(
  v.object({
    name: requiredText(priceListMessages.name, NAME_MAX_LENGTH),
    currency: CurrencySchema,
    rateMicros: wholeIn(1, MAX_RATE, priceListMessages.rate),
    defaultPercentOff: wholeIn(0, MAX_PERCENT_OFF, priceListMessages.percentOff),
  }),
  v.check((list) => list.currency !== 'USD' || list.rateMicros === RATE_SCALE, priceListMessages.usdRate),
);
export type PriceListInput = v.InferOutput<typeof PriceListInputSchema>;

/** What pricing reads of a list: its terms and its entries by tool id. */
export interface Pricing {
  currency: CurrencyCode;
  rateMicros: number;
  defaultPercentOff: number;
  entries: Readonly<Record<string, Omit<PriceListEntry, 'productId'>>>;
}

/** A price list as a dealer's app holds it: its terms, entries by tool, and the version it is at. */
export interface DealerPriceList extends Pricing {
  id: string;
  name: string;
  /** Rises with every change to the list or its entries; an order records the version it was priced at. */
  version: number;
}

/** A tool as pricing reads it: the list price in whole dollars and the list's volume tiers. */
export type PricedTool = { _id: string } & Pick<ToolTerms, 'price' | 'priceTiers'>;

/**
 * What one piece of a tool costs at a quantity, in minor units of the list's currency (of US dollars
 * without a list):
 * - the entry's own tier with the largest minimum the quantity reaches, if any;
 * - else the entry's fixed price;
 * - else the list price at that quantity (the tool's volume tiers applied), converted at the list's rate
 *   and less the entry's percentage or the list's, rounded once, half away from zero.
 * A line costs quantity times this, and an order the sum of its lines: no other rounding happens.
 */
export function dealerUnitPrice(tool: PricedTool, list: Pricing | null, quantity: number): number {
  const listDollars = unitPriceFor(tool, quantity);
  if (list === null) return listMinor(listDollars);
  const entry = list.entries[tool._id];
  let tierPrice: number | null = null;
  let reached = 0;
  for (const tier of entry?.tiers ?? []) {
    if (quantity >= tier.minQnt && tier.minQnt >= reached) {
      tierPrice = tier.price;
      reached = tier.minQnt;
    }
  }
  if (tierPrice !== null) return tierPrice;
  if (entry?.price != null) return entry.price;
  const percentOff = entry?.percentOff ?? list.defaultPercentOff;
  const numerator = BigInt(listDollars) * BigInt(list.rateMicros) * 10n ** BigInt(currencyDigits(list.currency)) * BigInt(10_000 - percentOff);
  return roundDiv(numerator, BigInt(RATE_SCALE) * 10_000n);
}

/** The currency a list prices in; the list's own (US dollars) without one. */
export function pricingCurrency(list: Pick<Pricing, 'currency'> | null): CurrencyCode {
  return list?.currency ?? LIST_CURRENCY;
}

/** Each tier a dealer sees for a tool on its list: from how many pieces, at what price, in minor units. */
export function dealerTiers(tool: PricedTool, list: Pricing | null): { minQnt: number; price: number }[] {
  const entry = list?.entries[tool._id];
  const from = new Set<number>([...(tool.priceTiers ?? []).map((tier) => tier.minQnt), ...(entry?.tiers ?? []).map((tier) => tier.minQnt)]);
  const base = dealerUnitPrice(tool, list, 1);
  return [...from]
    .sort((a, b) => a - b)
    .map((minQnt) => ({ minQnt, price: dealerUnitPrice(tool, list, minQnt) }))
    .filter((tier) => tier.price < base);
}

/**
 * An amount in a list's currency back in cents of US dollars at the list's rate, rounded once: what reports
 * and the shop's sums across companies add up (each company's own amounts stay in its currency).
 */
export function inListCents(minor: number, currency: CurrencyCode, rateMicros: number): number {
  return roundDiv(BigInt(minor) * BigInt(RATE_SCALE) * 100n, BigInt(rateMicros) * 10n ** BigInt(currencyDigits(currency)));
}
