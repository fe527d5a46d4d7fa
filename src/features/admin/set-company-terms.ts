// PUT /api/admin/companies/{id}/terms (admins): a company's payment terms, credit limit and purchase-order
// rule; answers the company's account as it then stands (docs/decisions/044-orders-on-account.md).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { AccountStandingSchema, type AccountTermsBody } from '../../contract/account-terms';

export function setCompanyTerms({ id, terms }: { id: string; terms: AccountTermsBody }) {
  return apiRequest(`/admin/companies/${encodeURIComponent(id)}/terms`, { method: 'PUT', auth: true, body: terms, schema: AccountStandingSchema });
}

export function useSetCompanyTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyTerms,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminCompanies });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      // The receivables name each company's terms.
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
}
