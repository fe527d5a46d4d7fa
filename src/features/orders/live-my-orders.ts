// Live My Orders for dealers and reps (docs/architecture.md, "Live orders"; decision 014): while My Orders is
// open, GET /api/orders/mine/events tells it of each change to an order its account sees (shipped, paid, on hold
// released...), and the list is fetched again without a reload. Followed by src/api/event-stream.ts; a refusal
// (signed out, or the account became an admin's) ends it.

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EventSourceMessage } from 'eventsource-parser';
import { useEffect } from 'react';
import * as v from 'valibot';
import { followEventStream } from '../../api/event-stream';
import { queryKeys } from '../../api/query-keys';
import { LIVE_ORDER_EVENTS, OrderChangeSchema } from '../../contract/live-orders';
import { isOnline } from '../offline/network-status';

/** Each event of the stream: asks for what changed; true for the one that says the stream is ready. */
function handleEvent(event: EventSourceMessage, refresh: (orderId: string | null) => void): boolean {
  if (event.event === LIVE_ORDER_EVENTS.order) {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return false;
    }
    const parsed = v.safeParse(OrderChangeSchema, data);
    if (parsed.success) refresh(parsed.output.id);
    return false;
  }
  if (event.event !== LIVE_ORDER_EVENTS.ready && event.event !== LIVE_ORDER_EVENTS.resync) return false;
  // A new connection or a gap on the server: what changed meanwhile is fetched, never lost.
  refresh(null);
  return event.event === LIVE_ORDER_EVENTS.ready;
}

async function follow(signal: AbortSignal, queryClient: QueryClient, email: string): Promise<void> {
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  // Events arriving together refresh the list once.
  const refresh = (orderId: string | null) => {
    if (orderId) void queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) });
    refreshTimer ??= setTimeout(() => {
      refreshTimer = null;
      void queryClient.invalidateQueries({ queryKey: queryKeys.myOrders(email) });
    }, 100);
  };
  await followEventStream(signal, { path: '/orders/mine/events', isOnline, onEvent: (event) => handleEvent(event, refresh) });
}

/** Keeps My Orders current while it is open for this signed-in dealer or rep (`email`; null: nobody to follow). */
export function useLiveMyOrders(email: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!email) return;
    const controller = new AbortController();
    void follow(controller.signal, queryClient, email);
    return () => controller.abort();
  }, [email, queryClient]);
}
