// GET and POST /api/tax-rates, PUT and DELETE /api/tax-rates/{id} (admins): the Tax Rates page's rates, and
// adding, changing and deleting one (docs/decisions/046-tax-per-ship-to-location.md). Each change refreshes
// the rates and the audit log; the tax of orders placed before stays as it was.

import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { DeletedCountSchema } from '../../contract/order';
import { TaxRateListSchema, TaxRateSchema, type TaxRateInput } from '../../contract/tax';

export const taxRatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.taxRates,
    queryFn: async ({ signal }) => (await apiRequest('/tax-rates', { auth: true, schema: TaxRateListSchema, signal })).items,
    staleTime: 0,
  });

export function useTaxRates() {
  return useQuery(taxRatesQueryOptions());
}

function refreshTaxRates(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.taxRates });
  void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
}

export function saveTaxRate({ id, rate }: { id: string | null; rate: TaxRateInput }) {
  return id === null
    ? apiRequest('/tax-rates', { method: 'POST', auth: true, body: rate, schema: TaxRateSchema })
    : apiRequest(`/tax-rates/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, body: rate, schema: TaxRateSchema });
}

export function useSaveTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTaxRate, onSettled: () => refreshTaxRates(queryClient) });
}

export function deleteTaxRate(id: string) {
  return apiRequest(`/tax-rates/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTaxRate, onSettled: () => refreshTaxRates(queryClient) });
}
