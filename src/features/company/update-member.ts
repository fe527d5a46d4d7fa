// PATCH /api/company/members/{userId} (its company admin): a member's role, and whether a buyer sees all the company's orders.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { MemberSchema, type MemberUpdateBody } from '../../contract/dealer-company';

export function updateMember(userId: string, body: MemberUpdateBody) {
  return apiRequest(`/company/members/${encodeURIComponent(userId)}`, { method: 'PATCH', auth: true, body, schema: MemberSchema });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: MemberUpdateBody }) => updateMember(userId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCompany }),
  });
}
