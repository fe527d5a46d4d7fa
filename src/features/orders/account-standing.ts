// GET /api/company/account: the terms, credit and what is owed of the company an order is for
// (docs/decisions/044-orders-on-account.md), for the purchase page's and the order pad's payment choice. A
// member asks for its own company; a sales rep names the company it orders for. Under the orders root, so
// placing, paying or deleting an order reads it again; kept with the other saved queries
// (src/api/query-persister.ts), so the choice and the credit show offline as last read.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { AccountStandingSchema, type AccountStanding } from '../../contract/account-terms';

/** `companyId`: the company a sales rep orders for; null for a member's own company. */
export const accountStandingQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: queryKeys.account(companyId ?? null),
    queryFn: ({ signal }) =>
      apiRequest('/company/account', { auth: true, schema: AccountStandingSchema, signal, ...(companyId ? { query: { companyId } } : {}) }),
    staleTime: 30_000,
  });

export interface AccountStandingState {
  /** As last read; null while unknown (not asked, still being read, or offline before it was ever read). */
  standing: AccountStanding | null;
  /** Still being read: the form waits, so its payment choice shows from the start. After one failed try it shows without it. */
  loading: boolean;
}

/**
 * `company`: the order is for a company (a dealer that has one, a rep that chose one); nobody else asks.
 * `companyId`: the rep's choice; null for a member.
 */
export function useAccountStanding(company: boolean, companyId: string | null): AccountStandingState {
  const query = useQuery({ ...accountStandingQueryOptions(companyId), enabled: company });
  return { standing: query.data ?? null, loading: company && query.isPending && query.failureCount === 0 };
}
