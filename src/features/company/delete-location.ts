// DELETE /api/company/locations/{id} (its company admin): the default only when it is the last location.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { DeletedCountSchema } from '../../contract/order';

export function deleteLocation(id: string) {
  return apiRequest(`/company/locations/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myCompany }),
  });
}
