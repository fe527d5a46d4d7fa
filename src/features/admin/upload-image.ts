// POST /api/images (admin): one picture as multipart field `image`; answers the stored picture's URL.

import { useRef } from 'react';
import { apiRequest } from '../../api/client';
import { ImageUploadResponseSchema } from '../../contract/product';

export async function uploadImage(file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const answer = await apiRequest('/images', { method: 'POST', auth: true, body: form, schema: ImageUploadResponseSchema, signal });
  return answer.data.url;
}

/**
 * The picture a form uploads, kept with its URL: a retry after a failed save reuses it instead of uploading
 * the same file twice (Add A Product and the product editor).
 */
export function useUploadOnce() {
  const uploaded = useRef<{ file: File; url: string } | null>(null);
  return {
    /** The URL of `file` if it was uploaded already. */
    known: (file: File): string | null => (uploaded.current?.file === file ? uploaded.current.url : null),
    upload: async (file: File): Promise<string> => {
      const url = await uploadImage(file);
      uploaded.current = { file, url };
      return url;
    },
    forget: () => {
      uploaded.current = null;
    },
  };
}
