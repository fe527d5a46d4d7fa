// POST /api/images (admin): one picture as multipart field `image`; answers the stored picture's URL.

import { apiRequest } from '../../api/client';
import { ImageUploadResponseSchema } from '../../contract/product';

export async function uploadImage(file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const answer = await apiRequest('/images', { method: 'POST', auth: true, body: form, schema: ImageUploadResponseSchema, signal });
  return answer.data.url;
}
