// Starts the catalogue's dedicated worker (worker.ts) on first use and runs syncs, searches and
// the saving of reviews in it. Where the browser has no module workers, or the worker cannot start, there
// is no worker and they run on the page (sync.ts, search.ts, saved.ts).

import type { ProductPage } from '../../contract/product';
import type { Review } from '../../contract/review';
import type { WorkerMessage, WorkerReply, WorkerRequest } from './worker-messages';
import { reportCatalogueFill } from './fill-progress';
import type { SavedRead } from './saved';
import type { CatalogueSearch } from './search';
import { CatalogueSyncError, type SyncOutcome, type SyncRunner } from './sync';

/** A search's answer from the worker: the page and when the saved copy was synced; null while nothing is saved. */
export type WorkerSearchResult = SavedRead<ProductPage> | null;

interface Waiting {
  settle: (reply: WorkerReply) => void;
  fail: (error: Error) => void;
}

interface CatalogueWorker {
  sync: SyncRunner;
  search: (search: CatalogueSearch, signal?: AbortSignal) => Promise<WorkerSearchResult>;
  saveReviews: (reviews: Review[]) => void;
}

let started: CatalogueWorker | null | undefined;

const aborted = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException('The search was replaced by a newer one.', 'AbortError');

function startWorker(): CatalogueWorker | null {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'catalogue-sync' });
  } catch {
    return null;
  }
  const pending = new Map<number, Waiting>();
  let nextId = 0;
  worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    const reply = event.data;
    if (reply.type === 'fill-progress') {
      reportCatalogueFill({ saved: reply.saved, total: reply.total });
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    waiting.settle(reply);
  });
  worker.addEventListener('error', (event) => {
    // A worker that cannot load fails what waits on it; later syncs and searches run on the page.
    started = null;
    worker.terminate();
    const failure = { unreachable: false, status: null, code: 'failed', message: event.message || 'The catalogue could not be synced.', savedAt: null };
    for (const waiting of pending.values()) waiting.fail(new CatalogueSyncError(failure));
    pending.clear();
  });
  const post = (request: WorkerRequest) => worker.postMessage(request);

  const sync: SyncRunner = () =>
    new Promise<SyncOutcome>((resolve, reject) => {
      nextId += 1;
      const id = nextId;
      pending.set(id, {
        settle: (reply) => {
          if (reply.type !== 'sync') return;
          if (reply.ok) resolve(reply.outcome);
          else reject(new CatalogueSyncError(reply.failure));
        },
        fail: reject,
      });
      post({ type: 'sync', id });
    });

  const search = (query: CatalogueSearch, signal?: AbortSignal) =>
    new Promise<WorkerSearchResult>((resolve, reject) => {
      if (signal?.aborted) {
        reject(aborted(signal));
        return;
      }
      nextId += 1;
      const id = nextId;
      const onAbort = () => {
        // Dropped here at once, and in the worker before it runs if it has not yet.
        pending.delete(id);
        post({ type: 'cancel', id });
        reject(aborted(signal as AbortSignal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      pending.set(id, {
        settle: (reply) => {
          signal?.removeEventListener('abort', onAbort);
          if (reply.type !== 'search') return;
          if (reply.ok) resolve(reply.found);
          else reject(new Error(reply.message));
        },
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      });
      post({ type: 'search', id, search: query });
    });

  return { sync, search, saveReviews: (reviews) => post({ type: 'save-reviews', reviews }) };
}

function catalogueWorker(): CatalogueWorker | null {
  if (started === undefined) started = typeof Worker === 'undefined' ? null : startWorker();
  return started;
}

/** The worker's sync runner, started on first call; null where there is no worker to run in. */
export function catalogueWorkerRunner(): SyncRunner | null {
  return catalogueWorker()?.sync ?? null;
}

/** Whether the worker has not been asked to start yet (no sync, search or saving has needed it so far). */
export function catalogueWorkerNotStarted(): boolean {
  return started === undefined;
}

/** The worker's search of the saved catalogue, started on first call; null where there is no worker to run in. */
export function catalogueWorkerSearch(): CatalogueWorker['search'] | null {
  return catalogueWorker()?.search ?? null;
}

/** Saves the reviews in the worker, started on first call; null where there is no worker to run in. */
export function catalogueWorkerSaveReviews(): CatalogueWorker['saveReviews'] | null {
  return catalogueWorker()?.saveReviews ?? null;
}
