// POST /api/admin/price-lists, PUT and DELETE /api/admin/price-lists/{id} (admins): making a price list,
// changing its terms and deleting it. Each refreshes the lists, the companies (which name their list) and the audit log.

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { DeletedCountSchema } from '../../contract/order';
import type { PriceListInput } from '../../contract/price-list';
import { PriceListSchema } from '../../contract/price-list-admin';

/** What any change to a price list makes stale. */
export function refreshPriceLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.priceLists });
  void queryClient.invalidateQueries({ queryKey: queryKeys.adminCompanies });
  void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
}

export function savePriceList({ id, terms }: { id: string | null; terms: PriceListInput }) {
  return id === null
    ? apiRequest('/admin/price-lists', { method: 'POST', auth: true, body: terms, schema: PriceListSchema })
    : apiRequest(`/admin/price-lists/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, body: terms, schema: PriceListSchema });
}

export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePriceList, onSettled: () => refreshPriceLists(queryClient) });
}

export function deletePriceList(id: string) {
  return apiRequest(`/admin/price-lists/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

export function useDeletePriceList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePriceList, onSettled: () => refreshPriceLists(queryClient) });
}
