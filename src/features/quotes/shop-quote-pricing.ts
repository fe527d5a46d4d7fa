// The shop's pricing of a quote as it is typed (docs/decisions/058-quotes.md): one field per line in the
// quote's currency, read as minor units with money.ts's parseMajor, the total as typed, how far each price is
// from the dealer's own, and the expiry's bounds. Days are UTC calendar days, as the server counts them.

import { formatCount } from '../../contract/pricing';
import { minorToField, parseMajor, type CurrencyCode } from '../../contract/money';
import { QUOTE_UNIT_PRICE_MAX_MINOR, QUOTE_VALID_DAYS_MAX, quoteMessages, type Quote, type QuoteAnswerBody } from '../../contract/quote';

/** How long a quote may be accepted unless the shop says otherwise, in days. */
export const QUOTE_VALID_DAYS_DEFAULT = 30;

/** Today as the server counts days (UTC), `YYYY-MM-DD`. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The day `days` after `day`, both `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first and last day a quote may be accepted until, and the one the form offers. */
export function expiryBounds(now: Date = new Date()) {
  const today = todayUtc(now);
  return { min: today, max: addDays(today, QUOTE_VALID_DAYS_MAX), suggested: addDays(today, QUOTE_VALID_DAYS_DEFAULT) };
}

/** The expiry the form opens with: the quote's own while it is still ahead, else 30 days from today. */
export function initialExpiry(quote: Pick<Quote, 'expiresOn'>, now: Date = new Date()): string {
  const { min, max, suggested } = expiryBounds(now);
  return quote.expiresOn !== null && quote.expiresOn >= min && quote.expiresOn <= max ? quote.expiresOn : suggested;
}

/** What the field says for the day typed, or undefined when the server will take it. */
export function expiryError(day: string, now: Date = new Date()): string | undefined {
  const { min, max } = expiryBounds(now);
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00.000Z`))) return quoteMessages.expiresOn;
  if (day < min) return quoteMessages.expiresPast;
  if (day > max) return quoteMessages.expiresTooFar;
  return undefined;
}

/** Each line's field as the form opens: the last quoted price, or the dealer's own. */
export function initialPrices(quote: Pick<Quote, 'lines' | 'currency'>): Record<string, string> {
  return Object.fromEntries(
    quote.lines.map((line) => [line.productId, minorToField(line.quotedUnitPriceMinor ?? line.requestedUnitPriceMinor, quote.currency)]),
  );
}

/** The message under a unit price that cannot be sent. */
export const unitPriceMessage = (currency: CurrencyCode) =>
  `Enter the unit price in ${currency}, such as ${minorToField(currency === 'JPY' ? 1250 : 12_50, currency)}, at least 0.`;

/** A typed unit price as minor units, or null when it is not one the server takes. */
export function parseUnitPrice(text: string, currency: CurrencyCode): number | null {
  const minor = parseMajor(text, currency);
  return minor === null || minor > QUOTE_UNIT_PRICE_MAX_MINOR ? null : minor;
}

export interface PricedLines {
  /** The answer's lines, in the quote's order; only when every field reads as a price. */
  lines: QuoteAnswerBody['lines'] | null;
  /** The message of each field that does not, by product id. */
  errors: Record<string, string>;
  /** The total at the prices typed, or null while one does not read as a price. */
  totalMinor: number | null;
}

/** The fields read as the answer's lines, and the total they make. */
export function pricedLines(quote: Pick<Quote, 'lines' | 'currency'>, prices: Record<string, string>): PricedLines {
  const errors: Record<string, string> = {};
  const lines: QuoteAnswerBody['lines'] = [];
  let totalMinor = 0;
  for (const line of quote.lines) {
    const unitPriceMinor = parseUnitPrice(prices[line.productId] ?? '', quote.currency);
    if (unitPriceMinor === null) {
      errors[line.productId] = unitPriceMessage(quote.currency);
      continue;
    }
    lines.push({ productId: line.productId, unitPriceMinor });
    totalMinor += unitPriceMinor * line.quantity;
  }
  const complete = lines.length === quote.lines.length;
  return { lines: complete ? lines : null, errors, totalMinor: complete ? totalMinor : null };
}

/**
 * How a price (or total) stands against the dealer's own, in the shop's words: `12.5 % off the dealer’s price`,
 * `Same as the dealer’s price`; null when the dealer's price was nothing (a free tool has no percentage).
 */
export function priceDifference(dealerMinor: number, quotedMinor: number, what: 'price' | 'total' = 'price'): string | null {
  const theirs = `the dealer’s ${what}`;
  if (quotedMinor === dealerMinor) return `Same as ${theirs}`;
  if (dealerMinor === 0) return null;
  const tenths = Math.round((Math.abs(dealerMinor - quotedMinor) * 1000) / dealerMinor);
  const percent = `${formatCount(Math.floor(tenths / 10))}${tenths % 10 === 0 ? '' : `.${tenths % 10}`} %`;
  if (tenths === 0) return quotedMinor < dealerMinor ? `Just below ${theirs}` : `Just above ${theirs}`;
  return quotedMinor < dealerMinor ? `${percent} off ${theirs}` : `${percent} above ${theirs}`;
}
