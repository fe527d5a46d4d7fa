import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ProductListSchema, ProductSchema } from '../../contract/product';
import { readSavedProduct, readSavedProducts, saveProduct, saveProducts, inBackground, withOfflineFallback } from '../../offline/catalogue';

/** Offline, the list comes from IndexedDB (docs/architecture.md, "Offline"). */
export function getProducts() {
  return withOfflineFallback(
    'products',
    () => apiRequest('/products', { schema: ProductListSchema }),
    () => readSavedProducts(),
    inBackground(saveProducts),
  );
}

/** As the spec has it, the list is cached under the key 'products' (queryKeys.products). */
export const productsQueryOptions = () => queryOptions({ queryKey: queryKeys.products, queryFn: getProducts, meta: { persist: false } });

export function useProducts() {
  return useQuery(productsQueryOptions());
}

export function getProduct(id: string) {
  return withOfflineFallback(
    `product:${id}`,
    () => apiRequest(`/products/${encodeURIComponent(id)}`, { schema: ProductSchema }),
    () => readSavedProduct(id),
    inBackground(saveProduct),
  );
}

export const productQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.product(id), queryFn: () => getProduct(id), meta: { persist: false } });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
