// GET /api/admin/sales (admin): orders to ship, revenue today, the last 7 and 30 days, per day, top tools.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { SalesSummarySchema } from '../../contract/reports';

export function getSales(signal?: AbortSignal) {
  return apiRequest('/admin/sales', { auth: true, schema: SalesSummarySchema, signal });
}

export const salesQueryOptions = () => queryOptions({ queryKey: queryKeys.sales, queryFn: ({ signal }) => getSales(signal), staleTime: 0 });

export function useSales() {
  return useQuery(salesQueryOptions());
}
