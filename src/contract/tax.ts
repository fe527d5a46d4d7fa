// Tax on an order: a rate per ship-to country (or one of its states or regions) that admins set, applied to
// the order's net total; nothing for a company exempt under the reverse charge, which accounts for the tax
// itself (docs/decisions/046-tax-per-ship-to-location.md). The server decides every figure; the pad shows the
// same arithmetic before the order is sent.

import * as v from 'valibot';
import { CountrySchema, RegionSchema } from './dealer-company';
import { roundDiv } from './money';

/** A rate in millionths: 190,000 is 19 %, 88,750 is 8.875 %. */
export const TAX_RATE_SCALE = 1_000_000;
export const TAX_NAME_MAX_LENGTH = 40;
/** How many rates the shop keeps: every country with a few of its states. */
export const MAX_TAX_RATES = 500;

export const taxMessages = {
  nameRequired: 'Name the tax as the invoice prints it, such as VAT or Sales tax',
  nameTooLong: `A tax name has at most ${TAX_NAME_MAX_LENGTH} characters`,
  rateInvalid: 'Enter the rate in percent, from 0 to 100 with at most three decimals, such as 19 or 8.875',
  duplicate: 'There is already a rate for that country and region. Change that one instead.',
  tooMany: `The shop keeps at most ${MAX_TAX_RATES} tax rates.`,
  exemptNeedsTaxNumber: 'A company is exempt under the reverse charge only with its tax number. Enter its tax number first.',
  notFound: 'That tax rate',
} as const;

/** "19", "8.875", "7,5": a percentage with up to three decimals, to millionths; null when it is not one. */
export function parseRatePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,3}))?$/u.exec(text.trim());
  if (!match) return null;
  const micros = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return micros <= TAX_RATE_SCALE ? micros : null;
}

/** 190000 -> "19", 88750 -> "8.875": the percentage as a form field shows it. */
export function rateToPercent(rateMicros: number): string {
  const whole = Math.trunc(rateMicros / 10_000);
  const fraction = String(rateMicros % 10_000)
    .padStart(4, '0')
    .replace(/0+$/u, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "19 %" in the reader's locale, with the rate's own decimals. */
export function formatRate(rateMicros: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(rateMicros / TAX_RATE_SCALE);
}

/** Body of POST /api/tax-rates and PUT /api/tax-rates/{id}. */
export const TaxRateInputSchema = v.strictObject({
  country: CountrySchema,
  region: v.optional(RegionSchema, ''),
  name: v.pipe(
    v.string(taxMessages.nameRequired),
    v.trim(),
    v.nonEmpty(taxMessages.nameRequired),
    v.maxLength(TAX_NAME_MAX_LENGTH, taxMessages.nameTooLong),
    v.regex(/^[\p{L}\p{N} .()/-]+$/u, taxMessages.nameRequired),
  ),
  rate: v.pipe(
    v.string(taxMessages.rateInvalid),
    v.check((text) => parseRatePercent(text) !== null, taxMessages.rateInvalid),
    v.transform((text) => parseRatePercent(text) ?? 0),
  ),
});
export type TaxRateInput = v.InferInput<typeof TaxRateInputSchema>;
export type TaxRateFields = v.InferOutput<typeof TaxRateInputSchema>;

export const TaxRateSchema = v.object({
  id: v.string(),
  country: v.string(),
  /** '' for the whole country. */
  region: v.string(),
  name: v.string(),
  rateMicros: v.number(),
  updatedAt: v.string(),
});
export type TaxRate = v.InferOutput<typeof TaxRateSchema>;
export const TaxRateListSchema = v.object({ items: v.array(TaxRateSchema) });

/** The tax an order to one place pays: the rate and its name, or the reverse charge (no tax, the buyer accounts for it). */
export interface TaxTerms {
  rateMicros: number;
  /** As the invoice prints it ("VAT"); null where no rate is set. */
  name: string | null;
  reverseCharge: boolean;
}

export const NO_TAX: TaxTerms = Object.freeze({ rateMicros: 0, name: null, reverseCharge: false });

/** A place as the API shows its tax: a location, or a company for an address typed for one order. */
export interface PlaceTax {
  taxRateMicros?: number | undefined;
  taxName?: string | null | undefined;
}

/** The terms an order to `place` is taxed on, for a company exempt or not: the server's rule, and the pad's preview of it. */
export function placeTaxTerms(place: PlaceTax, taxExempt: boolean): TaxTerms {
  if (taxExempt) return { ...NO_TAX, reverseCharge: true };
  return { rateMicros: place.taxRateMicros ?? 0, name: place.taxName ?? null, reverseCharge: false };
}

/** The rate for a ship-to place: its region's where one is set, else its country's, else none. */
export function resolveTaxRate<R extends Pick<TaxRate, 'country' | 'region'>>(rates: readonly R[], country: string, region: string): R | null {
  const sameCountry = rates.filter((rate) => rate.country === country);
  return (region ? sameCountry.find((rate) => rate.region === region) : undefined) ?? sameCountry.find((rate) => rate.region === '') ?? null;
}

/** Tax on a net amount in minor units, rounded half up to the minor unit: one rounding per order, so net + tax is the gross exactly. */
export function taxOn(netMinor: number, terms: TaxTerms): number {
  if (terms.reverseCharge || terms.rateMicros === 0) return 0;
  return roundDiv(BigInt(netMinor) * BigInt(terms.rateMicros), BigInt(TAX_RATE_SCALE));
}

/** Net, tax and gross of an order: the gross is what the card pays and what counts against credit. */
export function orderTotals(netMinor: number, terms: TaxTerms): { net: number; tax: number; gross: number } {
  const tax = taxOn(netMinor, terms);
  return { net: netMinor, tax, gross: netMinor + tax };
}

/** What the tax line of a total reads: "VAT 19 %", or the reverse charge's note. */
export function taxLine(terms: TaxTerms, locale?: string): string {
  if (terms.reverseCharge) return 'Reverse charge: tax to be accounted for by the recipient';
  return `${terms.name ?? 'Tax'} ${formatRate(terms.rateMicros, locale)}`;
}

/** Whether a total shows a tax line at all: an order with a rate, or under the reverse charge. */
export function showsTax(terms: Pick<TaxTerms, 'rateMicros' | 'reverseCharge'>): boolean {
  return terms.reverseCharge || terms.rateMicros > 0;
}
