// GET /api/users (admin): every account, for Make Admin.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { UserListSchema } from '../../contract/user';

export function getUsers() {
  return apiRequest('/users', { auth: true, schema: UserListSchema });
}

/** Under 'users' beside each profile (['users', email]); 'all' is never an e-mail address. */
export const usersQueryOptions = () => queryOptions({ queryKey: ['users', 'all'], queryFn: getUsers, staleTime: 0 });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
