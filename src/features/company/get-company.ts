// GET /api/company: the signed-in dealer's company, its locations and (for its company admin) its members.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { MyCompanySchema } from '../../contract/dealer-company';

export function getMyCompany() {
  return apiRequest('/company', { auth: true, schema: MyCompanySchema });
}

export const myCompanyQueryOptions = () => queryOptions({ queryKey: queryKeys.myCompany, queryFn: getMyCompany, staleTime: 60_000 });

/** Asked again on every visit of the page: another member may have changed the company meanwhile. */
export function useMyCompany() {
  return useQuery({ ...myCompanyQueryOptions(), refetchOnMount: 'always' });
}
