// DELETE /api/users/{id} (admin): removes an account, its unpaid orders and its sign-in.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { DeletedCountSchema } from '../../contract/order';

export function deleteUser(id: string) {
  return apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: async () => {
      // Their unpaid orders went with them, and those orders' stock went back to the catalogue.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      ]);
    },
  });
}
