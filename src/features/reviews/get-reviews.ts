import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ReviewListSchema } from '../../contract/review';
import { readSavedReviews, saveReviews } from '../../db/catalogue-store';
import { inBackground, withOfflineFallback } from '../../db/offline-read';

/** Offline, the reviews come from IndexedDB (docs/architecture.md, "Offline"). */
export function getReviews() {
  return withOfflineFallback('reviews', () => apiRequest('/reviews', { schema: ReviewListSchema }), () => readSavedReviews(), inBackground(saveReviews));
}

export const reviewsQueryOptions = () => queryOptions({ queryKey: queryKeys.reviews, queryFn: getReviews, meta: { persist: false } });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
