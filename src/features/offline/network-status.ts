// Whether the device has a connection (docs/architecture.md, "Offline"). Other features import this file to
// disable online-only actions (payment, admin actions, reviews, profile) with texts.needsNetwork as the reason.

import { useSyncExternalStore } from 'react';
import { isOnline, subscribeOnline } from '../../offline/store';

export { isOnline };

/** Re-renders when the connection comes or goes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
