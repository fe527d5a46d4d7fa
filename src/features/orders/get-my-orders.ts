// GET /api/orders/{email}: the signed-in customer's own orders, newest first.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { OrderListSchema } from '../../contract/order';

export function getMyOrders(email: string, signal?: AbortSignal) {
  return apiRequest(`/orders/${encodeURIComponent(email)}`, { auth: true, schema: OrderListSchema, signal });
}

/** Under the orders root, so every order mutation refreshes it. */
export const myOrdersQueryOptions = (email: string) =>
  queryOptions({ queryKey: queryKeys.myOrders(email), queryFn: ({ signal }) => getMyOrders(email, signal), staleTime: 0 });

export function useMyOrders(email: string) {
  return useQuery(myOrdersQueryOptions(email));
}
