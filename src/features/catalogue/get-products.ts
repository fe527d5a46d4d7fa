import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { ProductListSchema, ProductSchema } from '../../contract/product';

export function getProducts() {
  return apiRequest('/products', { schema: ProductListSchema });
}

/** Spec section 9: the list is cached under the key 'products'. */
export const productsQueryOptions = () => queryOptions({ queryKey: ['products'], queryFn: getProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}

export function getProduct(id: string) {
  return apiRequest(`/products/${encodeURIComponent(id)}`, { schema: ProductSchema });
}

export const productQueryOptions = (id: string) => queryOptions({ queryKey: ['products', id], queryFn: () => getProduct(id) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
