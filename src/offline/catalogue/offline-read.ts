// Read-through for the public catalogue reads (docs/architecture.md, "Offline"): every successful fetch is
// written to IndexedDB; when the network fails the saved copy is served and the screen is told from when it is.

import { ApiError, NetworkError } from '../../api/errors';
import { createNotifier } from '../../lib/notify';
import type { SavedRead } from './saved';

type Partial = NonNullable<SavedRead<unknown>['partial']>;

/** Sources currently served from IndexedDB, with the time their copy was saved (and how much of it, for a first copy still being saved). */
const servedFromSaved = new Map<string, { savedAt: number; partial: Partial | null }>();
const changes = createNotifier();
let snapshot: number | null = null;
let partialSnapshot: Partial | null = null;

function changed(): void {
  const served = [...servedFromSaved.values()];
  snapshot = served.length === 0 ? null : Math.min(...served.map((read) => read.savedAt));
  const partial = served.find((read) => read.partial)?.partial ?? null;
  if (partial?.saved !== partialSnapshot?.saved || partial?.total !== partialSnapshot?.total) partialSnapshot = partial;
  changes.notify();
}

/** The oldest saved time among the reads now served offline, or null when everything is live. */
export function getOfflineCatalogueTime(): number | null {
  return snapshot;
}

/** While a read is served offline from a first copy still being saved: how many tools it holds, of how many; else null. */
export function getOfflineCataloguePartial(): Partial | null {
  return partialSnapshot;
}

export const subscribeOfflineCatalogue = changes.subscribe;

/** `source` is now served from the copy saved at `savedAt` (the server could not be reached); `partial` for a first copy not yet complete. */
export function reportServedOffline(source: string, savedAt: number, partial?: Partial): void {
  servedFromSaved.set(source, { savedAt, partial: partial ?? null });
  changed();
}

/** The server answered: every screen is live again. */
export function reportServedLive(): void {
  if (servedFromSaved.size === 0) return;
  servedFromSaved.clear();
  changed();
}

/** Worth falling back for: no answer at all, or the server is failing. A 4xx is the truth and is thrown. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

/**
 * Fetches, saves what came back and returns it; if the server cannot be reached, returns the saved
 * copy instead (and flags `source` as served offline). With nothing saved, the fetch's error is thrown.
 */
export async function withOfflineFallback<T>(
  source: string,
  fetcher: () => Promise<T>,
  reader: () => Promise<SavedRead<T> | undefined>,
  writer: (data: T) => Promise<void>,
): Promise<T> {
  let data: T;
  try {
    data = await fetcher();
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const saved = await reader().catch(() => undefined);
    if (!saved) throw error;
    reportServedOffline(source, saved.savedAt, saved.partial);
    return saved.data;
  }
  // The server answered, so the app is live again: stale screens refetch on reconnect.
  reportServedLive();
  // Saving is best effort: a full or blocked IndexedDB must not break the online read.
  await writer(data).catch(() => undefined);
  return data;
}

/**
 * A writer that does not hold the screen up: the data is shown at once and saved afterwards, so the
 * first visit does not wait for IndexedDB (or for Dexie's download) before showing the catalogue.
 */
export function inBackground<T>(save: (data: T) => Promise<void>): (data: T) => Promise<void> {
  return async (data) => {
    void save(data).catch(() => undefined);
  };
}
