// The signed-in user's outbox items, live: Dexie's liveQuery also sees changes made by other tabs
// and by the service worker.

import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { OutboxItem } from '../../db/database';
import { listOutbox } from '../../db/outbox';

const NONE: OutboxItem[] = [];

/** The items of `email`, oldest first; undefined while the first read runs. */
export function useOutbox(email: string | null): OutboxItem[] | undefined {
  const [state, setState] = useState<{ email: string; items: OutboxItem[] } | null>(null);
  useEffect(() => {
    if (!email) return;
    const subscription = liveQuery(() => listOutbox(email)).subscribe({
      next: (items) => setState({ email, items }),
      error: () => setState({ email, items: NONE }),
    });
    return () => subscription.unsubscribe();
  }, [email]);
  if (!email) return NONE;
  return state?.email === email ? state.items : undefined;
}
