// PUT /api/admin/companies/{id}/price-list (admins): the price list a company buys with, or none for the
// list price in US dollars (docs/decisions/045-price-lists-and-money.md).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { CompanyPriceListAnswerSchema } from '../../contract/price-list-admin';
import { refreshPriceLists } from './save-price-list';

export function setCompanyPriceList({ companyId, priceListId }: { companyId: string; priceListId: string | null }) {
  return apiRequest(`/admin/companies/${encodeURIComponent(companyId)}/price-list`, {
    method: 'PUT',
    auth: true,
    body: { priceListId },
    schema: CompanyPriceListAnswerSchema,
  });
}

export function useSetCompanyPriceList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCompanyPriceList, onSettled: () => refreshPriceLists(queryClient) });
}
