// GET /api/admin/audit (admins): the audit log, newest first, a page at a time ("Older entries" asks for
// the page before the last entry shown).

import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { AuditPageSchema } from '../../contract/company-admin';

export interface AuditFilter {
  companyId: string;
  actor: string;
  action: string;
  /** `YYYY-MM-DD`, the first and last day shown, in the browser's time zone; '' for none. */
  from: string;
  to: string;
}

/** The start of a calendar day here, as the instant the server compares with. */
const startOfDay = (day: string, plusDays = 0) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + plusDays).toISOString();
};

export function getAuditPage(filter: AuditFilter, before: number | null, signal?: AbortSignal) {
  return apiRequest('/admin/audit', {
    auth: true,
    schema: AuditPageSchema,
    signal,
    query: {
      companyId: filter.companyId || undefined,
      actor: filter.actor.trim() || undefined,
      action: filter.action.trim() || undefined,
      from: filter.from ? startOfDay(filter.from) : undefined,
      // The last day is included: up to the start of the next.
      to: filter.to ? startOfDay(filter.to, 1) : undefined,
      before: before ?? undefined,
    },
  });
}

export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.auditPage({ ...filter }),
    queryFn: ({ pageParam, signal }) => getAuditPage(filter, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });
}
