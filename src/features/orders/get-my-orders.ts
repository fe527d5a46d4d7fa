// GET /api/orders/{email}: the signed-in customer's own orders, newest first.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { OrderListSchema } from '../../contract/order';

export function getMyOrders(email: string, signal?: AbortSignal) {
  return apiRequest(`/orders/${encodeURIComponent(email)}`, { auth: true, schema: OrderListSchema, signal });
}

/** Under 'orders', so every order mutation refreshes it. */
export const myOrdersQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['orders', 'mine', email], queryFn: ({ signal }) => getMyOrders(email, signal), staleTime: 0 });

export function useMyOrders(email: string) {
  return useQuery(myOrdersQueryOptions(email));
}
