// DELETE /api/company/saved-lists/{id}: a list deleted for everyone in the company (docs/decisions/054-saved-lists.md).

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { DeletedCountSchema } from '../../contract/order';
import { useKeepSavedLists } from './get-saved-lists';

export function deleteSavedList(id: string) {
  return apiRequest(`/company/saved-lists/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true, schema: DeletedCountSchema });
}

export function useDeleteSavedList(owner: string, companyId: string | null) {
  const keep = useKeepSavedLists(owner, companyId);
  return useMutation({
    mutationFn: deleteSavedList,
    onSuccess: (_answer, id) => keep((lists) => lists.filter((list) => list.id !== id)),
  });
}
