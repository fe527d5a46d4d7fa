// POST /api/products (admin). The home page's list is cached under queryKeys.products (the spec).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { InsertedIdSchema } from '../../contract/order';
import type { CreateProductBody } from '../../contract/product';

export function createProduct(body: CreateProductBody) {
  return apiRequest('/products', { method: 'POST', auth: true, body, schema: InsertedIdSchema });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
