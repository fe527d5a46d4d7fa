import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { ReviewListSchema } from '../../contract/review';

export function getReviews() {
  return apiRequest('/reviews', { schema: ReviewListSchema });
}

export const reviewsQueryOptions = () => queryOptions({ queryKey: ['reviews'], queryFn: getReviews });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
