// TanStack Query defaults from spec sections 8 and 9: 5-minute cache, 3 retries with backoff capped at 30 s.

import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS, QUERY_RETRIES, QUERY_RETRY_CAP_MS } from '../contract/constants';
import { ApiError, NetworkError } from './errors';

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_CAP_MS);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change by asking again; network failures and 5xx might.
  if (error instanceof ApiError && error.status < 500) return false;
  // With the device offline a retry cannot succeed; failing at once lets the saved copy (IndexedDB) or the
  // cached data show without a spinner of several seconds (DESIGN section 9).
  if (error instanceof NetworkError && typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  return failureCount < QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: QUERY_GC_TIME_MS, staleTime: 30_000, retry: shouldRetry, retryDelay, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
