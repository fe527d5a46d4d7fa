// GET /api/mail/failures (admin): e-mails to dealers and admins that could not be sent.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { MailFailuresSchema } from '../../contract/mail';

export function getMailFailures(signal?: AbortSignal) {
  return apiRequest('/mail/failures', { auth: true, schema: MailFailuresSchema, signal });
}

export const mailFailuresQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.mailFailures,
    queryFn: ({ signal }) => getMailFailures(signal),
    staleTime: 0,
    // The queue is retried in the background; an open Manage Orders follows it.
    refetchInterval: 60_000,
  });

export function useMailFailures() {
  return useQuery(mailFailuresQueryOptions());
}
