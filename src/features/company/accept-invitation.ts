// POST /api/invitations/{token}/accept: the signed-in account whose verified address was invited joins the company.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { JoinedCompanySchema } from '../../contract/dealer-company';

export function acceptInvitation(token: string) {
  return apiRequest(`/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', auth: true, schema: JoinedCompanySchema });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.myCompany }) });
}
