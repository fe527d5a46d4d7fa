// How far this device's first copy of the catalogue is, for the screens that say so ("Saving the catalogue
// for offline use: 2,300 of 5,000"). The sync reports it after every page it saves, in the worker or on the
// page (sync.ts); null when no first copy is being saved (none started yet, or the copy is complete).

import { createNotifier } from '../../lib/notify';
import type { CatalogueFillProgress } from './sync';

let current: CatalogueFillProgress | null = null;
const changes = createNotifier();

export function reportCatalogueFill(progress: CatalogueFillProgress | null): void {
  if (current?.saved === progress?.saved && current?.total === progress?.total) return;
  current = progress && progress.saved < progress.total ? progress : null;
  changes.notify();
}

export function getCatalogueFill(): CatalogueFillProgress | null {
  return current;
}

export const subscribeCatalogueFill = changes.subscribe;
