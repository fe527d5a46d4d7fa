// One page of the catalogue for Manage Products: GET /api/products?q=&page=&pageSize=, newest first and
// searched on the server by name, SKU or description, so the admin's table holds one page however many
// tools there are. Offline, the same page of the saved catalogue, with the time it was saved.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { MANAGE_PRODUCTS_PAGE_SIZE } from '../../contract/product';
import { searchSavedCatalogue, withOfflineFallback } from '../../offline/catalogue';
import { fetchProductPage } from './search-products';

export interface ProductPageQuery {
  /** 1-based. */
  page: number;
  q: string;
}

/** Under the products root, so adding, deleting or changing a tool refreshes every page. */
export const productPageQueryOptions = (query: ProductPageQuery) => {
  const search = { q: query.q.trim(), category: null, page: query.page, pageSize: MANAGE_PRODUCTS_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.productPage({ q: search.q, page: search.page, pageSize: search.pageSize }),
    // Nothing to write back: the saved copy is kept by the catalogue sync (sync-catalogue.ts).
    queryFn: ({ signal }) =>
      withOfflineFallback(
        'products',
        () => fetchProductPage(search, signal),
        () => searchSavedCatalogue(search),
        async () => undefined,
      ),
    staleTime: 0,
    // Paging and searching keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    // The saved catalogue (IndexedDB) is the offline copy; the query cache does not keep one too.
    meta: { persist: false },
  });
};

export function useProductPage(query: ProductPageQuery) {
  return useQuery(productPageQueryOptions(query));
}
