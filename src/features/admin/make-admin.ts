// PUT /api/user/admin/{email} (admin): promotes a customer.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ModifiedCountSchema } from '../../contract/order';

export function makeAdmin(email: string) {
  return apiRequest(`/user/admin/${encodeURIComponent(email)}`, { method: 'PUT', auth: true, schema: ModifiedCountSchema });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
