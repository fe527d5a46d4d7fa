// GET /api/invitations/{token}: what the join page shows of an invitation, without signing in.

import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { PublicInvitationSchema } from '../../contract/dealer-company';

export function getInvitation(token: string) {
  return apiRequest(`/invitations/${encodeURIComponent(token)}`, { schema: PublicInvitationSchema });
}

/** Not retried: a gone or unknown invitation stays so, and its message is what the page shows. */
export function useInvitation(token: string) {
  // Never kept for offline use: it names a person's address, and a shared tablet's next user has no need of it.
  return useQuery({ queryKey: ['invitation', token], queryFn: () => getInvitation(token), retry: false, staleTime: 0, meta: { persist: false } });
}
