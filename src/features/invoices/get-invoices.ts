// GET /api/invoices: the invoices of the orders the signed-in dealer sees, open, overdue and paid, with the
// open balance and the overdue amount. All of them at once: the screen's tabs narrow them and count each.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { InvoicesPortalSchema } from '../../contract/invoices-portal';

/**
 * Under the orders root (src/api/query-keys.ts), so whatever refreshes the orders (a payment, an order
 * shipped) refreshes the invoices too; per account, so a shared tablet never shows the last dealer's.
 */
export const invoicesQueryKey = (email: string) => ['orders', 'invoices', email] as const;

export function getInvoices(signal?: AbortSignal) {
  return apiRequest('/invoices', { auth: true, schema: InvoicesPortalSchema, signal });
}

export const invoicesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: invoicesQueryKey(email),
    queryFn: ({ signal }) => getInvoices(signal),
    staleTime: 0,
    // Paying needs the network anyway; the balance is never shown from an old copy.
    meta: { persist: false },
  });

export function useInvoices(email: string) {
  return useQuery({ ...invoicesQueryOptions(email), enabled: email !== '' });
}
