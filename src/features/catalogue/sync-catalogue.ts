// The incremental sync of the saved catalogue (src/offline/catalogue) as a query: it runs at start-up,
// when the connection comes back and whenever 'products' is invalidated (an order or an admin changed
// the catalogue); what it changed refreshes the searches answered from the saved copy, and each sync
// refreshes the dealer's prices unless they are fresh. The first sync waits until the page has loaded and the browser is idle.

import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { syncSavedCatalogue, type CatalogueSyncResult } from '../../offline/catalogue';
import { afterLoadWhenIdle } from '../../ui/when-idle';

/** The searches and categories answered from the saved copy are asked again when a sync changed it. */
export function refreshAfterSync(client: QueryClient, result: CatalogueSyncResult): void {
  // A first copy changes nothing shown: until it is complete the server answered every search.
  if (result.first === true || result.changed + result.deleted === 0) return;
  void client.invalidateQueries({ queryKey: queryKeys.productSearches });
  void client.invalidateQueries({ queryKey: queryKeys.categories });
}

export const catalogueSyncQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalogueSync,
    queryFn: async ({ client }) => {
      const result = await syncSavedCatalogue(afterLoadWhenIdle);
      // What follows is a task of its own, not the end of the one that took the worker's answer (and drew the
      // progress notice away): at trade scale the two together were one long task on a slow tablet.
      await new Promise((resolve) => setTimeout(resolve, 0));
      refreshAfterSync(client, result);
      // The dealer's prices are brought up to date with the tools (a tablet back online syncs both at once),
      // unless they were read within their own refresh interval: the page's first load reads both, and asking
      // for the prices again a second later would only repeat the request.
      void client.invalidateQueries({ queryKey: queryKeys.dealerPricesRoot, predicate: (query) => query.isStale() });
      return result;
    },
    staleTime: 60_000,
    refetchOnReconnect: 'always',
    refetchOnWindowFocus: false,
    // Offline the next reconnect syncs; no point retrying into a dead network.
    retry: false,
    meta: { persist: false },
  });

/**
 * Keeps the saved catalogue fresh while the app is open. The page frame runs it, and nothing on screen
 * shows the sync's own state: the frame is not drawn again when a sync starts or ends (at trade scale
 * that redraw was a long task right as the first copy was saved).
 */
export function useCatalogueSync(): void {
  useQuery({ ...catalogueSyncQueryOptions(), notifyOnChangeProps: [] });
}
