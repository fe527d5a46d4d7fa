// GET /api/company: the signed-in dealer's company, its locations and (for its company admin) its members.

import { useQuery } from '@tanstack/react-query';
import { myCompanyQueryOptions } from '../../api/my-company';

/** Asked again on every visit of the page: another member may have changed the company meanwhile. */
export function useMyCompany() {
  return useQuery({ ...myCompanyQueryOptions(), refetchOnMount: 'always' });
}
