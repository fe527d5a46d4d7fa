// POST /api/admin/companies/{id}/approve, /reject, /suspend and /reinstate (admins): a decision on a company.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { AdminCompanySchema, type CompanyDecision } from '../../contract/company-admin';

export interface DecisionRequest {
  id: string;
  decision: CompanyDecision;
  /** For a rejection or a suspension: why, for the dealer to read. */
  reason?: string;
}

export function decideCompany({ id, decision, reason }: DecisionRequest) {
  return apiRequest(`/admin/companies/${encodeURIComponent(id)}/${decision}`, {
    method: 'POST',
    auth: true,
    ...(reason === undefined ? {} : { body: { reason } }),
    schema: AdminCompanySchema,
  });
}

export function useDecideCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCompany,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminCompanies });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
  });
}
