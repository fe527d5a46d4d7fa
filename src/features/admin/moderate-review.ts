// PATCH /api/reviews/{id} {hidden} and DELETE /api/reviews/{id} (admin). Both refresh Manage Reviews and
// the public list; the public list's refetch also rewrites the saved offline copy (src/offline/catalogue).

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { DeletedCountSchema, ModifiedCountSchema } from '../../contract/order';

export function setReviewHidden({ id, hidden }: { id: string; hidden: boolean }) {
  return apiRequest(`/reviews/${encodeURIComponent(id)}`, { method: 'PATCH', auth: true, body: { hidden }, schema: ModifiedCountSchema });
}

export function deleteReview(id: string) {
  return apiRequest(`/reviews/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

const refreshReviews = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.adminReviews }), queryClient.invalidateQueries({ queryKey: queryKeys.reviews })]);

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setReviewHidden, onSettled: () => refreshReviews(queryClient) });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  // Settled, not only success: a 404 means another admin deleted it, and the list must show that too.
  return useMutation({ mutationFn: deleteReview, onSettled: () => refreshReviews(queryClient) });
}
