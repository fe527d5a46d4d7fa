import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { ReviewListSchema } from '../../contract/review';
import { readSavedReviews, saveReviews } from '../../db/catalogue-store';
import { inBackground, withOfflineFallback } from '../../db/offline-read';

/** Offline, the reviews come from IndexedDB (DESIGN section 9). */
export function getReviews() {
  return withOfflineFallback('reviews', () => apiRequest('/reviews', { schema: ReviewListSchema }), () => readSavedReviews(), inBackground(saveReviews));
}

export const reviewsQueryOptions = () => queryOptions({ queryKey: ['reviews'], queryFn: getReviews, meta: { persist: false } });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
