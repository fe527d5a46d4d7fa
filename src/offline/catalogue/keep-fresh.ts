// Keeping the saved catalogue fresh while the app is open: each sync runs in the catalogue's worker where
// there is one (worker-client.ts), on the page where there is not.

import { whenServiceWorkerSettled } from './copy-start';
import { syncCatalogue, type CatalogueSyncResult } from './sync';
import { catalogueWorkerRunner } from './worker-client';

let started = false;

/**
 * Brings the saved catalogue up to the server's latest change. The first sync waits until the page has
 * shown itself (`pageShown`), and on a first visit until the service worker holds the worker's script
 * (copy-start.ts): thousands of tools must not delay the first cards.
 */
export async function syncSavedCatalogue(pageShown: () => Promise<void>): Promise<CatalogueSyncResult> {
  if (!started && typeof window !== 'undefined') {
    started = true;
    await whenServiceWorkerSettled().then(pageShown);
  }
  return syncCatalogue({ runner: catalogueWorkerRunner() });
}
