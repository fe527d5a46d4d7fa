// GET /api/orders/{email}: the orders the signed-in customer sees (their own, or their company's for its
// admin and a buyer who sees all), newest first, all of them or those a search finds (number, tool or SKU,
// status, days placed, who placed it, its location).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { OrderListSchema, type OrdersSearchInput } from '../../contract/order';

const searched = (search: OrdersSearchInput) => Object.values(search).some((value) => value !== undefined && value !== '');

export function getMyOrders(email: string, search: OrdersSearchInput = {}, signal?: AbortSignal) {
  return apiRequest(`/orders/${encodeURIComponent(email)}`, {
    auth: true,
    schema: OrderListSchema,
    signal,
    ...(searched(search) ? { query: { ...search } } : {}),
  });
}

/**
 * Under the orders root, so every order mutation refreshes it. The whole list keeps its own key, the one
 * saved for reading offline; a search is asked online and is not saved.
 */
export const myOrdersQueryOptions = (email: string, search: OrdersSearchInput = {}) => {
  const found = searched(search);
  const key: readonly unknown[] = found
    ? queryKeys.myOrdersFound(email, {
        status: search.status ?? null,
        q: search.q ?? '',
        from: search.from ?? '',
        to: search.to ?? '',
        placedBy: search.placedBy ?? '',
        locationId: search.locationId ?? '',
      })
    : queryKeys.myOrders(email);
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => getMyOrders(email, search, signal),
    staleTime: 0,
    // A search keeps the rows on screen until its answer arrives, and is not saved for offline reading.
    ...(found ? { meta: { persist: false }, placeholderData: keepPreviousData } : {}),
  });
};

export function useMyOrders(email: string, search: OrdersSearchInput = {}) {
  return useQuery(myOrdersQueryOptions(email, search));
}
