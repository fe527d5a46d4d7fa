// GET /api/rep/companies: the companies a sales rep orders for, each with its locations (the default first),
// by name. The answer is kept with the other saved queries (src/api/query-persister.ts), as My Company's is,
// so "Ordering for" offers the rep's companies offline too.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { RepCompanyListSchema, type RepCompany } from '../../contract/sales-rep';

export const repCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.repCompanies,
    queryFn: ({ signal }) => apiRequest('/rep/companies', { auth: true, schema: RepCompanyListSchema, signal }),
    staleTime: 60_000,
  });

export interface RepCompanies {
  /** Undefined while unknown: not a rep, still being read, or offline before they were ever read. */
  companies: RepCompany[] | undefined;
  /** Still being read: the form waits, so its picker starts at the remembered company. After one failed try it shows without them. */
  loading: boolean;
}

/** `rep`: the signed-in account is a sales rep; nobody else asks. */
export function useRepCompanies(rep: boolean): RepCompanies {
  const query = useQuery({ ...repCompaniesQueryOptions(), enabled: rep });
  return { companies: query.data, loading: rep && query.isPending && query.failureCount === 0 };
}
