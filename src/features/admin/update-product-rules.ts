// PATCH /api/products/{id} (admin): the bulk-order rules of a tool (maximum, pack size, volume prices).
// The catalogue is cached under queryKeys.products, so the purchase page and the pad see the new rules.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ProductSchema, type UpdateProductRulesBody } from '../../contract/product';

export function updateProductRules(id: string, body: UpdateProductRulesBody) {
  return apiRequest(`/products/${encodeURIComponent(id)}`, { method: 'PATCH', auth: true, body, schema: ProductSchema });
}

export function useUpdateProductRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProductRulesBody }) => updateProductRules(id, body),
    // Settled: a 404 (deleted meanwhile) must show in the list too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
