// GET /api/invoices: the invoices of the orders the signed-in dealer sees, open, overdue and paid, with the
// open balance and the overdue amount. All of them at once: the screen's tabs narrow them and count each.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { InvoicesPortalSchema } from '../../contract/invoices-portal';

export function getInvoices(signal?: AbortSignal) {
  return apiRequest('/invoices', { auth: true, schema: InvoicesPortalSchema, signal });
}

export const invoicesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.invoices(email),
    queryFn: ({ signal }) => getInvoices(signal),
    staleTime: 0,
    // Paying needs the network anyway; the balance is never shown from an old copy.
    meta: { persist: false },
  });

export function useInvoices(email: string) {
  return useQuery({ ...invoicesQueryOptions(email), enabled: email !== '' });
}
