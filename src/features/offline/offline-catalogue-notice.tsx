// 'Offline: showing the catalogue saved at {time}' while any catalogue read is served from IndexedDB.

import { useSyncExternalStore } from 'react';
import { texts } from '../../contract/messages';
import { formatSavedAt } from '../../lib/saved-at';
import { getOfflineCatalogueTime, subscribeOfflineCatalogue } from '../../offline/catalogue';

export function OfflineCatalogueNotice() {
  const savedAt = useSyncExternalStore(subscribeOfflineCatalogue, getOfflineCatalogueTime, () => null);
  if (savedAt === null) return null;
  return (
    <div role="status" className="border-b border-warning/40 bg-warning/15 px-4 py-2 text-center text-sm font-medium" data-testid="offline-catalogue">
      {texts.offlineCatalogue(formatSavedAt(savedAt))}
    </div>
  );
}
