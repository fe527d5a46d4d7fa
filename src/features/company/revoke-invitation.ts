// DELETE /api/company/invitations/{id} (its company admin): the invitation's link stops working.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { DeletedCountSchema } from '../../contract/order';

export function revokeInvitation(id: string) {
  return apiRequest(`/company/invitations/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCompany }) });
}
