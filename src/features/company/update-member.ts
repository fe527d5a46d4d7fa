// PATCH /api/company/members/{userId} (its company admin): a member's role, and whether a buyer sees all the company's orders.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { MemberSchema, type MemberUpdateBody, type MyCompany } from '../../contract/dealer-company';

export function updateMember(userId: string, body: MemberUpdateBody) {
  return apiRequest(`/company/members/${encodeURIComponent(userId)}`, { method: 'PATCH', auth: true, body, schema: MemberSchema });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: MemberUpdateBody }) => updateMember(userId, body),
    // The member as the server now holds it shows at once; the refetch after confirms the rest of the company.
    onSuccess: (member) =>
      queryClient.setQueryData<MyCompany>(queryKeys.myCompany, (company) =>
        company?.members ? { ...company, members: company.members.map((m) => (m.userId === member.userId ? member : m)) } : company,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCompany }),
  });
}
