// Search and categories over the saved catalogue, through an in-memory index built from it
// (search-index.ts): the same matching as the server's (every word a prefix of a word of the name, SKU
// or description), so the home page answers as the dealer types, with or without a connection. In the
// browser this runs in the catalogue's dedicated worker (worker.ts); without workers, on the page.

import type { CategoryList, ProductPage } from '../../contract/product';
import type { ForgelineDatabase, SavedProduct } from '../store/database';
import { buildCatalogueIndex, patchCatalogueIndex, searchCatalogueIndex, type CatalogueIndex } from './search-index';
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

/** When the saved copy was synced, or how far its first copy is: read from `meta`, apart from the index. */
type CopyState = { syncedAt: number; fill?: { total: number } } | undefined;

/**
 * What each open database's search reads, by name: the index of its products (built from every row, seconds
 * at 50,000 tools) and the copy's state (two small reads). Each is dropped when what it was read from changes:
 * the index with the products, the state with `meta`, which the outbox, the price lists and the saved lists
 * write to as well; a write there must not cost the next search a rebuild of the index.
 */
const kept = new Map<string, { db: ForgelineDatabase; index?: Promise<CatalogueIndex>; built?: CatalogueIndex; state?: Promise<CopyState> }>();
let watching: Promise<void> | null = null;

/**
 * Drops what changed of a database's index and state, in this thread or another (Dexie tells every thread and
 * tab of the origin), so the next search reads it again.
 */
function watchChanges(): Promise<void> {
  watching ??= import('dexie').then(({ default: Dexie }) => {
    Dexie.on('storagemutated', (parts) => {
      for (const [name, entry] of kept) {
        const keys = Object.keys(parts);
        if (keys.some((key) => key.startsWith(`idb://${name}/products/`))) {
          delete entry.index;
          delete entry.built;
        }
        if (keys.some((key) => key.startsWith(`idb://${name}/meta/`))) delete entry.state;
      }
    });
  });
  return watching;
}

/** The index of the saved products as they are now, if it is built; taken before a sync writes, to patch after it. */
export async function builtCatalogueIndex(given?: ForgelineDatabase): Promise<CatalogueIndex | undefined> {
  const db = given ?? (await database());
  const entry = kept.get(db.name);
  return entry?.db === db ? entry.built : undefined;
}

/**
 * After a sync wrote `rows` (and deleted nothing) over the products `before` was built from: keeps that index
 * with the rows folded in (search-index.ts, `patchCatalogueIndex`), instead of building it again from every
 * saved row. False when it cannot (a new tool, one found by other words, a deletion): the next search builds it.
 */
export async function keepPatchedCatalogueIndex(before: CatalogueIndex, rows: SavedProduct[], deleted: string[], given?: ForgelineDatabase): Promise<boolean> {
  const db = given ?? (await database());
  const patched = deleted.length === 0 ? patchCatalogueIndex(before, rows) : null;
  if (!patched) return false;
  const entry = kept.get(db.name);
  if (!entry || entry.db !== db) return false;
  entry.index = Promise.resolve(patched);
  entry.built = patched;
  return true;
}

/** Forgets every index (the worker, after its sync changed the catalogue, rebuilds at once rather than on the next search). */
export function forgetCatalogueIndexes(): void {
  kept.clear();
}

async function readState(db: ForgelineDatabase): Promise<CopyState> {
  const [state, fill] = await db.transaction('r', db.meta, () => Promise.all([readCatalogueSyncState(db), readCatalogueFillState(db)]));
  if (state) return { syncedAt: state.syncedAt };
  return fill ? { syncedAt: fill.savedAt, fill: { total: fill.total } } : undefined;
}

/** The index of the saved catalogue, built on first use and after each change of the products; undefined before the first sync. */
export async function catalogueIndex(given?: ForgelineDatabase): Promise<LoadedIndex | undefined> {
  const db = given ?? (await database());
  await watchChanges();
  let entry = kept.get(db.name);
  if (!entry || entry.db !== db) {
    entry = { db };
    kept.set(db.name, entry);
  }
  const reads = entry;
  // Each read is kept until what it read changes; a failed one is forgotten, so the next search tries again.
  if (!reads.state) {
    const reading = readState(db);
    reads.state = reading;
    reading.catch(() => reads.state === reading && delete reads.state);
  }
  if (!reads.index) {
    const reading = db.products.toArray().then(buildCatalogueIndex);
    reads.index = reading;
    reading.then(
      (index) => reads.index === reading && (reads.built = index),
      () => reads.index === reading && delete reads.index,
    );
  }
  const [state, index] = await Promise.all([reads.state, reads.index]);
  const saved = index.products.length;
  if (!state || (state.fill && saved === 0)) return undefined;
  return {
    index,
    syncedAt: state.syncedAt,
    ...(state.fill ? { partial: { saved, total: Math.max(state.fill.total, saved) } } : {}),
  };
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
