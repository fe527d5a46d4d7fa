// Live My Orders for dealers and reps (docs/architecture.md, "Live orders"; decision 014): while My Orders is
// open, GET /api/orders/mine/events tells it of each change to an order its account sees (shipped, paid, on hold
// released...), and the list is fetched again without a reload. Read with fetch so the bearer token goes in a
// header; reconnects with backoff; a refusal (signed out, or the account became an admin's) ends it.

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { useEffect } from 'react';
import * as v from 'valibot';
import { API_BASE, getAccessToken } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { LIVE_ORDER_EVENTS, LIVE_ORDERS_RETRY_MS, OrderChangeSchema } from '../../contract/live-orders';
import { isOnline } from '../offline/network-status';

const MAX_BACKOFF_MS = 30_000;
/** The server writes a heartbeat every 25 s: this long without a byte means the connection is dead. */
const SILENCE_LIMIT_MS = 60_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    window.addEventListener('online', done);
  });
}

/** Reads one connection until it ends: 'refused' stops for good, otherwise whether it got as far as `ready`. */
async function readOnce(signal: AbortSignal, refresh: (orderId: string | null) => void): Promise<'refused' | boolean> {
  const token = getAccessToken();
  if (!token) return 'refused';
  const connection = new AbortController();
  const stop = () => connection.abort();
  signal.addEventListener('abort', stop);
  window.addEventListener('offline', stop);
  let silence = setTimeout(stop, SILENCE_LIMIT_MS);
  let ready = false;
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === LIVE_ORDER_EVENTS.order) {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        const parsed = v.safeParse(OrderChangeSchema, data);
        if (parsed.success) refresh(parsed.output.id);
      } else if (event.event === LIVE_ORDER_EVENTS.ready || event.event === LIVE_ORDER_EVENTS.resync) {
        ready = true;
        // A new connection or a gap on the server: what changed meanwhile is fetched, never lost.
        refresh(null);
      }
    },
  });
  try {
    const response = await fetch(`${API_BASE}/orders/mine/events`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      cache: 'no-store',
      signal: connection.signal,
    });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return 'refused';
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
  } catch {
    // The network dropped, the server went away or the page closed: the caller retries or stops.
    return ready;
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', stop);
    window.removeEventListener('offline', stop);
  }
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
  let failures = 0;
  while (!signal.aborted) {
    if (!isOnline()) {
      await sleep(MAX_BACKOFF_MS, signal);
      continue;
    }
    const outcome = await readOnce(signal, refresh);
    if (outcome === 'refused' || signal.aborted) return;
    failures = outcome ? 0 : failures + 1;
    const backoff = Math.min(MAX_BACKOFF_MS, LIVE_ORDERS_RETRY_MS * 2 ** failures);
    await sleep(backoff / 2 + Math.random() * (backoff / 2), signal);
  }
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
