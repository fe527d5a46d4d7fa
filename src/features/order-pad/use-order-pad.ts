// The signed-in dealer's order pad, live: Dexie's liveQuery also sees changes made in other tabs.

import { useEffect, useState } from 'react';
import type { PadLine } from '../../db/database';

const NONE: PadLine[] = [];

/** The pad of `email` in the order its tools were added; undefined while the first read runs. */
export function useOrderPad(email: string | null): PadLine[] | undefined {
  const [state, setState] = useState<{ email: string; lines: PadLine[] } | null>(null);
  useEffect(() => {
    if (!email) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    // Dexie is loaded for a signed-in user only: an anonymous first visit does not download it
    // (first-load JavaScript budget, docs/performance.md).
    import('../../db/order-pad')
      .then(({ watchPad }) => {
        if (stopped) return;
        stop = watchPad(
          email,
          (lines) => setState({ email, lines }),
          () => setState({ email, lines: NONE }),
        );
      })
      .catch(() => setState({ email, lines: NONE }));
    return () => {
      stopped = true;
      stop?.();
    };
  }, [email]);
  if (!email) return NONE;
  return state?.email === email ? state.lines : undefined;
}
