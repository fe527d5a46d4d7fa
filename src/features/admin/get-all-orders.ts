// GET /api/orders (admin): one page of every order, narrowed by a search (number, customer, tool or SKU,
// status, days placed, part of the company's or the location's name).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ADMIN_ORDERS_PAGE_SIZE, OrderPageSchema, type OrdersSearchInput } from '../../contract/order';

/** Manage Orders' search: the one every list of orders has, and the company and location by part of their names. */
export interface AdminOrdersSearch extends OrdersSearchInput {
  company?: string;
  location?: string;
}

export interface AllOrdersQuery extends AdminOrdersSearch {
  /** 1-based. */
  page: number;
  pageSize?: number;
}

export function getAllOrders(query: AllOrdersQuery, signal?: AbortSignal) {
  const q = query.q?.trim();
  const company = query.company?.trim();
  const location = query.location?.trim();
  return apiRequest('/orders', {
    auth: true,
    schema: OrderPageSchema,
    signal,
    query: {
      ...query,
      page: query.page,
      pageSize: query.pageSize ?? ADMIN_ORDERS_PAGE_SIZE,
      q: q ? q : undefined,
      company: company ? company : undefined,
      location: location ? location : undefined,
    },
  });
}

/** Under the orders root, so every order mutation (a customer's or an admin's) refreshes these pages too. */
export const allOrdersQueryOptions = (query: AllOrdersQuery) =>
  queryOptions({
    queryKey: queryKeys.orderPage({
      page: query.page,
      pageSize: query.pageSize ?? ADMIN_ORDERS_PAGE_SIZE,
      status: query.status ?? null,
      q: query.q?.trim() ?? '',
      from: query.from ?? '',
      to: query.to ?? '',
      company: query.company?.trim() ?? '',
      location: query.location?.trim() ?? '',
    }),
    queryFn: ({ signal }) => getAllOrders(query, signal),
    staleTime: 0,
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export function useAllOrders(query: AllOrdersQuery) {
  return useQuery(allOrdersQueryOptions(query));
}
