// PUT /api/user/dealer/{email} (admin): approves an account as a dealer, so its unpaid orders hold stock
// (docs/decisions/027).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ModifiedCountSchema } from '../../contract/order';

export function approveDealer(email: string) {
  return apiRequest(`/user/dealer/${encodeURIComponent(email)}`, { method: 'PUT', auth: true, schema: ModifiedCountSchema });
}

export function useApproveDealer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDealer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
