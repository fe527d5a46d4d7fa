// Reading a company's price list for its dealers' apps (docs/decisions/045-price-lists-and-money.md): the
// whole list, or the entries written and the tools removed after a version the app holds. Writing lists is
// the admins' (./price-lists.ts).

import { and, asc, eq, gt } from 'drizzle-orm';
import type { DealerPriceListChanges } from '../../src/contract/dealer-price-list';
import type { Tx } from '../db/client';
import { priceListEntries } from '../db/schema';
import { findCompanyListHead } from './company-pricing';

/**
 * The company's price list: every live entry when `after` is undefined (or newer than the list, which only a
 * copy of a list since replaced can hold), else the entries written after `after` and the tools removed since.
 * Null for a company that buys at the list price, or no such company.
 */
export async function findDealerPriceList(tx: Tx, companyId: string, after?: number): Promise<DealerPriceListChanges | null> {
  const list = await findCompanyListHead(tx, companyId);
  if (!list) return null;
  const complete = after === undefined || after > list.version;
  const rows = await tx
    .select({
      productId: priceListEntries.productId,
      price: priceListEntries.price,
      percentOff: priceListEntries.percentOff,
      tiers: priceListEntries.tiers,
      removed: priceListEntries.removed,
    })
    .from(priceListEntries)
    .where(
      complete
        ? and(eq(priceListEntries.priceListId, list.id), eq(priceListEntries.removed, false))
        : and(eq(priceListEntries.priceListId, list.id), gt(priceListEntries.version, after)),
    )
    .orderBy(asc(priceListEntries.productId));
  return {
    ...list,
    entries: rows.filter((row) => !row.removed).map(({ productId, price, percentOff, tiers }) => ({ productId, price, percentOff, tiers })),
    removed: rows.filter((row) => row.removed).map((row) => row.productId),
    complete,
  };
}
