// How Our Tools shows the catalogue, cards or a compact list, remembered on the device: a counter tablet
// that works from the list keeps it across reloads and dealers. It is a choice of layout, nothing of the
// dealer, so it stays when they sign out (unlike their saved answers, decision 029).

import { useCallback, useSyncExternalStore } from 'react';
import { createNotifier } from '../../lib/notify';

export const CATALOGUE_VIEWS = ['cards', 'list'] as const;
export type CatalogueView = (typeof CATALOGUE_VIEWS)[number];

export const CATALOGUE_VIEW_KEY = 'forgeline-catalogue-view';
/** What the build prerenders and a device that never chose sees. */
export const DEFAULT_CATALOGUE_VIEW: CatalogueView = 'cards';

type ViewStorage = Pick<Storage, 'getItem' | 'setItem'>;

const deviceStorage = (): ViewStorage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // A browser with storage turned off throws on the mere access.
    return null;
  }
};

const isView = (value: unknown): value is CatalogueView => (CATALOGUE_VIEWS as readonly unknown[]).includes(value);

/** The view this device chose, or the default when it chose none, or its storage holds something else or cannot be read. */
export function readCatalogueView(storage: ViewStorage | null = deviceStorage()): CatalogueView {
  try {
    const saved = storage?.getItem(CATALOGUE_VIEW_KEY);
    return isView(saved) ? saved : DEFAULT_CATALOGUE_VIEW;
  } catch {
    return DEFAULT_CATALOGUE_VIEW;
  }
}

const changed = createNotifier();

/** Remembers the view; when the device cannot store it (private mode, full), it holds for this page only. */
let unsaved: CatalogueView | null = null;

export function saveCatalogueView(view: CatalogueView, storage: ViewStorage | null = deviceStorage()): void {
  unsaved = null;
  try {
    if (!storage) throw new Error('no storage');
    storage.setItem(CATALOGUE_VIEW_KEY, view);
  } catch {
    unsaved = view;
  }
  changed.notify();
}

function subscribe(listener: () => void): () => void {
  const stop = changed.subscribe(listener);
  // Another tab of the same device switched.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CATALOGUE_VIEW_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stop();
    window.removeEventListener('storage', onStorage);
  };
}

const current = () => unsaved ?? readCatalogueView();

/**
 * The view and the function that changes it. During hydration it is the default, as the build rendered
 * it; the device's choice follows at once after.
 */
export function useCatalogueView(): [CatalogueView, (view: CatalogueView) => void] {
  const view = useSyncExternalStore(subscribe, current, () => DEFAULT_CATALOGUE_VIEW);
  return [view, useCallback((next: CatalogueView) => saveCatalogueView(next), [])];
}
