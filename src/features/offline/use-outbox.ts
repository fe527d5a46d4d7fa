// The signed-in user's outbox items, live: Dexie's liveQuery also sees changes made by other tabs
// and by the service worker.

import { useEffect, useState } from 'react';
import type { OutboxItem } from '../../db/database';

const NONE: OutboxItem[] = [];

/** The items of `email`, oldest first; undefined while the first read runs. */
export function useOutbox(email: string | null): OutboxItem[] | undefined {
  const [state, setState] = useState<{ email: string; items: OutboxItem[] } | null>(null);
  useEffect(() => {
    if (!email) return;
    let subscription: { unsubscribe(): void } | null = null;
    let stopped = false;
    // Dexie is loaded for a signed-in user only: an anonymous first visit does not download it
    // (first-load JavaScript budget, README Performance).
    Promise.all([import('dexie'), import('../../db/outbox')])
      .then(([{ liveQuery }, { listOutbox }]) => {
        if (stopped) return;
        subscription = liveQuery(() => listOutbox(email)).subscribe({
          next: (items) => setState({ email, items }),
          error: () => setState({ email, items: NONE }),
        });
      })
      .catch(() => setState({ email, items: NONE }));
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, [email]);
  if (!email) return NONE;
  return state?.email === email ? state.items : undefined;
}
