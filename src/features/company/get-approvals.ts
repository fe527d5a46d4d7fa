// GET /api/company/approvals (the company's approvers): the orders over a buyer's spending limit waiting for a
// decision, the longest waiting first (docs/decisions/055-buyer-approvals-and-spending-limits.md).

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { OrderListSchema } from '../../contract/order';

export function getApprovals() {
  return apiRequest('/company/approvals', { auth: true, schema: OrderListSchema });
}

export const approvalsQueryOptions = () => queryOptions({ queryKey: queryKeys.approvals, queryFn: getApprovals, staleTime: 30_000 });

/** Asked again on every visit and every minute: buyers place orders while the page is open. */
export function useApprovals(enabled: boolean) {
  return useQuery({ ...approvalsQueryOptions(), enabled, refetchOnMount: 'always', refetchInterval: 60_000 });
}
