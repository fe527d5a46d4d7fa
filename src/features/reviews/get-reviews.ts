import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ReviewListSchema, type Review } from '../../contract/review';
import { readSavedReviews, saveReviews, catalogueWorkerSaveReviews, inBackground, withOfflineFallback } from '../../offline/catalogue';
import { afterLoadWhenIdle } from '../../ui/when-idle';

/**
 * Saved in the catalogue's worker where there is one, so the page does not load the IndexedDB code for
 * it, once the page has loaded and the browser is idle.
 */
async function saveForOffline(reviews: Review[]): Promise<void> {
  await afterLoadWhenIdle();
  const inWorker = catalogueWorkerSaveReviews();
  if (inWorker) inWorker(reviews);
  else await saveReviews(reviews);
}

/** Offline, the reviews come from IndexedDB (docs/architecture.md, "Offline"). */
export function getReviews() {
  return withOfflineFallback(
    'reviews',
    () => apiRequest('/reviews', { schema: ReviewListSchema }),
    () => readSavedReviews(),
    inBackground(saveForOffline),
  );
}

export const reviewsQueryOptions = () => queryOptions({ queryKey: queryKeys.reviews, queryFn: getReviews, meta: { persist: false } });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
