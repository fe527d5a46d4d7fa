// What the page and the catalogue's dedicated worker (worker.ts) say to each other: syncs
// (sync.ts), searches over the saved catalogue's index (search.ts), and the reviews
// the page read, to be saved for offline use.

import type { ProductPage } from '../../contract/product';
import type { Review } from '../../contract/review';
import type { SavedRead } from './saved';
import type { CatalogueSearch } from './search';
import type { CatalogueFillProgress, SyncReply, SyncRequest } from './sync';

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
  { type: 'search'; id: number; ok: true; found: SavedRead<ProductPage> | null } | { type: 'search'; id: number; ok: false; message: string };

/** Page -> worker: the reviews the server sent, saved for offline use (best effort, unanswered). */
export interface SaveReviewsRequest {
  type: 'save-reviews';
  reviews: Review[];
}

/** Worker -> page, unasked: the first copy saved one more page. */
export interface FillProgressReport extends CatalogueFillProgress {
  type: 'fill-progress';
}

export type WorkerRequest = SyncRequest | SearchRequest | CancelRequest | SaveReviewsRequest;
export type WorkerReply = SyncReply | SearchReply;
export type WorkerMessage = WorkerReply | FillProgressReport;
