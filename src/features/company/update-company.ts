// PATCH /api/company (its company admin): the company's name, country and tax number.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { CompanySchema, type CompanyUpdateBody } from '../../contract/dealer-company';

export function updateCompany(body: CompanyUpdateBody) {
  return apiRequest('/company', { method: 'PATCH', auth: true, body, schema: CompanySchema });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCompany }),
  });
}
