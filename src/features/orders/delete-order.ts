// DELETE /api/orders/{id}: the customer deletes an Unpaid order of their own; its stock goes back.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { DeletedCountSchema } from '../../contract/order';

export function deleteOrder(id: string) {
  return apiRequest(`/orders/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.orders }), queryClient.invalidateQueries({ queryKey: queryKeys.products })]);
    },
  });
}
