import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { UserProfileSchema } from '../../contract/user';

export function getUserProfile(email: string) {
  return apiRequest(`/users/${encodeURIComponent(email)}`, { auth: true, schema: UserProfileSchema });
}

export const userProfileQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['users', email], queryFn: () => getUserProfile(email), staleTime: 60_000 });

export function useUserProfile(email: string) {
  return useQuery(userProfileQueryOptions(email));
}
