// DELETE /api/orders/{id}/shipping (admin): takes back a shipping marked within the last minute; the
// server decides whether it is still time.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ModifiedCountSchema } from '../../contract/order';

export function undoShipOrder(id: string) {
  return apiRequest(`/orders/${encodeURIComponent(id)}/shipping`, { method: 'DELETE', auth: true, schema: ModifiedCountSchema });
}

export function useUndoShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoShipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
