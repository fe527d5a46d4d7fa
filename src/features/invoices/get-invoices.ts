// GET /api/invoices: the invoices of the orders the signed-in dealer sees in one state (open, overdue or paid),
// a page at a time, with how many there are in each state, the open balance and the overdue amount.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { InvoiceState } from '../../contract/account-terms';
import { InvoicesPortalSchema } from '../../contract/invoices-portal';

export function getInvoices(state: InvoiceState, page: number, signal?: AbortSignal) {
  return apiRequest('/invoices', { auth: true, schema: InvoicesPortalSchema, signal, query: { state, page } });
}

export const invoicesQueryOptions = (email: string, state: InvoiceState, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.invoices(email), state, page],
    queryFn: ({ signal }) => getInvoices(state, page, signal),
    staleTime: 0,
    // Paying needs the network anyway; the balance is never shown from an old copy.
    meta: { persist: false },
  });

/** One state's page; the page before stays on screen (marked as such) while the next one loads. */
export function useInvoices(email: string, state: InvoiceState, page: number) {
  return useQuery({ ...invoicesQueryOptions(email, state, page), enabled: email !== '', placeholderData: keepPreviousData });
}
