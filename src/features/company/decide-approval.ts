// POST /api/orders/{id}/approval (an approver of the order's company): approve, or decline with a reason. The
// decision's id is made here, once per decision, so the same decision sent again is taken once
// (docs/decisions/055-buyer-approvals-and-spending-limits.md).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { OrderSchema } from '../../contract/order';
import type { ApprovalDecisionBody } from '../../contract/spending-limits';

export function decideApproval(orderId: string, body: ApprovalDecisionBody) {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/approval`, { method: 'POST', auth: true, body, schema: OrderSchema });
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: ApprovalDecisionBody }) => decideApproval(orderId, body),
    // Whoever decided it, the order is no longer waiting here, and every list of orders shows where it now stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
