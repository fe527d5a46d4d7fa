// Whether the device has a connection: the outbox sends and the screens disable online-only actions by it.
// Written against globalThis, so the service worker, which shares this module, compiles it too.

/** navigator.onLine is false only when the device surely has no network; true means "try". */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Calls `listener` when the connection comes or goes; returns the function that stops it. */
export function subscribeOnline(listener: () => void): () => void {
  if (typeof globalThis.addEventListener !== 'function') return () => undefined;
  globalThis.addEventListener('online', listener);
  globalThis.addEventListener('offline', listener);
  return () => {
    globalThis.removeEventListener('online', listener);
    globalThis.removeEventListener('offline', listener);
  };
}
