// POST /api/orders/{id}/release (admin): an order on account on hold is confirmed after all, and can be shipped;
// answers the order.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { OrderSchema } from '../../contract/order';

export function releaseOrder(id: string) {
  return apiRequest(`/orders/${encodeURIComponent(id)}/release`, { method: 'POST', auth: true, schema: OrderSchema });
}

export function useReleaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
