// POST /api/company/locations/{id}/default (its company admin): the branch orders go to unless another is picked.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { LocationSchema } from '../../contract/dealer-company';

export function makeDefaultLocation(id: string) {
  return apiRequest(`/company/locations/${encodeURIComponent(id)}/default`, { method: 'POST', auth: true, schema: LocationSchema });
}

export function useMakeDefaultLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeDefaultLocation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCompany }),
  });
}
