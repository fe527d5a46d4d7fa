// The incremental sync of the saved catalogue (src/db/catalogue-sync.ts) as a query: it runs at start-up,
// when the connection comes back and whenever 'products' is invalidated (an order or an admin changed
// the catalogue); what it changed refreshes the searches answered from the saved copy. The download and
// the writes run in a dedicated worker (src/db/catalogue-worker.ts), so the page's thread stays free.

import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/query-keys';
import { syncCatalogue } from '../../db/catalogue-sync';
import { catalogueWorkerRunner } from '../../db/catalogue-worker-client';
import { whenServiceWorkerSettled } from '../../db/offline-copy-start';
import { afterLoadWhenIdle } from '../../ui/when-idle';

let started = false;

/**
 * The first sync waits until the page has shown itself, and on a first visit until the service worker
 * holds the worker's script (src/db/offline-copy-start.ts): thousands of tools must not delay the first cards.
 */
function afterFirstRender(): Promise<void> {
  if (started || typeof window === 'undefined') return Promise.resolve();
  started = true;
  return whenServiceWorkerSettled().then(afterLoadWhenIdle);
}

export const catalogueSyncQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalogueSync,
    queryFn: async () => {
      await afterFirstRender();
      return syncCatalogue({ runner: catalogueWorkerRunner() });
    },
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
    if (!result || result.changed + result.deleted === 0) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.productSearches });
    void queryClient.invalidateQueries({ queryKey: queryKeys.categories });
  }, [result, queryClient]);
}
