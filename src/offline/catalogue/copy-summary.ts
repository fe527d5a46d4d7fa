// What this device holds of the catalogue, for the This Device screen: how many tools are saved, whether the
// first copy is still filling (and how far), and when the server last answered a sync. Read live: the sync
// writes in the catalogue's worker, and Dexie tells every context of the change.

import { liveQuery } from 'dexie';
import { getDatabase, type ForgelineDatabase } from '../store/database';
import { CATALOGUE_FILL_KEY, CATALOGUE_SYNC_KEY, type CatalogueFillState, type CatalogueSyncState } from './sync';

export interface CatalogueCopySummary {
  /** Tools saved on the device now. */
  tools: number;
  /** A first copy still being saved: how many of how many; null once it is complete (or before it starts). */
  filling: { saved: number; total: number } | null;
  /** Epoch ms of the last sync the server answered, else of the last page of a first copy saved; null when nothing is saved. */
  savedAt: number | null;
}

export async function readCatalogueCopy(db: ForgelineDatabase = getDatabase()): Promise<CatalogueCopySummary> {
  return db.transaction('r', db.products, db.meta, async () => {
    const tools = await db.products.count();
    const sync = (await db.meta.get(CATALOGUE_SYNC_KEY))?.value as CatalogueSyncState | undefined;
    const fill = (await db.meta.get(CATALOGUE_FILL_KEY))?.value as CatalogueFillState | undefined;
    const filling = fill && fill.saved < fill.total ? { saved: fill.saved, total: fill.total } : null;
    return { tools, filling, savedAt: sync?.syncedAt ?? fill?.savedAt ?? null };
  });
}

/** The summary now and after every change of the saved catalogue; returns the function that stops it. */
export function watchCatalogueCopy(listener: (copy: CatalogueCopySummary) => void, onError: (error: unknown) => void, db?: ForgelineDatabase): () => void {
  const subscription = liveQuery(() => readCatalogueCopy(db)).subscribe({ next: listener, error: onError });
  return () => subscription.unsubscribe();
}
