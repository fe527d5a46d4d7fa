// POST /api/orders/{id}/refuse (admin): an order on account on hold is refused, with the reason the dealer
// reads; its stock goes back on sale.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { OrderSchema } from '../../contract/order';

export function refuseOrder({ id, reason }: { id: string; reason: string }) {
  return apiRequest(`/orders/${encodeURIComponent(id)}/refuse`, { method: 'POST', auth: true, body: { reason }, schema: OrderSchema });
}

export function useRefuseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseOrder,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      // The refused order's pieces are on sale again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.products });
    },
  });
}
