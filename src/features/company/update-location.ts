// PATCH /api/company/locations/{id} (its company admin): a branch's name, address, phone or contact.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { LocationSchema, type LocationUpdateBody } from '../../contract/dealer-company';

export function updateLocation(id: string, body: LocationUpdateBody) {
  return apiRequest(`/company/locations/${encodeURIComponent(id)}`, { method: 'PATCH', auth: true, body, schema: LocationSchema });
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LocationUpdateBody }) => updateLocation(id, body),
    // Settled: a 404 means the location went meanwhile, and the list must show that too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCompany }),
  });
}
