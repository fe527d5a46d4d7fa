// DELETE /api/products/{id} (admin). Orders of the product keep its name.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { DeletedCountSchema } from '../../contract/order';

export function deleteProduct(id: string) {
  return apiRequest(`/products/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // Settled, not only success: a 404 means someone else deleted it, and the list must show that too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
