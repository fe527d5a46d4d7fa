// The signed-in user's outbox items, live: Dexie's liveQuery also sees changes made by other tabs
// and by the service worker.

import { useEffect, useState } from 'react';
import type { OutboxItem } from '../../db/database';
import type * as OutboxModule from '../../db/outbox';

const NONE: OutboxItem[] = [];

/** `read(email)` now and after every change of the outbox; `fallback` when it cannot be read; undefined while the first read runs. */
function useLiveOutbox<T>(email: string | null, read: (outbox: typeof OutboxModule, email: string) => Promise<T>, fallback: T): T | undefined {
  const [state, setState] = useState<{ email: string; value: T } | null>(null);
  useEffect(() => {
    if (!email) return;
    let subscription: { unsubscribe(): void } | null = null;
    let stopped = false;
    // Dexie is loaded for a signed-in user only: an anonymous first visit does not download it
    // (first-load JavaScript budget, docs/performance.md).
    Promise.all([import('dexie'), import('../../db/outbox')])
      .then(([{ liveQuery }, outbox]) => {
        if (stopped) return;
        subscription = liveQuery(() => read(outbox, email)).subscribe({
          next: (value) => setState({ email, value }),
          error: () => setState({ email, value: fallback }),
        });
      })
      .catch(() => setState({ email, value: fallback }));
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, [email, read, fallback]);
  if (!email) return fallback;
  return state?.email === email ? state.value : undefined;
}

const listOwn = (outbox: typeof OutboxModule, email: string) => outbox.listOutbox(email);
const countOthers = (outbox: typeof OutboxModule, email: string) => outbox.countOthersQueued(email);

/** The items of `email`, oldest first; undefined while the first read runs. */
export function useOutbox(email: string | null): OutboxItem[] | undefined {
  return useLiveOutbox(email, listOwn, NONE);
}

/** How many orders of other accounts wait on this device (docs/decisions/029-a-shared-counter-tablet.md). */
export function useOthersQueued(email: string | null): number {
  return useLiveOutbox(email, countOthers, 0) ?? 0;
}
