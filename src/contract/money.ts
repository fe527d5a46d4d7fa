// Money as the server and every screen hold it: an integer count of the currency's minor units (cents,
// pence; yen have none) with the currency's code (docs/decisions/045-price-lists-and-money.md). The list
// price of a tool stays whole US dollars; everything an order, an invoice or a payment carries is minor units.

import * as v from 'valibot';

/** The currencies a price list may be in, with the decimals ISO 4217 gives each (Intl and Stripe agree). */
export const CURRENCY_DIGITS = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  CHF: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  MXN: 2,
  ZAR: 2,
  JPY: 0,
} as const;
export type CurrencyCode = keyof typeof CURRENCY_DIGITS;
export const CURRENCIES = Object.keys(CURRENCY_DIGITS) as CurrencyCode[];

/** Each currency as a sentence names an amount of it: "in euros". */
export const CURRENCY_NAMES: Record<CurrencyCode, string> = {
  USD: 'US dollars',
  EUR: 'euros',
  GBP: 'pounds sterling',
  CAD: 'Canadian dollars',
  AUD: 'Australian dollars',
  NZD: 'New Zealand dollars',
  CHF: 'Swiss francs',
  SEK: 'Swedish kronor',
  NOK: 'Norwegian kroner',
  DKK: 'Danish kroner',
  PLN: 'Polish złoty',
  CZK: 'Czech koruny',
  MXN: 'Mexican pesos',
  ZAR: 'South African rand',
  JPY: 'yen',
};

/** The list's currency: what a customer without a price list pays in. */
export const LIST_CURRENCY: CurrencyCode = 'USD';

export const CurrencySchema = v.picklist(CURRENCIES, `Choose a currency: ${CURRENCIES.join(', ')}`);

/** The currency of the amounts an answer carries; US dollars for an answer saved before amounts had one. */
export const AmountCurrencySchema = v.optional(v.picklist(CURRENCIES), LIST_CURRENCY);

export function isCurrency(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(CURRENCY_DIGITS, value);
}

export function currencyDigits(currency: CurrencyCode): number {
  return CURRENCY_DIGITS[currency];
}

/** A whole-dollar list price in cents: the list's amounts in minor units. */
export function listMinor(dollars: number): number {
  return dollars * 100;
}

/** Minor units as a number of the currency's major unit (12345 EUR -> 123.45), for the spec's `totalPrice` fields and Stripe's display. */
export function toMajor(minor: number, currency: CurrencyCode): number {
  const digits = currencyDigits(currency);
  return digits === 0 ? minor : Number((minor / 10 ** digits).toFixed(digits));
}

/**
 * A typed amount as minor units: `12,500.50`, `$12500`, `0.07`, with at most the currency's decimals and
 * commas only between groups of three; null for anything else (`-5`, `12,50`, `1e5`). For admins' forms.
 */
export function parseMajor(text: string, currency: CurrencyCode): number | null {
  const digits = currencyDigits(currency);
  const fraction = digits === 0 ? '' : `(?:\\.(\\d{1,${digits}}))?`;
  const match = new RegExp(`^[$€£¥]?(\\d{1,3}(?:,\\d{3})+|\\d+)${fraction}$`, 'u').exec(text.trim());
  if (!match) return null;
  const minor = Number((match[1] ?? '').replaceAll(',', '')) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as a form's field shows them: `12500.50`, or `12500` for a whole amount. */
export function minorToField(minor: number, currency: CurrencyCode): string {
  const digits = currencyDigits(currency);
  return minor % 10 ** digits === 0 ? String(minor / 10 ** digits) : (minor / 10 ** digits).toFixed(digits);
}

const formats = new Map<string, Intl.NumberFormat>();

function formatter(currency: CurrencyCode, locale: string | undefined, digits: number): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}|${digits}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
}

/**
 * `$1,234.50`, `1.234,50 €`: minor units as the locale writes the currency, always with the currency's own
 * decimals, as accounts, credit and invoices to pay show amounts. The device's locale unless one is given.
 */
export function formatMoney(minor: number, currency: CurrencyCode, locale?: string): string {
  return formatter(currency, locale, currencyDigits(currency)).format(toMajor(minor, currency));
}

/** The sign the locale writes the currency with (`$`, `€`, `CHF`), as formatMoney writes it: for a field's prefix. */
export function currencySymbol(currency: CurrencyCode, locale?: string): string {
  const parts = formatter(currency, locale, currencyDigits(currency)).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/**
 * A price or an order's total: as formatMoney, but a whole amount of US dollars without decimals (`$129`), as
 * the catalogue has always written the list price; other currencies always with their decimals (`€89.00`),
 * as a price list's prices are written.
 */
export function formatPrice(minor: number, currency: CurrencyCode, locale?: string): string {
  const digits = currencyDigits(currency);
  const whole = currency === LIST_CURRENCY && minor % 10 ** digits === 0;
  return formatter(currency, locale, whole ? 0 : digits).format(toMajor(minor, currency));
}

/**
 * `round(numerator / denominator)`, half away from zero, in exact integer arithmetic: the one rounding a
 * price goes through. Both must be safe integers or BigInts; the denominator positive.
 */
export function roundDiv(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (magnitude * 2n + denominator) / (denominator * 2n);
  return Number(negative ? -quotient : quotient);
}
