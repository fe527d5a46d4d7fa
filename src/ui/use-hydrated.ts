// False while React hydrates a prerendered page, true on every render after it (and at once when nothing
// was prerendered). Data the browser already holds (a first page fetched before the first render, a saved
// catalogue) is shown only after hydration, so the hydrated tree matches the build's HTML
// (docs/architecture.md, "Prerendered public pages").

import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
