// The dealer's price list kept on the device (docs/architecture.md, "Offline"): one copy per account (and per
// company a sales rep orders for) in IndexedDB `meta`, brought up to date with the changes since its version
// whenever the app can reach the server, and read as it is when it cannot, so a tablet prices offline exactly
// as it last priced online. Loaded with the first signed-in use, never with the signed-out home page.

import { apiRequest } from '../../api/client';
import { ApiError, NetworkError } from '../../api/errors';
import { applyPriceListAnswer, DealerPriceListAnswerSchema, type DealerPriceListChanges } from '../../contract/dealer-price-list';
import type { DealerPriceList } from '../../contract/price-list';
import { getDatabase, type ForgelineDatabase } from '../store/database';
import { isOnline } from '../store/network';
import { accountMetaKey, forgetAccountMeta } from '../store/account-meta';
import { dealerPricesOf, type DealerPrices } from './dealer-prices';

/** What `meta` holds: the list (null: the company buys at the list price) and when it was last confirmed. */
export interface SavedPriceList {
  list: DealerPriceList | null;
  savedAt: number;
}

const PREFIX = 'dealerPriceList:';

export const savedListKey = (email: string, companyId: string | null): string => accountMetaKey(PREFIX, email, companyId);

/**
 * Removes the price lists this device keeps for every account but `email` (every account, without one). A
 * company's prices are its own: on a shared counter tablet (docs/decisions/029) nothing of them stays for the
 * next dealer, whether Logout removed them or the tablet was switched off first.
 */
export async function forgetPriceLists(email: string | null, db: ForgelineDatabase = getDatabase()): Promise<void> {
  await forgetAccountMeta(db, PREFIX, email);
}

export async function readSavedPriceList(email: string, companyId: string | null, db: ForgelineDatabase = getDatabase()): Promise<SavedPriceList | undefined> {
  return (await db.meta.get(savedListKey(email, companyId)))?.value as SavedPriceList | undefined;
}

async function save(email: string, companyId: string | null, list: DealerPriceList | null, db: ForgelineDatabase, now: number): Promise<void> {
  await db.meta.put({ key: savedListKey(email, companyId), value: { list, savedAt: now } satisfies SavedPriceList });
}

/** Asks the server: every entry without `after`, the changes since it with. */
export type FetchPriceList = (companyId: string | null, after: number | undefined) => Promise<DealerPriceListChanges | null>;

export const fetchPriceList: FetchPriceList = async (companyId, after) =>
  (
    await apiRequest('/company/price-list', {
      auth: true,
      schema: DealerPriceListAnswerSchema,
      query: { ...(companyId ? { companyId } : {}), ...(after !== undefined ? { after } : {}) },
    })
  ).priceList;

export interface RefreshDeps {
  db: ForgelineDatabase;
  fetch: FetchPriceList;
  online: () => boolean;
  now: () => number;
}

const defaults = (): RefreshDeps => ({ db: getDatabase(), fetch: fetchPriceList, online: isOnline, now: Date.now });

/**
 * The list to price with now: brought up to date from the server when it answers (the changes since the saved
 * version, or the whole list when those cannot be applied) and saved; the saved copy when the server cannot be
 * reached. Null: list prices (no list, or nothing saved yet and no connection).
 */
export async function refreshPriceList(email: string, companyId: string | null, overrides: Partial<RefreshDeps> = {}): Promise<DealerPriceList | null> {
  const d = { ...defaults(), ...overrides };
  await forgetPriceLists(email, d.db);
  const saved = await readSavedPriceList(email, companyId, d.db);
  if (!d.online()) return saved?.list ?? null;
  let list: DealerPriceList | null;
  try {
    const changes = await d.fetch(companyId, saved?.list?.version);
    list = changes === null ? null : applyPriceListAnswer(saved?.list ?? null, changes);
    // Another list, or a copy the server's list never reached: ask for the whole of it.
    if (changes !== null && list === null) {
      const whole = await d.fetch(companyId, undefined);
      list = whole === null ? null : applyPriceListAnswer(null, whole);
    }
  } catch (error) {
    if (error instanceof NetworkError) return saved?.list ?? null;
    // A company the rep no longer orders for: nothing of its list stays on the device.
    if (error instanceof ApiError && error.status === 404) list = null;
    else throw error;
  }
  await save(email, companyId, list, d.db, d.now());
  return list;
}

/** The screens' view of the list to price with now; null for list prices. */
export async function loadDealerPrices(email: string, companyId: string | null): Promise<DealerPrices | null> {
  const list = await refreshPriceList(email, companyId);
  return list === null ? null : dealerPricesOf(list);
}
