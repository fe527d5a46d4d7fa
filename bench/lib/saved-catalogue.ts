// Waiting for the app's offline copy of the catalogue (src/offline/catalogue/sync.ts) in a benchmark's page.

import type { Page } from '@playwright/test';

/**
 * Polls the app's IndexedDB until a catalogue sync has stored a change number newer than `after` (any,
 * with null), and returns when that sync was done. The database is opened only once it exists, so the
 * probe never creates it under the app.
 */
export async function waitForSavedCatalogue(page: Page, after: number | null, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const state = await page.evaluate(async () => {
      if (!(await indexedDB.databases()).some((db) => db.name === 'forgeline')) return null;
      return new Promise<{ version: number; syncedAt: number } | null>((resolve) => {
        const open = indexedDB.open('forgeline');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) {
            db.close();
            resolve(null);
            return;
          }
          const request = db.transaction('meta').objectStore('meta').get('catalogueSync');
          request.onsuccess = () => {
            db.close();
            resolve((request.result as { value?: { version: number; syncedAt: number } } | undefined)?.value ?? null);
          };
          request.onerror = () => resolve(null);
        };
      });
    });
    if (state && (after === null || state.syncedAt > after)) return state.syncedAt;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the catalogue was not saved within ${timeoutMs / 1000} s`);
}
