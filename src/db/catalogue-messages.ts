// What the page and the catalogue's dedicated worker (catalogue-worker.ts) say to each other: syncs
// (catalogue-sync.ts) and searches over the saved catalogue's index (catalogue-search.ts).

import type { ProductPage } from '../contract/product';
import type { CatalogueSearch } from './catalogue-search';
import type { SyncReply, SyncRequest } from './catalogue-sync';

/** Page -> worker: one search of the saved catalogue. */
export interface SearchRequest {
  type: 'search';
  id: number;
  search: CatalogueSearch;
}

/** Page -> worker: the search `id` is no longer wanted (a newer one replaced it); it is dropped unanswered if not yet run. */
export interface CancelRequest {
  type: 'cancel';
  id: number;
}

/** Worker -> page: the page found, or `found: null` when nothing is saved yet; `failure` when the saved copy could not be read. */
export type SearchReply =
  | { type: 'search'; id: number; ok: true; found: { data: ProductPage; savedAt: number } | null }
  | { type: 'search'; id: number; ok: false; message: string };

export type WorkerRequest = SyncRequest | SearchRequest | CancelRequest;
export type WorkerReply = SyncReply | SearchReply;
