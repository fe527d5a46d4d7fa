// Live orders for admins (docs/architecture.md, "Live orders"; decision 014): one stream per page from
// GET /api/orders/events, read with fetch so the bearer token goes in a header, never in the URL. Each
// event refreshes Manage Orders' pages; the number of paid orders waiting to ship is kept for the
// dashboard menu and the installed app's badge. Every hook that needs it shares the one connection.

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { useEffect, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { API_BASE, getAccessToken } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { createNotifier } from '../../lib/notify';
import { LIVE_ORDER_EVENTS, LIVE_ORDERS_RETRY_MS, OrderEventSchema, OrdersCountEventSchema } from '../../contract/live-orders';
import { reportSessionExpired, useSession } from '../auth/session';
import { isOnline } from '../offline/network-status';

/** Reconnecting waits the server's `retry:` hint, doubling after each failure up to this. */
const MAX_BACKOFF_MS = 30_000;
/** The server writes a heartbeat every 25 s: this long without a byte means the connection is dead. */
const SILENCE_LIMIT_MS = 60_000;
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

/** The stream's own problems: a refusal stops it, anything else is retried. */
class StreamRefused extends Error {}

function sleep(ms: number, signal: AbortSignal, wakeOnOnline: boolean): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    // The connection is back: try at once instead of waiting out the backoff.
    if (wakeOnOnline) window.addEventListener('online', done);
  });
}

/** Reads one connection until it ends; resolves true when it got as far as the `ready` event. */
async function readOnce(signal: AbortSignal, queryClient: QueryClient, lastEventId: { current: string | null }): Promise<boolean> {
  const token = getAccessToken();
  if (!token) throw new StreamRefused('signed out');
  const connection = new AbortController();
  const stop = () => connection.abort();
  signal.addEventListener('abort', stop);
  // The device says it went offline: drop the connection now rather than wait for it to time out.
  window.addEventListener('offline', stop);
  let silence = setTimeout(stop, SILENCE_LIMIT_MS);
  let ready = false;
  const refreshLists = (orderId: string | null) => scheduleRefresh(queryClient, orderId);

  const parser = createParser({
    onEvent: (event) => {
      if (event.id) lastEventId.current = event.id;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (event.event === LIVE_ORDER_EVENTS.order) {
        const parsed = v.safeParse(OrderEventSchema, data);
        if (!parsed.success) return;
        applyCount(parsed.output.paidWaiting);
        refreshLists(parsed.output.id);
      } else if (event.event === LIVE_ORDER_EVENTS.ready || event.event === LIVE_ORDER_EVENTS.resync) {
        const parsed = v.safeParse(OrdersCountEventSchema, data);
        if (!parsed.success) return;
        if (event.event === LIVE_ORDER_EVENTS.ready) {
          ready = true;
          setState({ connected: true });
        }
        applyCount(parsed.output.paidWaiting);
        // A new connection or a gap on the server: what changed meanwhile is fetched, never lost.
        refreshLists(null);
      }
    },
  });

  try {
    const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
    if (lastEventId.current) headers['last-event-id'] = lastEventId.current;
    const response = await fetch(`${API_BASE}/orders/events`, { headers, cache: 'no-store', signal: connection.signal });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new StreamRefused(String(response.status));
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return false;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      clearTimeout(silence);
      silence = setTimeout(stop, SILENCE_LIMIT_MS);
      parser.feed(read.value);
    }
    return ready;
  } catch (error) {
    if (error instanceof StreamRefused) throw error;
    // The network dropped, the server went away or the connection was aborted: the caller retries.
    return ready;
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', stop);
    window.removeEventListener('offline', stop);
    setState({ connected: false });
  }
}

/** Keeps one stream open until `signal` aborts, reconnecting with backoff; stops for good on a refusal. */
async function run(signal: AbortSignal, queryClient: QueryClient): Promise<void> {
  const lastEventId = { current: null as string | null };
  let failures = 0;
  while (!signal.aborted) {
    if (!isOnline()) {
      await sleep(MAX_BACKOFF_MS, signal, true);
      continue;
    }
    let reachedReady: boolean;
    try {
      reachedReady = await readOnce(signal, queryClient, lastEventId);
    } catch {
      // 401 or 403: the session is no longer an admin's. The app signs out, as for any refused read.
      if (!signal.aborted) reportSessionExpired();
      return;
    }
    if (signal.aborted) return;
    failures = reachedReady ? 0 : failures + 1;
    const backoff = Math.min(MAX_BACKOFF_MS, LIVE_ORDERS_RETRY_MS * 2 ** failures);
    // Jitter, so every admin's page does not reconnect in the same instant after a restart.
    await sleep(backoff / 2 + Math.random() * (backoff / 2), signal, true);
  }
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
