// What a company pays when it orders: its price list's terms and version, and the entries of the tools an
// order names (docs/decisions/045-price-lists-and-money.md). Read with the list's row shared-locked, so an
// admin's change to the list, which locks it for update, lands wholly before or wholly after the order.

import { and, eq, inArray } from 'drizzle-orm';
import { isCurrency } from '../../src/contract/money';
import type { DealerPriceList } from '../../src/contract/price-list';
import type { Tx } from '../db/client';
import { companies, priceListEntries, priceLists } from '../db/schema';

/** A company's price list without its entries: its terms and version. */
export type PriceListHead = Omit<DealerPriceList, 'entries'>;

/**
 * The company's price list without its entries; null for a company on the list price (or no such company).
 * With `share`, the list's row is share-locked until the transaction ends.
 */
export async function findCompanyListHead(tx: Tx, companyId: string, { share = false }: { share?: boolean } = {}): Promise<PriceListHead | null> {
  const query = tx
    .select({
      id: priceLists.id,
      name: priceLists.name,
      currency: priceLists.currency,
      rateMicros: priceLists.rateMicros,
      defaultPercentOff: priceLists.defaultPercentOff,
      version: priceLists.version,
    })
    .from(companies)
    .innerJoin(priceLists, eq(priceLists.id, companies.priceListId))
    .where(eq(companies.id, companyId))
    .limit(1);
  const [list] = share ? await query.for('share', { of: priceLists }) : await query;
  if (!list) return null;
  // The table's check keeps the currency to three capitals; the contract's list is what pricing knows.
  if (!isCurrency(list.currency)) throw new Error(`price list ${list.id} has the unknown currency ${list.currency}`);
  return { ...list, currency: list.currency, rateMicros: Number(list.rateMicros) };
}

/** The company's price list with the entries of these tools only, share-locked; null for a company on the list price. */
export async function findCompanyPricing(tx: Tx, companyId: string, productIds: string[]): Promise<DealerPriceList | null> {
  const list = await findCompanyListHead(tx, companyId, { share: true });
  if (!list) return null;
  const rows =
    productIds.length === 0
      ? []
      : await tx
          .select({
            productId: priceListEntries.productId,
            price: priceListEntries.price,
            percentOff: priceListEntries.percentOff,
            tiers: priceListEntries.tiers,
          })
          .from(priceListEntries)
          .where(and(eq(priceListEntries.priceListId, list.id), eq(priceListEntries.removed, false), inArray(priceListEntries.productId, productIds)));
  const entries: Record<string, DealerPriceList['entries'][string]> = {};
  for (const row of rows) entries[row.productId] = { price: row.price === null ? null : Number(row.price), percentOff: row.percentOff, tiers: row.tiers };
  return { ...list, entries };
}
