// PUT /api/user/admin/{email} (admin): promotes a customer.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { ModifiedCountSchema } from '../../contract/order';
import { usersQueryOptions } from './get-users';

export function makeAdmin(email: string) {
  return apiRequest(`/user/admin/${encodeURIComponent(email)}`, { method: 'PUT', auth: true, schema: ModifiedCountSchema });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  });
}
