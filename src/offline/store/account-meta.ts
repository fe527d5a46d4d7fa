// What the device keeps in IndexedDB `meta` for one signed-in account (and, for a sales rep, per company it
// orders for): the dealer's price list, the company's saved lists. Each kind of entry has its prefix; an
// account's entries are its own, so on a shared counter tablet (docs/decisions/029) every other account's go
// before one's are read, and all of them at Logout.

import type { ForgelineDatabase } from './database';
import { ownerKey } from './owner';

/** The `meta` key of an account's entry of this kind (`dealerPriceList:`, `savedLists:`), per company a rep orders for. */
export const accountMetaKey = (prefix: string, email: string, companyId: string | null): string =>
  `${prefix}${ownerKey(email)}${companyId ? `:${companyId}` : ''}`;

/** Removes the entries of this kind the device keeps for every account but `email` (every account, without one). */
export async function forgetAccountMeta(db: ForgelineDatabase, prefix: string, email: string | null): Promise<void> {
  const mine = email === null ? null : `${prefix}${ownerKey(email)}`;
  await db.meta
    .where('key')
    .startsWith(prefix)
    .filter((entry) => mine === null || (entry.key !== mine && !entry.key.startsWith(`${mine}:`)))
    .delete();
}
