// GET /api/reviews/all (admin): every review, hidden ones too, a page at a time, for Manage Reviews.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ADMIN_REVIEWS_PAGE_SIZE, AdminReviewPageSchema } from '../../contract/review';

export function getAllReviews(query: { page: number; pageSize: number }, signal?: AbortSignal) {
  return apiRequest('/reviews/all', { auth: true, schema: AdminReviewPageSchema, signal, query });
}

export const allReviewsQueryOptions = (page: number, pageSize = ADMIN_REVIEWS_PAGE_SIZE) =>
  queryOptions({
    queryKey: queryKeys.adminReviewPage({ page, pageSize }),
    queryFn: ({ signal }) => getAllReviews({ page, pageSize }, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAllReviews(page: number) {
  return useQuery(allReviewsQueryOptions(page));
}
