/// <reference lib="webworker" />
// The catalogue's dedicated worker: runs the sync (sync.ts: downloads what changed, validates
// it and writes it to IndexedDB), answers searches from the saved catalogue's in-memory index
// (search.ts, search-queue.ts) and saves the reviews the page read, all off the
// page's thread: the home page never loads the IndexedDB code itself.

import type { WorkerMessage, WorkerRequest } from './worker-messages';
import type { SavedProduct } from '../store/database';
import { builtCatalogueIndex, catalogueIndex, forgetCatalogueIndexes, keepPatchedCatalogueIndex, searchSavedCatalogue } from './search';
import { createSearchQueue } from './search-queue';
import { saveReviews } from './saved';
import { runCatalogueSync, toFailure, type SyncOutcome } from './sync';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const send = (message: WorkerMessage) => scope.postMessage(message);
const searches = createSearchQueue((search) => searchSavedCatalogue(search), send);

/** Builds the index ahead of the dealer's first search (at start, and again after a sync changed the catalogue). */
const warm = () => void catalogueIndex().catch(() => undefined);

scope.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'save-reviews') {
    // Best effort, as on the page: a full or blocked IndexedDB must not break anything.
    void saveReviews(request.reviews).catch(() => undefined);
    return;
  }
  if (request.type !== 'sync') {
    searches.take(request);
    return;
  }
  const { id } = request;
  void sync(id);
});

/**
 * Runs a sync and keeps the index up to date: the changed tools folded into it where they are found by the same
 * words as before (stock and prices, as after every order), else built again at once rather than on the next search.
 */
async function sync(id: number): Promise<void> {
  const before = await builtCatalogueIndex().catch(() => undefined);
  const applied: { rows: SavedProduct[]; deleted: string[] }[] = [];
  let outcome: SyncOutcome;
  try {
    outcome = await runCatalogueSync({
      onProgress: (progress) => send({ type: 'fill-progress', ...progress }),
      onApplied: (rows, deleted) => applied.push({ rows, deleted }),
    });
  } catch (error) {
    send({ type: 'sync', id, ok: false, failure: toFailure(error, null) });
    return;
  }
  const changes = applied[0];
  const patched = before !== undefined && changes !== undefined && (await keepPatchedCatalogueIndex(before, changes.rows, changes.deleted).catch(() => false));
  send({ type: 'sync', id, ok: true, outcome });
  if (patched || outcome.result.changed + outcome.result.deleted === 0) return;
  forgetCatalogueIndexes();
  warm();
}

warm();
