// DELETE /api/company/members/{userId} (its company admin): the person leaves the company and gets a company of their own.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { DeletedCountSchema } from '../../contract/order';

export function removeMember(userId: string) {
  return apiRequest(`/company/members/${encodeURIComponent(userId)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCompany }) });
}
