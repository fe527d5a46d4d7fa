// Watching the store without loading it up front: the IndexedDB code (Dexie) loads with the first watch
// of a signed-in user, not with the app (first-load JavaScript budget, docs/performance.md).

/**
 * Starts the watch `start` of the module `load` brings, once it has loaded; the function returned stops it,
 * whether the module has loaded yet or not. A module that cannot load is reported to `onError`.
 */
export function lazyWatch<M>(load: () => Promise<M>, start: (module: M) => () => void, onError: (error: unknown) => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  load().then(
    (module) => {
      if (!stopped) stop = start(module);
    },
    (error: unknown) => {
      if (!stopped) onError(error);
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
