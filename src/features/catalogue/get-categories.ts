// GET /api/categories: the category chips of Our Tools with their counts; offline, counted in the saved catalogue.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { CategoryListSchema } from '../../contract/product';
import { savedCategories, withOfflineFallback } from '../../offline/catalogue';

export function getCategories() {
  return withOfflineFallback(
    'categories',
    () => apiRequest('/categories', { schema: CategoryListSchema }),
    () => savedCategories(),
    async () => undefined,
  );
}

export const categoriesQueryOptions = () => queryOptions({ queryKey: queryKeys.categories, queryFn: getCategories, meta: { persist: false } });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
