// PATCH /api/orders/{id} (admin): ships a Paid order, with the carrier and tracking number when given.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ModifiedCountSchema, type ShipOrderBody } from '../../contract/order';

export function shipOrder({ id, shipping }: { id: string; shipping: ShipOrderBody }) {
  return apiRequest(`/orders/${encodeURIComponent(id)}`, { method: 'PATCH', auth: true, body: shipping, schema: ModifiedCountSchema });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
