// The company's locations an order may go to, for the purchase page's and the order pad's "Deliver to":
// GET /api/company, the query My Company reads too (src/api/my-company.ts), so both share one answer. The answer is kept
// with the other saved queries (src/api/query-persister.ts), so the pad offers the locations offline too.
// The company's standing comes with it: a company that may not order is told so before the order is filled.

import { useQuery } from '@tanstack/react-query';
import { myCompanyQueryOptions } from '../../api/my-company';
import type { Company, CompanyStatus, Location } from '../../contract/dealer-company';

export interface DeliveryLocations {
  /** The default first; none for a company without locations, an account without a company, or offline before they were ever read. */
  locations: Location[];
  /** Still being read: the form waits, so its picker starts at the default. After one failed try it shows without them. */
  loading: boolean;
  /** The company's standing as last read (the screen says why a company that is not approved cannot order); null when unknown. */
  standing: { status: CompanyStatus; reason: string | null } | null;
  /** The company's tax (its exemption, and its country's rate for a typed address) as last read; null when unknown. */
  company: Company | null;
}

export function useDeliveryLocations(email: string): DeliveryLocations {
  const signedIn = email !== '';
  // Read again whenever a form opens (offline it shows the saved answer): the locations' tax and the company's
  // exemption decide the total the form shows, and the shop may have changed them since.
  const company = useQuery({ ...myCompanyQueryOptions(), enabled: signedIn, refetchOnMount: 'always' });
  return {
    locations: company.data?.locations ?? [],
    loading: signedIn && company.isPending && company.failureCount === 0,
    standing: company.data ? { status: company.data.company.status, reason: company.data.company.statusReason ?? null } : null,
    company: company.data?.company ?? null,
  };
}
