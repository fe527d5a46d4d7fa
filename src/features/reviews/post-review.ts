// POST /api/reviews: the server takes the reviewer's name and e-mail from the signed-in user.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { InsertedIdSchema } from '../../contract/order';
import type { CreateReviewBody } from '../../contract/review';

export function postReview(body: CreateReviewBody) {
  return apiRequest('/reviews', { method: 'POST', body, auth: true, schema: InsertedIdSchema });
}

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    // The home page's carousel reads queryKeys.reviews: the new review shows there next time it renders.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.reviews });
    },
  });
}
