// GET /api/users/{email}: the profile and the server's admin flag (the spec).

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { UserProfileSchema } from '../../contract/user';
import { getSession, setAdminFlag } from './session';

export async function getUserProfile(email: string) {
  const profile = await apiRequest(`/users/${encodeURIComponent(email)}`, { auth: true, schema: UserProfileSchema });
  // The session remembers the signed-in user's own flag, so guards and the sidebar work offline too.
  if (getSession().user?.email === profile.email) setAdminFlag(profile.admin);
  return profile;
}

export const userProfileQueryOptions = (email: string) =>
  queryOptions({ queryKey: queryKeys.userProfile(email), queryFn: () => getUserProfile(email), staleTime: 60_000 });

/** `fresh`: ask the server again on every mount (My Profile), while still showing what is cached. */
export function useUserProfile(email: string, options: { fresh?: boolean } = {}) {
  return useQuery({ ...userProfileQueryOptions(email), refetchOnMount: options.fresh ? 'always' : true });
}
