// PUT /api/admin/price-lists/{id}/entries and DELETE /api/admin/price-lists/{id}/entries/{productId}
// (admins): writing a tool's entry on a price list, and removing it. Both answer the list's new version.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { PriceListEntry } from '../../contract/price-list';
import { PriceListVersionSchema } from '../../contract/price-list-admin';
import { refreshPriceLists } from './save-price-list';

export function writePriceListEntries({ id, entries }: { id: string; entries: PriceListEntry[] }) {
  return apiRequest(`/admin/price-lists/${encodeURIComponent(id)}/entries`, { method: 'PUT', auth: true, body: { entries }, schema: PriceListVersionSchema });
}

export function useWritePriceListEntries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: writePriceListEntries, onSettled: () => refreshPriceLists(queryClient) });
}

export function removePriceListEntry({ id, productId }: { id: string; productId: string }) {
  return apiRequest(`/admin/price-lists/${encodeURIComponent(id)}/entries/${encodeURIComponent(productId)}`, {
    method: 'DELETE',
    auth: true,
    schema: PriceListVersionSchema,
  });
}

export function useRemovePriceListEntry() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePriceListEntry, onSettled: () => refreshPriceLists(queryClient) });
}
