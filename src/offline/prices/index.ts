// The front door of the dealer's prices (docs/architecture.md, "Offline"; docs/decisions/045): the company's
// price list kept on the device per account and refreshed while the app is open, as a query every screen that
// shows a price reads. Nothing loads or is asked for a signed-out visitor: the list's code and IndexedDB load
// with the first signed-in use.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import type { DealerPrices } from './dealer-prices';

export type { DealerPrices } from './dealer-prices';

/** Logout: the signed-out dealer's company prices leave the device with the session. */
export async function forgetDealerPrices(): Promise<void> {
  await (await import('./saved-list')).forgetPriceLists(null);
}

/** The company's price list as this device keeps it for the account: its name, currency, entries and when it was saved; null when none is kept. */
export async function savedPriceListCopy(
  owner: string,
): Promise<{ name: string; currency: string; entries: number; version: number; savedAt: number } | { name: null; savedAt: number } | null> {
  const saved = await (await import('./saved-list')).readSavedPriceList(owner, null);
  if (!saved) return null;
  if (!saved.list) return { name: null, savedAt: saved.savedAt };
  const { list } = saved;
  return { name: list.name, currency: list.currency, entries: Object.keys(list.entries).length, version: list.version, savedAt: saved.savedAt };
}

/** How often an open app asks for the list's changes: a new price reaches it within this. */
export const PRICE_REFRESH_MS = 60_000;

/** The signed-in account's prices (`owner`, its e-mail), or those of the company a sales rep orders for. */
export const dealerPricesQueryOptions = (owner: string, companyId: string | null = null) =>
  queryOptions({
    queryKey: queryKeys.dealerPrices(owner, companyId),
    queryFn: async (): Promise<DealerPrices | null> => (await import('./saved-list')).loadDealerPrices(owner, companyId),
    staleTime: PRICE_REFRESH_MS,
    refetchInterval: PRICE_REFRESH_MS,
    refetchOnReconnect: 'always',
    refetchOnWindowFocus: false,
    retry: false,
    // Kept in IndexedDB by the list's own code, not by the query persister.
    meta: { persist: false },
  });

/**
 * The prices to show: the company's list, or null for list prices (signed out, no list, or not loaded yet).
 * `owner` is the signed-in account's e-mail, '' signed out; a sales rep passes the company it orders for.
 */
export function useDealerPrices(owner: string, companyId: string | null = null): DealerPrices | null {
  const query = useQuery({ ...dealerPricesQueryOptions(owner, companyId), enabled: owner !== '' });
  return owner === '' ? null : (query.data ?? null);
}
