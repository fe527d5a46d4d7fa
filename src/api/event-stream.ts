// Following one of the API's event streams (docs/architecture.md, "Live orders"): read with fetch so the bearer
// token goes in a header, never in the URL; a connection silent past the server's heartbeat, or the device going
// offline, is dropped and opened again with backoff and jitter (at once when the connection comes back), resuming
// after the last event id where the stream keeps one; a refusal (signed out, or the account lost the right to it)
// ends it for good. The admin's live orders and the dealer's live My Orders both follow their stream with it.

import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LIVE_ORDERS_RETRY_MS } from '../contract/live-orders';
import { API_BASE, getAccessToken } from './client';

/** Reconnecting waits the server's `retry:` hint, doubling after each failure up to this. */
const MAX_BACKOFF_MS = 30_000;
/** The server writes a heartbeat every 25 s: this long without a byte means the connection is dead. */
const SILENCE_LIMIT_MS = 60_000;

export interface EventStreamOptions {
  /** The stream's path under the API, such as `/orders/events`. */
  path: string;
  /** Each event; returns true when it is the one that says the connection is ready (the server's first). */
  onEvent: (event: EventSourceMessage) => boolean;
  /** A connection ended, whatever the reason. */
  onDisconnect?: () => void;
  /** Whether the device has a connection now; while it has none, no connection is tried. */
  isOnline: () => boolean;
  /** Send the last event id seen when opening again, for a stream that replays what was missed. */
  resume?: boolean;
}

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
    // The connection is back: try at once instead of waiting out the backoff.
    window.addEventListener('online', done);
  });
}

/** Reads one connection until it ends: 'refused' stops for good, otherwise whether it got as far as its ready event. */
async function readOnce(signal: AbortSignal, options: EventStreamOptions, lastEventId: { current: string | null }): Promise<'refused' | boolean> {
  const token = getAccessToken();
  if (!token) return 'refused';
  const connection = new AbortController();
  const stop = () => connection.abort();
  signal.addEventListener('abort', stop);
  // The device says it went offline: drop the connection now rather than wait for it to time out.
  window.addEventListener('offline', stop);
  let silence = setTimeout(stop, SILENCE_LIMIT_MS);
  let ready = false;
  const parser = createParser({
    onEvent: (event) => {
      if (event.id) lastEventId.current = event.id;
      if (options.onEvent(event)) ready = true;
    },
  });
  try {
    const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
    if (options.resume && lastEventId.current) headers['last-event-id'] = lastEventId.current;
    const response = await fetch(`${API_BASE}${options.path}`, { headers, cache: 'no-store', signal: connection.signal });
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
    // The network dropped, the server went away or the connection was aborted: the caller retries or stops.
    return ready;
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', stop);
    window.removeEventListener('offline', stop);
    options.onDisconnect?.();
  }
}

/**
 * Keeps the stream open until `signal` aborts, reconnecting with backoff. Resolves 'refused' when the server (or
 * a missing session) refused it, 'stopped' when `signal` aborted.
 */
export async function followEventStream(signal: AbortSignal, options: EventStreamOptions): Promise<'refused' | 'stopped'> {
  const lastEventId = { current: null as string | null };
  let failures = 0;
  while (!signal.aborted) {
    if (!options.isOnline()) {
      await sleep(MAX_BACKOFF_MS, signal);
      continue;
    }
    const outcome = await readOnce(signal, options, lastEventId);
    if (signal.aborted) break;
    if (outcome === 'refused') return 'refused';
    failures = outcome ? 0 : failures + 1;
    const backoff = Math.min(MAX_BACKOFF_MS, LIVE_ORDERS_RETRY_MS * 2 ** failures);
    // Jitter, so every open page does not reconnect in the same instant after a restart.
    await sleep(backoff / 2 + Math.random() * (backoff / 2), signal);
  }
  return 'stopped';
}
