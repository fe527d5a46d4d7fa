// How far this device's first copy of the catalogue is, for the screens that say so ("Saving the catalogue
// for offline use: 2,300 of 5,000"). The sync reports it after every page it saves, in the worker or on the
// page (sync.ts); null when no first copy is being saved (none started yet, or the copy is complete).
// The search reads the latest report at once (search-products.ts). The screens are told at most once a
// second while the copy fills: each redraw of the notice costs the page a style, layout and paint pass, and
// at trade scale the pages of the copy arrive several a second. The notice appears and goes at once.

import { createNotifier } from '../../lib/notify';
import type { CatalogueFillProgress } from './sync';

/** The least time between two redraws of the notice while the copy fills. */
export const FILL_NOTICE_EVERY_MS = 1000;

let current: CatalogueFillProgress | null = null;
let shown: CatalogueFillProgress | null = null;
let shownAt = Number.NEGATIVE_INFINITY;
let pending: ReturnType<typeof setTimeout> | null = null;
const changes = createNotifier();

function show(): void {
  if (pending !== null) clearTimeout(pending);
  pending = null;
  shown = current;
  shownAt = Date.now();
  changes.notify();
}

export function reportCatalogueFill(progress: CatalogueFillProgress | null): void {
  const next = progress && progress.saved < progress.total ? progress : null;
  if (current?.saved === next?.saved && current?.total === next?.total) return;
  current = next;
  if (next === null || shown === null) {
    show();
    return;
  }
  const wait = shownAt + FILL_NOTICE_EVERY_MS - Date.now();
  if (wait <= 0) show();
  else pending ??= setTimeout(show, wait);
}

/** The latest report: what the search decides by. */
export function getCatalogueFill(): CatalogueFillProgress | null {
  return current;
}

/** What the screens show: the latest report, at most a second old while the copy fills. */
export function getShownCatalogueFill(): CatalogueFillProgress | null {
  return shown;
}

/** Told when what the screens show changed. */
export const subscribeCatalogueFill = changes.subscribe;
