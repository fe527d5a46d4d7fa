// The incremental sync of the saved catalogue (src/offline/catalogue) as a query: it runs at start-up,
// when the connection comes back and whenever 'products' is invalidated (an order or an admin changed
// the catalogue); what it changed refreshes the searches answered from the saved copy. The first sync
// waits until the page has loaded and the browser is idle.

import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/query-keys';
import { syncSavedCatalogue } from '../../offline/catalogue';
import { afterLoadWhenIdle } from '../../ui/when-idle';

export const catalogueSyncQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalogueSync,
    queryFn: () => syncSavedCatalogue(afterLoadWhenIdle),
    staleTime: 60_000,
    refetchOnReconnect: 'always',
    refetchOnWindowFocus: false,
    // Offline the next reconnect syncs; no point retrying into a dead network.
    retry: false,
    meta: { persist: false },
  });

/** Keeps the saved catalogue fresh while the app is open. */
export function useCatalogueSync(): void {
  const queryClient = useQueryClient();
  const sync = useQuery(catalogueSyncQueryOptions());
  const result = sync.data;
  useEffect(() => {
    // A first copy changes nothing shown: until it is complete the server answered every search.
    if (!result || result.first === true || result.changed + result.deleted === 0) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.productSearches });
    void queryClient.invalidateQueries({ queryKey: queryKeys.categories });
  }, [result, queryClient]);
}
