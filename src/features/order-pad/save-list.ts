// PUT /api/company/saved-lists/{id}: a list made or replaced whole (docs/decisions/054-saved-lists.md). A new
// list's id is made here, so a save sent again after a lost answer changes nothing on the server.

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { SavedListSchema, type SavedList } from '../../contract/saved-list';
import { useKeepSavedLists } from './get-saved-lists';

export interface ListToSave {
  /** The list's id: a new one for a new list, the list's own to replace it. */
  id: string;
  name: string;
  lines: readonly { productId: string; quantity: number }[];
}

export function putSavedList(list: ListToSave, companyId: string | null): Promise<SavedList> {
  return apiRequest(`/company/saved-lists/${encodeURIComponent(list.id)}`, {
    method: 'PUT',
    auth: true,
    schema: SavedListSchema,
    body: { ...(companyId ? { companyId } : {}), name: list.name, lines: list.lines.map(({ productId, quantity }) => ({ productId, quantity })) },
  });
}

export function useSaveList(owner: string, companyId: string | null) {
  const keep = useKeepSavedLists(owner, companyId);
  return useMutation({
    mutationFn: (list: ListToSave) => putSavedList(list, companyId),
    onSuccess: (saved) => keep((lists) => [...lists.filter((list) => list.id !== saved.id), saved]),
  });
}
