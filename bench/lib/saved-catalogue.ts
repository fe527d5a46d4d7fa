// Waiting for the app's offline copy of the catalogue (src/offline/catalogue/sync.ts) in a benchmark's page.

import type { Page } from '@playwright/test';

interface SavedState {
  sync: { version: number; syncedAt: number } | null;
  /** The first copy's progress while it fills (src/offline/catalogue/sync.ts, `catalogueFill`). */
  fill: { saved: number; total: number } | null;
}

/** The app's sync state and fill progress, read from its IndexedDB; null before the database exists. */
async function readSavedState(page: Page): Promise<SavedState | null> {
  // A string, not a function: the bench's TypeScript loader would add helpers the page does not have.
  return page.evaluate(`(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'forgeline')) return null;
    return new Promise((resolve) => {
      const open = indexedDB.open('forgeline');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('meta')) {
          db.close();
          resolve(null);
          return;
        }
        const store = db.transaction('meta').objectStore('meta');
        const sync = store.get('catalogueSync');
        const fill = store.get('catalogueFill');
        fill.onsuccess = () => {
          db.close();
          resolve({ sync: sync.result?.value ?? null, fill: fill.result?.value ?? null });
        };
        fill.onerror = () => resolve(null);
      };
    });
  })()`);
}

/**
 * Polls the app's IndexedDB until a catalogue sync has stored a change number newer than `after` (any,
 * with null), and returns when that sync was done. The database is opened only once it exists, so the
 * probe never creates it under the app. When the time is up, the error says how far the first copy got.
 */
export async function waitForSavedCatalogue(page: Page, after: number | null, timeoutMs: number): Promise<number> {
  const started = Date.now();
  let last: SavedState | null = null;
  while (Date.now() - started < timeoutMs) {
    last = await readSavedState(page);
    const sync = last?.sync;
    if (sync && (after === null || sync.syncedAt > after)) return sync.syncedAt;
    await new Promise((r) => setTimeout(r, 250));
  }
  const fill = last?.fill;
  const progress = fill ? `: ${fill.saved} of ${fill.total} tools saved` : last ? ': no page of the first copy saved' : ': no catalogue database yet';
  throw new Error(`the catalogue was not saved within ${timeoutMs / 1000} s${progress}`);
}
