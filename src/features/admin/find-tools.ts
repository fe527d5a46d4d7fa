// GET /api/products?q= for the price list's entry form: the tools whose name or SKU matches what the admin
// typed, a few at a time, to choose the one to price. The catalogue's own search, asked for one short page.

import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ProductPageSchema } from '../../contract/product';

export const TOOL_CHOICES = 8;

export function useFindTools(q: string) {
  const search = q.trim();
  return useQuery({
    queryKey: queryKeys.toolChoices(search),
    queryFn: ({ signal }) => apiRequest('/products', { query: { q: search, page: 1, pageSize: TOOL_CHOICES }, schema: ProductPageSchema, signal }),
    enabled: search !== '',
    staleTime: 30_000,
  });
}
