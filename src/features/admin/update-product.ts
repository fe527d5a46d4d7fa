// PATCH /api/products/{id} (admin): any field of a tool, its picture and its bulk-order rules; the fields
// left out keep their values. The catalogue is cached under queryKeys.products, so Manage Products, the
// purchase page, home's list and the pad see the change; the offline copy takes it at its next sync.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ProductSchema, type UpdateProductBody } from '../../contract/product';

export function updateProduct(id: string, body: UpdateProductBody) {
  return apiRequest(`/products/${encodeURIComponent(id)}`, { method: 'PATCH', auth: true, body, schema: ProductSchema });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProductBody }) => updateProduct(id, body),
    // Settled: a 404 (deleted meanwhile) must show in the list too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
