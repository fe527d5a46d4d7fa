// Price lists as the admins keep them (docs/decisions/045-price-lists-and-money.md): the lists with their
// counts, one list with a page of its entries, writing and removing entries, and the list a company buys
// with. Every change to a list or its entries raises the list's version once, in the caller's transaction,
// with the list's row locked (lockPriceList), so two admins' changes get two versions in the order they commit.

import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { companies, orders, priceListEntries, priceLists, products } from '../db/schema';
import { isCurrency, type CurrencyCode } from '../../src/contract/money';
import { dealerUnitPrice, type PriceListEntry, type PriceListInput, type Pricing } from '../../src/contract/price-list';
import {
  PRICE_LIST_ENTRIES_PAGE_SIZE,
  type CompanyPriceList,
  type PriceListDetail,
  type PriceListSummary,
  type PriceListView,
} from '../../src/contract/price-list-admin';

export type PriceListRow = typeof priceLists.$inferSelect;

/** A currency as the table holds it; the table's check and the contract keep it one of the contract's. */
function currencyOf(code: string): CurrencyCode {
  if (!isCurrency(code)) throw new Error(`price list currency ${code} is not one the contract knows`);
  return code;
}

export function priceListView(row: PriceListRow): PriceListView {
  return {
    id: row.id,
    name: row.name,
    currency: currencyOf(row.currency),
    rateMicros: row.rateMicros,
    defaultPercentOff: row.defaultPercentOff,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Written with the tables' own names: drizzle leaves a column of a one-table select unqualified, which a
// subquery would read as its own table's column.
const companiesCount = sql<number>`(select count(*)::int from companies c where c.price_list_id = price_lists.id)`;
const entriesCount = sql<number>`(select count(*)::int from price_list_entries e where e.price_list_id = price_lists.id and not e.removed)`;

async function summaries(tx: Tx, where: SQL | undefined): Promise<PriceListSummary[]> {
  const rows = await tx
    .select({ list: priceLists, companies: companiesCount, entries: entriesCount })
    .from(priceLists)
    .where(where)
    .orderBy(sql`lower(${priceLists.name})`, asc(priceLists.id));
  return rows.map((row) => ({ ...priceListView(row.list), companies: Number(row.companies), entries: Number(row.entries) }));
}

/** Every price list with how many companies buy with it and how many tools it prices, by name. */
export function listPriceListSummaries(tx: Tx): Promise<PriceListSummary[]> {
  return summaries(tx, undefined);
}

export async function findPriceListSummary(tx: Tx, id: string): Promise<PriceListSummary | null> {
  return (await summaries(tx, eq(priceLists.id, id)))[0] ?? null;
}

export async function findPriceList(tx: Tx, id: string): Promise<PriceListRow | null> {
  const [row] = await tx.select().from(priceLists).where(eq(priceLists.id, id));
  return row ?? null;
}

/** The list's row, locked until the transaction ends: whatever changes the list or its entries takes this first. */
export async function lockPriceList(tx: Tx, id: string): Promise<PriceListRow | null> {
  const [row] = await tx.select().from(priceLists).where(eq(priceLists.id, id)).for('update');
  return row ?? null;
}

/** Whether another list has the name, whatever its case. */
export async function isPriceListNameTaken(tx: Tx, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: priceLists.id })
    .from(priceLists)
    .where(and(sql`lower(${priceLists.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(priceLists.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether a database error is the unique index on the lists' names refusing a write (two admins naming two lists alike at once). */
export function isPriceListNameConflict(error: unknown): boolean {
  const pg = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return pg.code === '23505' && pg.constraint === 'price_lists_name_key';
}

/** A new list at version 1; null when its name is taken. */
export async function insertPriceList(tx: Tx, input: PriceListInput): Promise<PriceListRow | null> {
  const [row] = await tx
    .insert(priceLists)
    .values({ name: input.name, currency: input.currency, rateMicros: input.rateMicros, defaultPercentOff: input.defaultPercentOff })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The list's new terms and its next version; the caller holds the list's lock. */
export async function updatePriceListTerms(tx: Tx, id: string, input: PriceListInput): Promise<PriceListRow> {
  const [row] = await tx
    .update(priceLists)
    .set({
      name: input.name,
      currency: input.currency,
      rateMicros: input.rateMicros,
      defaultPercentOff: input.defaultPercentOff,
      version: sql`${priceLists.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(priceLists.id, id))
    .returning();
  if (!row) throw new Error('the locked price list is gone');
  return row;
}

/** Raises the list's version by one and answers it; the caller holds the list's lock. */
export async function bumpPriceListVersion(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(priceLists)
    .set({ version: sql`${priceLists.version} + 1`, updatedAt: sql`now()` })
    .where(eq(priceLists.id, id))
    .returning({ version: priceLists.version });
  if (!row) throw new Error('the locked price list is gone');
  return row.version;
}

export async function deletePriceList(tx: Tx, id: string): Promise<void> {
  await tx.delete(priceLists).where(eq(priceLists.id, id));
}

/** The companies that buy with the list. */
export async function companiesUsing(tx: Tx, priceListId: string): Promise<string[]> {
  const rows = await tx.select({ id: companies.id }).from(companies).where(eq(companies.priceListId, priceListId));
  return rows.map((row) => row.id);
}

/**
 * Whether any of the companies has an order that still owes money in the currency it was priced in: an order
 * on account whose invoice is unpaid (on hold, confirmed or shipped), or a card order not yet paid. A refused
 * order owes nothing.
 */
export async function owesInPresentCurrency(tx: Tx, companyIds: readonly string[]): Promise<boolean> {
  if (companyIds.length === 0) return false;
  const rows = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(inArray(orders.companyId, [...companyIds]), isNull(orders.paidAt), ne(orders.status, 'Refused')));
  return (rows[0]?.n ?? 0) > 0;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

/** One page of the list's live entries by tool name, `q` a part of the tool's name or SKU, each priced at one piece. */
export async function listEntriesPage(tx: Tx, list: PriceListRow, query: { page: number; q?: string | undefined }): Promise<PriceListDetail['entries']> {
  const q = query.q ?? '';
  const where = and(
    eq(priceListEntries.priceListId, list.id),
    eq(priceListEntries.removed, false),
    q === '' ? undefined : sql`(${products.name} ilike ${likePattern(q)} or ${products.sku} ilike ${likePattern(q)})`,
  );
  const [rows, totals] = await Promise.all([
    tx
      .select({ entry: priceListEntries, name: products.name, sku: products.sku, listPrice: products.price, priceTiers: products.priceTiers })
      .from(priceListEntries)
      .innerJoin(products, eq(products.id, priceListEntries.productId))
      .where(where)
      .orderBy(sql`lower(${products.name})`, asc(products.id))
      .limit(PRICE_LIST_ENTRIES_PAGE_SIZE)
      .offset((query.page - 1) * PRICE_LIST_ENTRIES_PAGE_SIZE),
    tx.select({ n: count() }).from(priceListEntries).innerJoin(products, eq(products.id, priceListEntries.productId)).where(where),
  ]);
  const pricing: Pricing = {
    currency: currencyOf(list.currency),
    rateMicros: list.rateMicros,
    defaultPercentOff: list.defaultPercentOff,
    entries: Object.fromEntries(rows.map(({ entry }) => [entry.productId, { price: entry.price, percentOff: entry.percentOff, tiers: entry.tiers }] as const)),
  };
  return {
    items: rows.map(({ entry, name, sku, listPrice, priceTiers }) => ({
      productId: entry.productId,
      name,
      sku,
      listPrice,
      price: entry.price,
      percentOff: entry.percentOff,
      tiers: entry.tiers,
      dealerPrice: dealerUnitPrice({ _id: entry.productId, price: listPrice, priceTiers }, pricing, 1),
      version: entry.version,
    })),
    total: totals[0]?.n ?? 0,
    page: query.page,
    pageSize: PRICE_LIST_ENTRIES_PAGE_SIZE,
  };
}

/** The tools of the ids, by id, with their names and SKUs; an id missing from it names no tool. */
export async function toolsByIds(tx: Tx, ids: readonly string[]): Promise<Map<string, { name: string; sku: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { name: row.name, sku: row.sku }]));
}

/** Writes the entries at the list's new version; an entry removed before is live again. */
export async function upsertEntries(tx: Tx, priceListId: string, entries: readonly PriceListEntry[], version: number): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(priceListEntries)
    .values(
      entries.map((entry) => ({ priceListId, productId: entry.productId, price: entry.price, percentOff: entry.percentOff, tiers: entry.tiers, version })),
    )
    .onConflictDoUpdate({
      target: [priceListEntries.priceListId, priceListEntries.productId],
      set: {
        price: sql`excluded.price`,
        percentOff: sql`excluded.percent_off`,
        tiers: sql`excluded.tiers`,
        version: sql`excluded.version`,
        removed: false,
      },
    });
}

/** The tool's live entry on the list, or null. */
export async function findLiveEntry(tx: Tx, priceListId: string, productId: string): Promise<PriceListEntry | null> {
  const [row] = await tx
    .select({ productId: priceListEntries.productId, price: priceListEntries.price, percentOff: priceListEntries.percentOff, tiers: priceListEntries.tiers })
    .from(priceListEntries)
    .where(and(eq(priceListEntries.priceListId, priceListId), eq(priceListEntries.productId, productId), eq(priceListEntries.removed, false)));
  return row ?? null;
}

/** Leaves the entry as a tombstone at the list's new version, so an app's next sync learns it is gone. */
export async function markEntryRemoved(tx: Tx, priceListId: string, productId: string, version: number): Promise<void> {
  await tx
    .update(priceListEntries)
    .set({ removed: true, version })
    .where(and(eq(priceListEntries.priceListId, priceListId), eq(priceListEntries.productId, productId)));
}

/** The company's price list, locking the company's row; undefined when there is no such company. */
export async function lockCompanyPriceList(tx: Tx, companyId: string): Promise<{ priceList: CompanyPriceList | null } | undefined> {
  const [row] = await tx.select({ priceListId: companies.priceListId }).from(companies).where(eq(companies.id, companyId)).for('update');
  if (!row) return undefined;
  return { priceList: row.priceListId === null ? null : await findCompanyPriceListById(tx, row.priceListId) };
}

async function findCompanyPriceListById(tx: Tx, priceListId: string): Promise<CompanyPriceList | null> {
  const [row] = await tx
    .select({ id: priceLists.id, name: priceLists.name, currency: priceLists.currency })
    .from(priceLists)
    .where(eq(priceLists.id, priceListId));
  return row ? { id: row.id, name: row.name, currency: currencyOf(row.currency) } : null;
}

/** The price list a company buys with, as its admin page names it; null for the list price. */
export async function findCompanyPriceList(tx: Tx, companyId: string): Promise<CompanyPriceList | null> {
  const [row] = await tx
    .select({ id: priceLists.id, name: priceLists.name, currency: priceLists.currency })
    .from(companies)
    .innerJoin(priceLists, eq(priceLists.id, companies.priceListId))
    .where(eq(companies.id, companyId));
  return row ? { id: row.id, name: row.name, currency: currencyOf(row.currency) } : null;
}

export async function setCompanyPriceList(tx: Tx, companyId: string, priceListId: string | null): Promise<void> {
  await tx
    .update(companies)
    .set({ priceListId, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId));
}
