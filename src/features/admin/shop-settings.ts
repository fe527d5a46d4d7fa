// GET and PATCH /api/admin/settings (admins): whether new customers order at once or apply and wait.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ShopSettingsSchema, type ShopSettingsUpdateBody } from '../../contract/company-admin';

export function getShopSettings(signal?: AbortSignal) {
  return apiRequest('/admin/settings', { auth: true, schema: ShopSettingsSchema, signal });
}

export const shopSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.shopSettings, queryFn: ({ signal }) => getShopSettings(signal), staleTime: 0 });

export function useShopSettings() {
  return useQuery(shopSettingsQueryOptions());
}

export function updateShopSettings(body: ShopSettingsUpdateBody) {
  return apiRequest('/admin/settings', { method: 'PATCH', auth: true, body, schema: ShopSettingsSchema });
}

export function useUpdateShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShopSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.shopSettings, saved);
      // The change is in the audit log now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      void queryClient.invalidateQueries({ queryKey: queryKeys.runtimeConfig });
    },
  });
}
