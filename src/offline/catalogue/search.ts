// Search and categories over the saved catalogue, through an in-memory index built from it
// (search-index.ts): the same matching as the server's (every word a prefix of a word of the name, SKU
// or description), so the home page answers as the dealer types, with or without a connection. In the
// browser this runs in the catalogue's dedicated worker (worker.ts); without workers, on the page.

import type { CategoryList, ProductPage } from '../../contract/product';
import type { ForgelineDatabase } from '../store/database';
import { buildCatalogueIndex, searchCatalogueIndex, type CatalogueIndex } from './search-index';
import { readCatalogueFillState, readCatalogueSyncState } from './sync';
import type { SavedRead } from './saved';

const database = (): Promise<ForgelineDatabase> => import('../store/database').then((m) => m.getDatabase());

export interface CatalogueSearch {
  q: string;
  category: string | null;
  page: number;
  pageSize: number;
}

interface LoadedIndex {
  index: CatalogueIndex;
  syncedAt: number;
  /** A first copy still being saved: searched offline only, saying how much of the catalogue it holds. */
  partial?: { saved: number; total: number };
}

/** The index of each open database, by name; dropped whenever its products or sync state change. */
const indexes = new Map<string, { db: ForgelineDatabase; loaded: Promise<LoadedIndex | undefined> }>();
let watching: Promise<void> | null = null;

/**
 * Drops the index of a database whose products or sync state changed, in this thread or another (Dexie
 * tells every thread and tab of the origin), so the next search reads the saved copy again.
 */
function watchChanges(): Promise<void> {
  watching ??= import('dexie').then(({ default: Dexie }) => {
    Dexie.on('storagemutated', (parts) => {
      for (const [name] of indexes) {
        const changed = Object.keys(parts).some((key) => key.startsWith(`idb://${name}/products/`) || key.startsWith(`idb://${name}/meta/`));
        if (changed) indexes.delete(name);
      }
    });
  });
  return watching;
}

/** Forgets every index (the worker, after its sync changed the catalogue, rebuilds at once rather than on the next search). */
export function forgetCatalogueIndexes(): void {
  indexes.clear();
}

async function load(db: ForgelineDatabase): Promise<LoadedIndex | undefined> {
  const [state, fill, rows] = await db.transaction('r', db.products, db.meta, () =>
    Promise.all([readCatalogueSyncState(db), readCatalogueFillState(db), db.products.toArray()]),
  );
  if (state) return { index: buildCatalogueIndex(rows), syncedAt: state.syncedAt };
  if (!fill || rows.length === 0) return undefined;
  return { index: buildCatalogueIndex(rows), syncedAt: fill.savedAt, partial: { saved: rows.length, total: Math.max(fill.total, rows.length) } };
}

/** The index of the saved catalogue, built on first use and after each change; undefined before the first sync. */
export async function catalogueIndex(given?: ForgelineDatabase): Promise<LoadedIndex | undefined> {
  const db = given ?? (await database());
  await watchChanges();
  const known = indexes.get(db.name);
  if (known && known.db === db) return known.loaded;
  const loaded = load(db);
  const entry = { db, loaded };
  indexes.set(db.name, entry);
  // A failed read is not kept: the next search tries again.
  loaded.catch(() => {
    if (indexes.get(db.name) === entry) indexes.delete(db.name);
  });
  return loaded;
}

function savedRead<T>(loaded: LoadedIndex, data: T): SavedRead<T> {
  return { data, savedAt: loaded.syncedAt, ...(loaded.partial ? { partial: loaded.partial } : {}) };
}

/** One page of the saved catalogue for a search, with when it was synced (and `partial` while the first copy is saved); undefined when nothing is saved yet. */
export async function searchSavedCatalogue(search: CatalogueSearch, given?: ForgelineDatabase): Promise<SavedRead<ProductPage> | undefined> {
  const loaded = await catalogueIndex(given);
  return loaded && savedRead(loaded, searchCatalogueIndex(loaded.index, search));
}

/** The categories of the saved catalogue with their counts, by name; undefined when nothing is saved yet. */
export async function savedCategories(given?: ForgelineDatabase): Promise<SavedRead<CategoryList> | undefined> {
  const loaded = await catalogueIndex(given);
  return loaded && savedRead(loaded, loaded.index.categories);
}
