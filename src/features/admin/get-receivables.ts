// GET /api/admin/receivables (admins): what companies owe on invoices of orders on account, by age. Under
// the orders root, so shipping an order, a bank payment or live orders read it again.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ReceivablesSchema } from '../../contract/receivables';

export const receivablesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.receivables,
    queryFn: ({ signal }) => apiRequest('/admin/receivables', { auth: true, schema: ReceivablesSchema, signal }),
    staleTime: 0,
  });

export function useReceivables() {
  return useQuery(receivablesQueryOptions());
}
