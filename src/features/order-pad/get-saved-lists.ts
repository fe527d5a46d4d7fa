// GET /api/company/saved-lists: the company's saved lists (docs/decisions/054-saved-lists.md). Every answer is
// kept on the device (IndexedDB, src/offline/store) and read from there when the server cannot be reached, so
// the lists open and become a pad offline. Saving and deleting a list (save-list.ts, delete-saved-list.ts) need
// the connection, and put their answer here at once.

import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { NetworkError } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { SavedListsAnswerSchema, type SavedList } from '../../contract/saved-list';
import { keepSavedLists, readSavedLists } from '../../offline/store';

/** The lists and when the device last heard them from the server (epoch ms); `offline`: read from the device's copy. */
export interface SavedLists {
  lists: SavedList[];
  savedAt: number;
  offline: boolean;
}

export const savedListsQueryOptions = (owner: string, companyId: string | null) =>
  queryOptions({
    queryKey: queryKeys.savedLists(owner, companyId),
    queryFn: async ({ signal }): Promise<SavedLists> => {
      try {
        const { lists } = await apiRequest('/company/saved-lists', {
          auth: true,
          schema: SavedListsAnswerSchema,
          query: { companyId: companyId ?? undefined },
          signal,
        });
        await keepSavedLists(owner, companyId, lists);
        return { lists, savedAt: Date.now(), offline: false };
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        const kept = await readSavedLists(owner, companyId);
        if (!kept) throw error;
        return { lists: kept.lists, savedAt: kept.savedAt, offline: true };
      }
    },
    staleTime: 30_000,
    refetchOnReconnect: 'always',
    retry: false,
    // Kept in IndexedDB by the store, not by the query persister.
    meta: { persist: false },
  });

/** The lists of the dealer's company, or of the company a sales rep orders for (`companyId`). */
export function useSavedLists(owner: string, companyId: string | null, enabled = true) {
  return useQuery({ ...savedListsQueryOptions(owner, companyId), enabled: enabled && owner !== '' });
}

/** The list as saved replaces the one in the answer kept, so every screen and the device's copy show it at once. */
export function useKeepSavedLists(owner: string, companyId: string | null) {
  const queryClient = useQueryClient();
  const key = queryKeys.savedLists(owner, companyId);
  return async (change: (lists: SavedList[]) => SavedList[]) => {
    const before = queryClient.getQueryData<SavedLists>(key);
    if (before) {
      const lists = change(before.lists).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
      queryClient.setQueryData<SavedLists>(key, { lists, savedAt: Date.now(), offline: false });
      await keepSavedLists(owner, companyId, lists).catch(() => undefined);
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };
}
