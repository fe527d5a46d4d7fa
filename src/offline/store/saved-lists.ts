// A company's saved lists kept on the device (docs/decisions/054-saved-lists.md), so the dealer can read them
// and turn one into an order pad without a connection. One copy per account (and per company a sales rep
// orders for) in IndexedDB `meta`, replaced by every answer of the server. A company's lists are its own: on a
// shared counter tablet (docs/decisions/029) Logout removes them, and any other account's copies go before a
// dealer's are read.

import type { SavedList } from '../../contract/saved-list';
import { getDatabase, type ForgelineDatabase } from './database';
import { accountMetaKey, forgetAccountMeta } from './account-meta';

/** What `meta` holds: the lists as the server last gave them, and when (epoch ms). */
export interface KeptSavedLists {
  lists: SavedList[];
  savedAt: number;
}

const PREFIX = 'savedLists:';

export const savedListsKey = (email: string, companyId: string | null): string => accountMetaKey(PREFIX, email, companyId);

/** Removes the lists this device keeps for every account but `email` (every account, without one). */
export async function forgetSavedLists(email: string | null, db: ForgelineDatabase = getDatabase()): Promise<void> {
  await forgetAccountMeta(db, PREFIX, email);
}

/** The lists kept for the account (and the company a rep orders for); undefined when none were ever kept. */
export async function readSavedLists(email: string, companyId: string | null, db: ForgelineDatabase = getDatabase()): Promise<KeptSavedLists | undefined> {
  await forgetSavedLists(email, db);
  return (await db.meta.get(savedListsKey(email, companyId)))?.value as KeptSavedLists | undefined;
}

export async function keepSavedLists(
  email: string,
  companyId: string | null,
  lists: SavedList[],
  db: ForgelineDatabase = getDatabase(),
  now = Date.now(),
): Promise<void> {
  await forgetSavedLists(email, db);
  await db.meta.put({ key: savedListsKey(email, companyId), value: { lists, savedAt: now } satisfies KeptSavedLists });
}
