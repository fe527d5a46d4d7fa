// GET /api/users?page&pageSize&q (admin): one page of accounts for Make Admin, searched by e-mail.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ADMIN_USERS_PAGE_SIZE, UserPageSchema } from '../../contract/user';

export interface UsersQuery {
  /** 1-based. */
  page: number;
  pageSize?: number;
  q?: string;
}

export function getUserPage(query: UsersQuery, signal?: AbortSignal) {
  const q = query.q?.trim();
  return apiRequest('/users', {
    auth: true,
    schema: UserPageSchema,
    signal,
    query: { page: query.page, pageSize: query.pageSize ?? ADMIN_USERS_PAGE_SIZE, q: q ? q : undefined },
  });
}

/** Under the users list's key, so Make Admin and Delete refresh every page. */
export const userPageQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: queryKeys.userPage({ page: query.page, pageSize: query.pageSize ?? ADMIN_USERS_PAGE_SIZE, q: query.q?.trim() ?? '' }),
    queryFn: ({ signal }) => getUserPage(query, signal),
    staleTime: 0,
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export function useUserPage(query: UsersQuery) {
  return useQuery(userPageQueryOptions(query));
}
