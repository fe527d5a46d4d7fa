// The one way a module tells others of a change: subscribe a listener, notify them all. The session, the
// toasts, the live orders, the offline store and the service worker's update each keep one.

export interface Notifier<T = void> {
  /** Adds `listener`; returns the function that removes it (as useSyncExternalStore's subscribe expects). */
  subscribe(listener: (value: T) => void): () => void;
  /** Calls every listener, in the order they subscribed; one removed meanwhile is not called. */
  notify(value: T): void;
}

export function createNotifier<T = void>(): Notifier<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify(value) {
      for (const listener of listeners) listener(value);
    },
  };
}
