// GET /api/admin/price-lists and /api/admin/price-lists/{id} (admins): the Price Lists page's lists, and one
// list with a page of its entries (docs/decisions/045-price-lists-and-money.md).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { PriceListDetailSchema, PriceListSummariesSchema } from '../../contract/price-list-admin';

export const priceListsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.priceLists,
    queryFn: ({ signal }) => apiRequest('/admin/price-lists', { auth: true, schema: PriceListSummariesSchema, signal }),
    staleTime: 0,
  });

export function usePriceLists() {
  return useQuery(priceListsQueryOptions());
}

export interface PriceListPageQuery {
  id: string;
  /** 1-based. */
  page: number;
  q: string;
}

export const priceListQueryOptions = (query: PriceListPageQuery) =>
  queryOptions({
    queryKey: queryKeys.priceList(query.id, { page: query.page, q: query.q.trim() }),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/price-lists/${encodeURIComponent(query.id)}`, {
        auth: true,
        schema: PriceListDetailSchema,
        signal,
        query: { page: query.page, q: query.q.trim() || undefined },
      }),
    staleTime: 0,
    // Paging and searching keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export function usePriceList(query: PriceListPageQuery) {
  return useQuery(priceListQueryOptions(query));
}
