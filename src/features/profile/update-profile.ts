// PATCH /api/user/{email}: the signed-in user's address, phone and LinkedIn URL.

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { ProfileUpdateResponseSchema, type ProfileUpdateBody } from '../../contract/user';

export function updateProfile(email: string, body: ProfileUpdateBody) {
  return apiRequest(`/user/${encodeURIComponent(email)}`, { method: 'PATCH', auth: true, body, schema: ProfileUpdateResponseSchema });
}

/** `onSaved` lets the screen refresh the profile query it reads from. */
export function useUpdateProfile(email: string, onSaved: () => Promise<unknown> | void) {
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => updateProfile(email, body),
    onSuccess: () => onSaved(),
  });
}
