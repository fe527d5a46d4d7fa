// False while React hydrates a prerendered page, true on every render after it (and at once when nothing
// was prerendered). Data the browser already holds (a first page fetched before the first render, a saved
// catalogue) is shown only after hydration, so the hydrated tree matches the build's HTML
// (docs/architecture.md, "Prerendered public pages").
//
// The switch to true is a transition: what it brings in (a page of tool cards) is drawn in slices that
// yield to the browser, not in one synchronous render right after hydration.

import { startTransition, useEffect, useState } from 'react';

/** Whether a component mounting now is past hydration: true once any has hydrated, or when nothing was prerendered. */
let pastHydration = typeof document === 'undefined' ? false : !document.getElementById('root')?.dataset.prerenderedRoute;

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pastHydration);
  useEffect(() => {
    pastHydration = true;
    if (!hydrated) {
      startTransition(() => {
        setHydrated(true);
      });
    }
  }, [hydrated]);
  return hydrated;
}
