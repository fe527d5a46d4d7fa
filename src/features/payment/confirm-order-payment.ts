// PATCH /api/order/{id}: tells the server which payment paid the order; the server asks the processor
// itself and marks the order Paid only if that payment succeeded for this order and its full amount.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ModifiedCountSchema } from '../../contract/order';

export function confirmOrderPayment(orderId: string, transactionId: string) {
  return apiRequest(`/order/${encodeURIComponent(orderId)}`, { method: 'PATCH', body: { transactionId }, auth: true, schema: ModifiedCountSchema });
}

export function useConfirmOrderPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => confirmOrderPayment(orderId, transactionId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
}
