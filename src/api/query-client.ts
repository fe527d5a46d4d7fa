// TanStack Query defaults from spec sections 8 and 9: 5-minute cache, 3 retries with backoff capped at 30 s.

import { QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from './errors';

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
const QUERY_RETRIES = 3;
const QUERY_RETRY_CAP_MS = 30_000;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_CAP_MS);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change by asking again; network failures and 5xx might.
  if (error instanceof ApiError && error.status < 500) return false;
  // With the device offline a retry cannot succeed; failing at once lets the saved copy (IndexedDB) or the
  // cached data show without a spinner of several seconds (docs/architecture.md, "Offline").
  if (error instanceof NetworkError && typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  return failureCount < QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // networkMode 'always' (our own offline fallbacks decide what to show) turns TanStack's refetch on
      // reconnect off by default: a list that failed while the connection was down loads again when it is back.
      queries: { gcTime: QUERY_GC_TIME_MS, staleTime: 30_000, retry: shouldRetry, retryDelay, networkMode: 'always', refetchOnReconnect: true },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
