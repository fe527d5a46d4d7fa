// Live orders for admins (docs/architecture.md, "Live orders"; decision 014): one stream per page from
// GET /api/orders/events, followed by src/api/event-stream.ts. Each
// event refreshes Manage Orders' pages; the number of paid orders waiting to ship is kept for the
// dashboard menu and the installed app's badge. Every hook that needs it shares the one connection.

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { EventSourceMessage } from 'eventsource-parser';
import { useEffect, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { followEventStream } from '../../api/event-stream';
import { queryKeys } from '../../api/query-keys';
import { createNotifier } from '../../lib/notify';
import { LIVE_ORDER_EVENTS, OrderEventSchema, OrdersCountEventSchema } from '../../contract/live-orders';
import { reportSessionExpired, useSession } from '../auth/session';
import { isOnline } from '../offline/network-status';

/** Events arriving together refresh the list once. */
const REFRESH_DELAY_MS = 100;

export interface LiveOrdersState {
  /** Paid orders waiting to ship, as the server last said; null before it has. */
  paidWaiting: number | null;
  /** Whether the stream is open now. */
  connected: boolean;
}

let state: LiveOrdersState = { paidWaiting: null, connected: false };
const changes = createNotifier();

function setState(next: Partial<LiveOrdersState>): void {
  const merged = { ...state, ...next };
  if (merged.paidWaiting === state.paidWaiting && merged.connected === state.connected) return;
  state = merged;
  changes.notify();
}

const subscribe = changes.subscribe;

const getState = () => state;
const NOT_CONNECTED: LiveOrdersState = { paidWaiting: null, connected: false };

/** The live count and connection, for the dashboard menu. */
export function useLiveOrdersState(): LiveOrdersState {
  return useSyncExternalStore(subscribe, getState, () => NOT_CONNECTED);
}

interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** The installed app's badge (Badging API), where the browser has it. */
function showAppBadge(count: number | null): void {
  if (typeof navigator === 'undefined') return;
  const badging = navigator as BadgingNavigator;
  // Refused when the app is not installed or the permission is missing: the menu still shows the count.
  if (count !== null && count > 0) badging.setAppBadge?.(count).catch(() => undefined);
  else badging.clearAppBadge?.().catch(() => undefined);
}

function applyCount(paidWaiting: number | null): void {
  if (paidWaiting === null) return;
  setState({ paidWaiting });
  showAppBadge(paidWaiting);
}

let refresh: ReturnType<typeof setTimeout> | null = null;

/** Refetches Manage Orders' pages, the sales figures and the receivables once for events that arrive together. */
function scheduleRefresh(queryClient: QueryClient, orderId: string | null): void {
  if (orderId) void queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId) });
  refresh ??= setTimeout(() => {
    refresh = null;
    void queryClient.invalidateQueries({ queryKey: queryKeys.orderPages });
    void queryClient.invalidateQueries({ queryKey: queryKeys.sales });
    void queryClient.invalidateQueries({ queryKey: queryKeys.receivables });
  }, REFRESH_DELAY_MS);
}

/** Each event of the stream: refreshes the lists, keeps the count; true for the one that says the stream is ready. */
function handleEvent(queryClient: QueryClient, event: EventSourceMessage): boolean {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return false;
  }
  if (event.event === LIVE_ORDER_EVENTS.order) {
    const parsed = v.safeParse(OrderEventSchema, data);
    if (!parsed.success) return false;
    applyCount(parsed.output.paidWaiting);
    scheduleRefresh(queryClient, parsed.output.id);
    return false;
  }
  if (event.event !== LIVE_ORDER_EVENTS.ready && event.event !== LIVE_ORDER_EVENTS.resync) return false;
  const parsed = v.safeParse(OrdersCountEventSchema, data);
  if (!parsed.success) return false;
  const ready = event.event === LIVE_ORDER_EVENTS.ready;
  if (ready) setState({ connected: true });
  applyCount(parsed.output.paidWaiting);
  // A new connection or a gap on the server: what changed meanwhile is fetched, never lost.
  scheduleRefresh(queryClient, null);
  return ready;
}

/** Keeps one stream open until `signal` aborts, reconnecting with backoff; stops for good on a refusal. */
async function run(signal: AbortSignal, queryClient: QueryClient): Promise<void> {
  const outcome = await followEventStream(signal, {
    path: '/orders/events',
    resume: true,
    isOnline,
    onEvent: (event) => handleEvent(queryClient, event),
    onDisconnect: () => setState({ connected: false }),
  });
  // 401 or 403: the session is no longer an admin's. The app signs out, as for any refused read.
  if (outcome === 'refused' && !signal.aborted) reportSessionExpired();
}

let holders = 0;
let running: AbortController | null = null;

function retain(queryClient: QueryClient): () => void {
  holders += 1;
  if (!running) {
    const controller = new AbortController();
    running = controller;
    void run(controller.signal, queryClient).finally(() => {
      if (running === controller) running = null;
    });
  }
  return () => {
    holders -= 1;
    if (holders > 0) return;
    running?.abort();
    running = null;
  };
}

/**
 * Follows new, paid and shipped orders while an admin is signed in and the calling screen is open:
 * Manage Orders refreshes itself, and the count of paid orders waiting to ship stays current. Stops on
 * sign-out (and clears the app badge) and when the last screen using it closes.
 */
export function useLiveOrders(): void {
  const queryClient = useQueryClient();
  const { user, admin } = useSession();
  const email = admin === true ? (user?.email ?? null) : null;
  useEffect(() => {
    if (!email) return;
    return retain(queryClient);
  }, [email, queryClient]);
  useEffect(() => {
    // Signed out, or not an admin: nothing of the last admin's count may stay on the screen or the icon.
    if (user === null) {
      setState({ paidWaiting: null });
      showAppBadge(null);
    }
  }, [user]);
}
