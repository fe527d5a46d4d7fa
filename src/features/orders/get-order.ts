// GET /api/order/{id}: one order, for the payment page.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { OrderSchema } from '../../contract/order';

export function getOrder(id: string, signal?: AbortSignal) {
  return apiRequest(`/order/${encodeURIComponent(id)}`, { auth: true, schema: OrderSchema, signal });
}

export const orderQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.order(id), queryFn: ({ signal }) => getOrder(id, signal), staleTime: 0 });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
