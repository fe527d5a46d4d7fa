// The dealer's own price list as its app reads it (docs/decisions/045-price-lists-and-money.md): GET
// /api/company/price-list answers the whole list, or with `after` the entries written since that version and
// the tools taken off it, so a tablet that priced offline catches up with a small answer. Pricing itself is
// price-list.ts; this is the wire shape and how a device folds an answer into the copy it keeps.

import * as v from 'valibot';
import { IdSchema } from './fields';
import { CurrencySchema } from './money';
import { ListTierSchema, type DealerPriceList } from './price-list';

/** One tool on the list as the dealer's app reads it: a fixed price or a percentage off (or neither), and tiers of its own. */
export const DealerPriceEntrySchema = v.object({
  productId: IdSchema,
  price: v.nullable(v.number()),
  percentOff: v.nullable(v.number()),
  tiers: v.array(ListTierSchema),
});
export type DealerPriceEntry = v.InferOutput<typeof DealerPriceEntrySchema>;

export const DealerPriceListAnswerSchema = v.object({
  /** Null: the company buys at the list price in US dollars (or the account belongs to no company). */
  priceList: v.nullable(
    v.object({
      id: IdSchema,
      name: v.string(),
      currency: CurrencySchema,
      rateMicros: v.number(),
      defaultPercentOff: v.number(),
      /** The list's version now: the `after` of the next question. */
      version: v.number(),
      /** Every live entry (complete), or those written after the version asked for. */
      entries: v.array(DealerPriceEntrySchema),
      /** The tools taken off the list after the version asked for; empty in a complete answer. */
      removed: v.array(IdSchema),
      /** True when `entries` is the whole list; false for the changes since `after`. */
      complete: v.boolean(),
    }),
  ),
});
export type DealerPriceListAnswer = v.InferOutput<typeof DealerPriceListAnswerSchema>;
export type DealerPriceListChanges = NonNullable<DealerPriceListAnswer['priceList']>;

/** `?companyId=` for a sales rep's company, `?after=` for the changes since a version the device holds. */
export const DealerPriceListQuerySchema = v.strictObject({
  companyId: v.optional(v.string()),
  after: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/u, 'after must be the whole-number version of the price list'), v.transform(Number))),
});

/** The entries of an answer by tool id, as pricing reads them. */
function entriesOf(answer: DealerPriceListChanges): DealerPriceList['entries'] {
  return Object.fromEntries(answer.entries.map(({ productId, price, percentOff, tiers }) => [productId, { price, percentOff, tiers }]));
}

/**
 * The list a device holds after an answer: a complete answer replaces it; changes are folded into the copy
 * (entries written again replace theirs, removed tools go). Null when the changes cannot be applied (no copy,
 * another list, or a copy newer than the answer): the device then asks for the whole list.
 */
export function applyPriceListAnswer(held: DealerPriceList | null, answer: DealerPriceListChanges): DealerPriceList | null {
  const terms = { id: answer.id, name: answer.name, currency: answer.currency, rateMicros: answer.rateMicros, defaultPercentOff: answer.defaultPercentOff };
  if (answer.complete) return { ...terms, version: answer.version, entries: entriesOf(answer) };
  if (held === null || held.id !== answer.id || held.version > answer.version) return null;
  const entries = { ...held.entries, ...entriesOf(answer) };
  for (const productId of answer.removed) delete entries[productId];
  return { ...terms, version: answer.version, entries };
}
