// 'Offline: showing the catalogue saved at {time}' while any catalogue read is served from IndexedDB, or, from
// a first copy still being saved, how much of the catalogue it holds. On the home page and the order pad,
// while the first copy is saved, how far it is, in a card over the page's corner that moves nothing as it
// comes and goes (redrawn at most once a second while the copy fills: fill-progress.ts).

import { useRouterState } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { texts } from '../../contract/messages';
import { formatCount } from '../../contract/pricing';
import { formatSavedAt } from '../../lib/saved-at';
import {
  getOfflineCataloguePartial,
  getOfflineCatalogueTime,
  getShownCatalogueFill,
  subscribeCatalogueFill,
  subscribeOfflineCatalogue,
} from '../../offline/catalogue';
import { useOnline } from './network-status';

/** The screens a dealer searches the catalogue from: they say how far its offline copy is. */
const SHOWS_FILL = new Set(['/', '/dashboard/order-pad']);

const bar = 'border-b px-4 py-2 text-center text-sm font-medium';

export function OfflineCatalogueNotice() {
  const savedAt = useSyncExternalStore(subscribeOfflineCatalogue, getOfflineCatalogueTime, () => null);
  const partial = useSyncExternalStore(subscribeOfflineCatalogue, getOfflineCataloguePartial, () => null);
  const fill = useSyncExternalStore(subscribeCatalogueFill, getShownCatalogueFill, () => null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const online = useOnline();
  if (savedAt !== null) {
    return (
      <div role="status" className={`${bar} border-warning/40 bg-warning/15`} data-testid="offline-catalogue">
        {partial ? texts.offlineCataloguePartial(formatCount(partial.saved), formatCount(partial.total)) : texts.offlineCatalogue(formatSavedAt(savedAt))}
      </div>
    );
  }
  if (!fill || !online || !SHOWS_FILL.has(pathname)) return null;
  // A card above the page, not a bar in it: it comes and goes while the dealer reads, and must not move the page.
  return (
    <div
      className="fixed inset-x-4 bottom-4 z-30 rounded-box border border-base-300 bg-base-200 px-4 py-2 text-center text-sm font-medium shadow-lg sm:right-auto sm:max-w-sm"
      data-testid="catalogue-fill"
    >
      <label className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
        <span aria-live="polite">{texts.savingCatalogue(formatCount(fill.saved), formatCount(fill.total))}</span>
        <progress className="progress progress-primary w-40" value={fill.saved} max={fill.total} />
      </label>
    </div>
  );
}
