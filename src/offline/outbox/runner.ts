// When the page flushes the outbox (docs/architecture.md, "Offline"): at start-up and sign-in, on the 'online'
// event, when an order is queued, on a timer while items wait (their backoff), and when the tab comes back
// into view. The service worker flushes on Background Sync with the same function; the lock inside
// flushOutbox keeps the two from sending one item twice.

import { getAccessToken } from '../../api/client';
import { createNotifier } from '../../lib/notify';
import { isOnline } from '../store/network';
import { OUTBOX_SYNC_TAG } from '../store/worker-messages';
import type { FlushReport } from './flush';

/** Who is signed in on this page, as the app's session tells it; the token is the API client's. */
export interface RunnerSession {
  /** The signed-in user's e-mail, or null when nobody is. */
  email: () => string | null;
  /** Calls `listener` when the session changes; returns the function that stops it. */
  subscribe: (listener: () => void) => () => void;
}

/** When another tab or the worker holds the lock, look again after this long. */
const BUSY_RETRY_MS = 5_000;
const MIN_TIMER_MS = 1_000;

// The sender (and Dexie with it) is loaded when a signed-in user has something to flush, not with the
// app: an anonymous first visit does not download it (first-load JavaScript budget, docs/performance.md).
const outboxSync = () => import('./flush');

const reports = createNotifier<FlushReport>();
const signedOut: RunnerSession = { email: () => null, subscribe: () => () => undefined };
let session = signedOut;
let running: Promise<void> | null = null;
let rerun: { force: boolean } | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** What each flush of this page did. */
export const onOutboxReport = reports.subscribe;

/** Reports from elsewhere (the worker's Background Sync) reach the same listeners. */
export const publishOutboxReport = reports.notify;

function schedule(report: FlushReport, retryCapMs: number): void {
  if (timer) clearTimeout(timer);
  timer = null;
  // Waiting for a sign-in or for the network: the session change or the 'online' event starts the next try.
  if (report.waiting === 0 || report.signInRequired || !isOnline()) return;
  const due = report.ran ? (report.nextAttemptAt ?? Date.now()) - Date.now() : BUSY_RETRY_MS;
  timer = setTimeout(() => void flushOutboxNow(false), Math.min(Math.max(due, MIN_TIMER_MS), retryCapMs));
}

async function runOnce(force: boolean): Promise<void> {
  if (!session.email() || !isOnline()) return;
  try {
    const { flushOutbox, RETRY_CAP_MS } = await outboxSync();
    // The user and the token are read together, after the sender has loaded: one dealer may have signed
    // out and another signed in meanwhile.
    const email = session.email();
    if (!email) return;
    const report = await flushOutbox({ email, token: getAccessToken() }, { force });
    schedule(report, RETRY_CAP_MS);
    // Orders still waiting: the worker gets a chance too, even if this tab is closed before they go.
    if (report.waiting > 0 && !report.signInRequired) void requestBackgroundSync();
    publishOutboxReport(report);
  } catch {
    // IndexedDB unavailable or closing, or the sender could not be loaded: the queue is unchanged; the next trigger tries again.
  }
}

/** Flushes now (force ignores backoff); calls made during a flush are folded into one more run. */
export function flushOutboxNow(force = true): Promise<void> {
  if (running) {
    rerun = { force: force || (rerun?.force ?? false) };
    return running;
  }
  running = (async () => {
    try {
      await runOnce(force);
      while (rerun) {
        const next = rerun;
        rerun = null;
        await runOnce(next.force);
      }
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Asks the browser to wake the service worker when the connection is back, even if the tab is closed. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync here (Firefox, Safari) or not allowed: the page's own triggers still send it.
  }
}

/**
 * The page's document, typed by what the runner uses of it: the service worker shares this module's
 * front door and compiles it without the DOM's types.
 */
interface PageDocument {
  visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** Starts the page's triggers for the signed-in user of `current`; returns a function that stops them. */
export function startOutboxRunner(current: RunnerSession): () => void {
  session = current;
  const page = (globalThis as { document?: PageDocument }).document;
  const onOnline = () => void flushOutboxNow(true);
  const onVisible = () => {
    if (page?.visibilityState === 'visible') void flushOutboxNow(false);
  };
  let lastKey = '';
  const onSession = () => {
    const key = `${session.email() ?? ''}|${getAccessToken() ?? ''}`;
    if (key === lastKey) return;
    lastKey = key;
    void flushOutboxNow(true);
  };
  globalThis.addEventListener('online', onOnline);
  page?.addEventListener('visibilitychange', onVisible);
  const stopSession = session.subscribe(onSession);
  // The first flush runs in a task of its own: started from the app's first render, loading the sender would
  // lengthen the task that draws the page.
  const first = setTimeout(onSession, 0);
  return () => {
    clearTimeout(first);
    globalThis.removeEventListener('online', onOnline);
    page?.removeEventListener('visibilitychange', onVisible);
    stopSession();
    if (session === current) session = signedOut;
    if (timer) clearTimeout(timer);
    timer = null;
  };
}
