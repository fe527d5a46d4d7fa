// GET and PUT /api/push/settings: the shop's key to subscribe with, the kinds of notification offered to the
// signed-in account, and those it switched off (docs/notifications.md).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { PushSettingsSchema, type PushKind } from '../../contract/push';

/** Under no other root: nothing else changes these settings. */
export const pushSettingsQueryOptions = (email: string) => ({
  queryKey: ['push-settings', email] as const,
  queryFn: () => apiRequest('/push/settings', { auth: true, schema: PushSettingsSchema }),
});

export function usePushSettings(email: string) {
  return useQuery(pushSettingsQueryOptions(email));
}

/**
 * Saves the kinds switched off. The switches show the choice being saved themselves (notification-settings.tsx);
 * the settings take the server's answer, and a read already on its way is dropped so it cannot bring back the
 * choice before.
 */
export function useUpdatePushSettings(email: string) {
  const queryClient = useQueryClient();
  const { queryKey } = pushSettingsQueryOptions(email);
  return useMutation({
    // One save at a time, in the order of the taps, so the last choice is the one the server keeps.
    scope: { id: 'push-settings' },
    mutationFn: (muted: PushKind[]) => apiRequest('/push/settings', { method: 'PUT', auth: true, body: { muted }, schema: PushSettingsSchema }),
    onMutate: () => queryClient.cancelQueries({ queryKey }),
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
