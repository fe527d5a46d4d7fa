// Keeping the saved catalogue fresh while the app is open: each sync runs in the catalogue's worker where
// there is one (worker-client.ts), on the page where there is not.

import { syncCatalogue, type CatalogueSyncResult } from './sync';
import { catalogueWorkerRunner } from './worker-client';

let started = false;

/**
 * Brings the saved catalogue up to the server's latest change. The first sync waits until the page has
 * shown itself (`pageShown`): thousands of tools must not delay the first cards. It does not wait for the
 * service worker's install, which runs beside it (docs/decisions/051-the-offline-copy-starts-when-the-page-is-shown.md).
 */
export async function syncSavedCatalogue(pageShown: () => Promise<void>): Promise<CatalogueSyncResult> {
  if (!started && typeof window !== 'undefined') {
    started = true;
    await pageShown();
  }
  return syncCatalogue({ runner: catalogueWorkerRunner() });
}
