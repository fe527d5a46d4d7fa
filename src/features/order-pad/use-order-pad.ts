// The signed-in dealer's order pad, live: the store's watch also sees changes made in other tabs.

import { useEffect, useState } from 'react';
import { watchPad, type PadLine } from '../../offline/store';

const NONE: PadLine[] = [];

/** The pad of `email` in the order its tools were added; undefined while the first read runs. */
export function useOrderPad(email: string | null): PadLine[] | undefined {
  const [state, setState] = useState<{ email: string; lines: PadLine[] } | null>(null);
  useEffect(() => {
    if (!email) return;
    // The store's code loads for a signed-in user only: an anonymous first visit does not download it.
    return watchPad(
      email,
      (lines) => setState({ email, lines }),
      () => setState({ email, lines: NONE }),
    );
  }, [email]);
  if (!email) return NONE;
  return state?.email === email ? state.lines : undefined;
}
