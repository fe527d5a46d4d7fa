// The signed-in user's saved orders, live: the outbox's watch also sees changes made by other tabs and by
// the service worker.

import { useEffect, useState } from 'react';
import { watchDeviceOrders, watchOthersQueued, watchOutbox, type DeviceOrders, type OutboxItem } from '../../offline/outbox';

const NONE: OutboxItem[] = [];
const NO_ORDERS: DeviceOrders = { queued: [], sent: [] };

type Watch<T> = (email: string, listener: (value: T) => void, onError: (error: unknown) => void) => () => void;

/** `watch(email)`'s value now and after every change; `fallback` when it cannot be read; undefined while the first read runs. */
function useWatched<T>(email: string | null, watch: Watch<T>, fallback: T): T | undefined {
  const [state, setState] = useState<{ email: string; value: T } | null>(null);
  useEffect(() => {
    if (!email) return;
    // The outbox's code loads for a signed-in user only: an anonymous first visit does not download it.
    return watch(
      email,
      (value) => setState({ email, value }),
      () => setState({ email, value: fallback }),
    );
  }, [email, watch, fallback]);
  if (!email) return fallback;
  return state?.email === email ? state.value : undefined;
}

/** The items of `email`, oldest first; undefined while the first read runs. */
export function useOutbox(email: string | null): OutboxItem[] | undefined {
  return useWatched(email, watchOutbox, NONE);
}

/** How many orders of other accounts wait on this device (docs/decisions/029-a-shared-counter-tablet.md). */
export function useOthersQueued(email: string | null): number {
  return useWatched(email, watchOthersQueued, 0) ?? 0;
}

/** The items of `email` and the orders this device sent for them and keeps; undefined while the first read runs. */
export function useDeviceOrders(email: string | null): DeviceOrders | undefined {
  return useWatched(email, watchDeviceOrders, NO_ORDERS);
}
