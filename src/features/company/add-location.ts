// POST /api/company/locations (its company admin): a new branch; the company's first is its default.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { LocationSchema, type LocationForm } from '../../contract/dealer-company';

export function addLocation(body: LocationForm) {
  return apiRequest('/company/locations', { method: 'POST', auth: true, body, schema: LocationSchema });
}

export function useAddLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCompany }),
  });
}
