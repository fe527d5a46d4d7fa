// POST /api/company/invitations (its company admin): mails an invitation to join the company.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { InvitationSchema, type InvitationBody } from '../../contract/dealer-company';

export function inviteMember(body: InvitationBody) {
  return apiRequest('/company/invitations', { method: 'POST', auth: true, body, schema: InvitationSchema });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCompany }) });
}
