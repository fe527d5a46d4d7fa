// PATCH /api/orders/{id} (admin): ships a Paid order.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ModifiedCountSchema } from '../../contract/order';

export function shipOrder(id: string) {
  return apiRequest(`/orders/${encodeURIComponent(id)}`, { method: 'PATCH', auth: true, schema: ModifiedCountSchema });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
