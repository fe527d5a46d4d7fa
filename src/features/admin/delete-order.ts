// DELETE /api/orders/admin/{id} (admin): deletes an Unpaid order; its stock goes back to the product.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { DeletedCountSchema } from '../../contract/order';

export function deleteOrderAsAdmin(id: string) {
  return apiRequest(`/orders/admin/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

export function useDeleteOrderAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrderAsAdmin,
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.orders }), queryClient.invalidateQueries({ queryKey: queryKeys.products })]);
    },
  });
}
