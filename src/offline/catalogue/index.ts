// The front door of the saved catalogue (docs/architecture.md, "Offline"): the tools and reviews as last
// fetched, kept in IndexedDB and fresh by the server's change cursor, searched offline as the server
// searches, and the read-through that serves them when the server cannot be reached. The IndexedDB code
// and the search index load with their first use, in the catalogue's worker where there is one.

import type { CategoryList, ProductPage } from '../../contract/product';
import { lazyWatch } from '../store/lazy-watch';
import type { CatalogueCopySummary } from './copy-summary';
import type { CatalogueSearch } from './search';
import type { SavedRead } from './saved';

export { syncSavedCatalogue } from './keep-fresh';
export { getCatalogueFill, getShownCatalogueFill, subscribeCatalogueFill } from './fill-progress';
export { getOfflineCatalogueTime, getOfflineCataloguePartial, inBackground, subscribeOfflineCatalogue, withOfflineFallback } from './offline-read';
export type { CatalogueFillProgress } from './sync';
export { onProductsSaved, readSavedProduct, readSavedProducts, readSavedReviews, saveProduct, saveProducts, saveReviews, type SavedRead } from './saved';
export type { CatalogueSyncResult } from './sync';
export { catalogueWorkerNotStarted, catalogueWorkerSaveReviews, catalogueWorkerSearch } from './worker-client';
export type { CatalogueSearch } from './search';
export type { CatalogueCopySummary } from './copy-summary';

// The search index is built and read on the page only where there is no worker, or offline: it loads then.
const search = () => import('./search');

/** One page of the saved catalogue for a search, with when it was synced; undefined when nothing is saved yet. */
export async function searchSavedCatalogue(query: CatalogueSearch): Promise<SavedRead<ProductPage> | undefined> {
  return (await search()).searchSavedCatalogue(query);
}

/** The categories of the saved catalogue with their counts, by name; undefined when nothing is saved yet. */
export async function savedCategories(): Promise<SavedRead<CategoryList> | undefined> {
  return (await search()).savedCategories();
}

/** What the device holds of the catalogue (tools saved, a first copy's progress, when it was synced), now and after every change. */
export function watchCatalogueCopy(listener: (copy: CatalogueCopySummary) => void, onError: (error: unknown) => void): () => void {
  return lazyWatch(
    () => import('./copy-summary'),
    (module) => module.watchCatalogueCopy(listener, onError),
    onError,
  );
}
