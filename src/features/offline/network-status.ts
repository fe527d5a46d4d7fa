// Whether the device has a connection (docs/architecture.md, "Offline"). Other features import this file to
// disable online-only actions (payment, admin actions, reviews, profile) with texts.needsNetwork as the reason.

import { useSyncExternalStore } from 'react';

/** navigator.onLine is false only when the device surely has no network; true means "try". */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function subscribeOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Re-renders when the connection comes or goes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
