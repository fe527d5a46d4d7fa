// TanStack Query defaults from the spec: 5-minute cache, 3 retries with backoff capped at 30 s.
// A screen whose read could not reach the server keeps trying for as long as the device is online.

import { onlineManager, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError, NetworkError } from './errors';

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
const QUERY_RETRIES = 3;
const QUERY_RETRY_CAP_MS = 30_000;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_CAP_MS);
}

const deviceOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change by asking again; network failures and 5xx might.
  if (error instanceof ApiError && error.status < 500) return false;
  // With the device offline a retry cannot succeed; failing at once lets the saved copy (IndexedDB) or the
  // cached data show without a spinner of several seconds (docs/architecture.md, "Offline").
  if (error instanceof NetworkError && deviceOffline()) return false;
  return failureCount < QUERY_RETRIES;
}

/**
 * How long a screen waits before reading again a query whose last read could not reach the server, while
 * the device is online: right after a drop the first requests often fail while the network settles, after
 * the 'online' event has been spent, and no other event would come. It waits the step the backoff would
 * take next. Only screens showing the query wait (it is an observer's timer), never a guard's read; a
 * query that is never retried (a payment's) is not read again either.
 */
export function retryWhileOnline(query: Query): number | false {
  const { status, fetchStatus, error } = query.state;
  if (status !== 'error' || fetchStatus !== 'idle' || !(error instanceof NetworkError) || query.options.retry === false || deviceOffline()) return false;
  return retryDelay(QUERY_RETRIES + 1);
}

export function createQueryClient(): QueryClient {
  // TanStack assumes it starts online and refetches only when that changes: an app opened without a
  // connection would never see the change, and a list that failed then would stay failed when it came back.
  if (deviceOffline()) onlineManager.setOnline(false);
  return new QueryClient({
    defaultOptions: {
      // networkMode 'always' (our own offline fallbacks decide what to show) turns TanStack's refetch on
      // reconnect off by default: a list that failed while the connection was down loads again when it is back.
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay,
        networkMode: 'always',
        refetchOnReconnect: true,
        refetchInterval: retryWhileOnline,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
