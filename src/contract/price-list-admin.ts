// What the admins' Price Lists pages and the API agree on (docs/decisions/045-price-lists-and-money.md): the
// lists with how many companies buy with each and how many tools each prices, one list with a page of its
// entries, the entries an admin writes, and the price list a company is given. The list's own terms and an
// entry's are price-list.ts's.

import * as v from 'valibot';
import { queryInt, uuidField } from './fields';
import { CURRENCIES } from './money';
import { PriceListEntrySchema, ListTierSchema } from './price-list';

export const PRICE_LIST_ENTRIES_PAGE_SIZE = 50;
/** The most entries one request writes: a larger list is sent in several. */
export const MAX_ENTRIES_PER_REQUEST = 500;
export const PRICE_LIST_SEARCH_MAX_LENGTH = 100;

export const priceListAdminMessages = {
  entries: `Send from 1 to ${MAX_ENTRIES_PER_REQUEST} entries, each tool once`,
  tierAboveFixed: (tool: string) => `${tool}: every tier price must be below the tool's fixed price`,
  unknownTool: (id: string) => `No tool has the id ${id}`,
  duplicateName: (name: string) => `A price list named “${name}” already exists: choose another name.`,
  noEntry: 'That tool has no entry on this price list.',
  priceListId: 'Choose a price list, or none for the list price in US dollars',
} as const;

const CurrencyOutSchema = v.picklist(CURRENCIES);

/** A price list's terms as the admins read them. */
export const PriceListSchema = v.object({
  id: v.string(),
  name: v.string(),
  currency: CurrencyOutSchema,
  rateMicros: v.number(),
  defaultPercentOff: v.number(),
  /** Rises with every change to the list or its entries. */
  version: v.number(),
  updatedAt: v.string(),
});
export type PriceListView = v.InferOutput<typeof PriceListSchema>;

/** A list on the Price Lists page: its terms, how many companies buy with it and how many tools it prices. */
export const PriceListSummarySchema = v.object({
  ...PriceListSchema.entries,
  companies: v.number(),
  entries: v.number(),
});
export type PriceListSummary = v.InferOutput<typeof PriceListSummarySchema>;

/** GET /api/admin/price-lists: every list, by name. */
export const PriceListSummariesSchema = v.array(PriceListSummarySchema);

/** Query of GET /api/admin/price-lists/{id}: a page of its entries, `q` a part of the tool's name or SKU. */
export const PriceListDetailQuerySchema = v.object({
  page: v.optional(queryInt('page', 1_000_000), '1'),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(PRICE_LIST_SEARCH_MAX_LENGTH, `q must be at most ${PRICE_LIST_SEARCH_MAX_LENGTH} characters`))),
});
export type PriceListDetailQuery = v.InferOutput<typeof PriceListDetailQuerySchema>;

/** One tool's entry as the admins read it: the entry, the tool as the catalogue has it, and what one piece costs on the list. */
export const PriceListEntryViewSchema = v.object({
  productId: v.string(),
  name: v.string(),
  sku: v.string(),
  /** The tool's list price, whole US dollars. */
  listPrice: v.number(),
  price: v.nullable(v.number()),
  percentOff: v.nullable(v.number()),
  tiers: v.array(ListTierSchema),
  /** What one piece costs a company with this list, in minor units of the list's currency (dealerUnitPrice at quantity 1). */
  dealerPrice: v.number(),
  /** The list's version when the entry was last written. */
  version: v.number(),
});
export type PriceListEntryView = v.InferOutput<typeof PriceListEntryViewSchema>;

/** GET /api/admin/price-lists/{id}: the list and one page of its entries, by tool name. */
export const PriceListDetailSchema = v.object({
  list: PriceListSummarySchema,
  entries: v.object({
    items: v.array(PriceListEntryViewSchema),
    total: v.number(),
    page: v.number(),
    pageSize: v.number(),
  }),
});
export type PriceListDetail = v.InferOutput<typeof PriceListDetailSchema>;

/** Body of PUT /api/admin/price-lists/{id}/entries: the entries to write, each tool at most once. */
export const PriceListEntriesBodySchema = v.strictObject({
  entries: v.pipe(
    v.array(PriceListEntrySchema, priceListAdminMessages.entries),
    v.minLength(1, priceListAdminMessages.entries),
    v.maxLength(MAX_ENTRIES_PER_REQUEST, priceListAdminMessages.entries),
    v.check((entries) => new Set(entries.map((entry) => entry.productId)).size === entries.length, priceListAdminMessages.entries),
  ),
});
export type PriceListEntriesBody = v.InferOutput<typeof PriceListEntriesBodySchema>;

/** What writing or removing entries answers: the list's version after it. */
export const PriceListVersionSchema = v.object({ version: v.number() });

/** Body of PUT /api/admin/companies/{id}/price-list: the list the company buys with, or null for the list price. */
export const CompanyPriceListBodySchema = v.strictObject({
  priceListId: v.nullable(uuidField(priceListAdminMessages.priceListId)),
});
export type CompanyPriceListBody = v.InferOutput<typeof CompanyPriceListBodySchema>;

/** A company's price list as its admin page names it. */
export const CompanyPriceListSchema = v.object({ id: v.string(), name: v.string(), currency: CurrencyOutSchema });
export type CompanyPriceList = v.InferOutput<typeof CompanyPriceListSchema>;

/** What assigning a price list answers: the company's list now. */
export const CompanyPriceListAnswerSchema = v.object({ priceList: v.nullable(CompanyPriceListSchema) });

/**
 * A rate as an admin types it (`0.92`, `1,350.5`) in millionths, or null when it is not one. A comma only
 * groups thousands: `0,92` is refused rather than read as 92.
 */
export function parseRate(text: string): number | null {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,6}))?$/u.exec(text.trim());
  if (!match) return null;
  const whole = (match[1] ?? '0').replaceAll(',', '');
  const fraction = match[2] ?? '';
  const micros = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  return Number.isSafeInteger(micros) && micros > 0 ? micros : null;
}

/** Millionths as an admin reads a rate: `0.92`, `1`, `157.3`. */
export function formatRate(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/u, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/** A percentage as an admin types it (`12.5`, `10`) in basis points, or null when it is not one. */
export function parsePercent(text: string): number | null {
  const cleaned = text.trim().replace(/\s*%$/u, '');
  if (!/^\d{1,2}(?:\.\d{1,2})?$/u.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Basis points as a percentage: `12.5 %`. */
export function formatPercent(basisPoints: number): string {
  return `${formatRate(basisPoints * 10_000)} %`;
}
