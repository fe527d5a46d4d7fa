// Files from the API (the invoice PDF): the same bearer token and error types as apiRequest, but the answer
// is kept as bytes. A plain link cannot carry the Authorization header, so the page fetches the file itself.

import * as v from 'valibot';
import { ErrorBodySchema } from '../contract/errors';
import { API_BASE, getAccessToken } from './client';
import { ApiError, NetworkError } from './errors';

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave it (Content-Disposition), if any. */
  filename: string | null;
}

export async function apiDownload(path: string): Promise<DownloadedFile> {
  const token = getAccessToken();
  if (!token) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: { authorization: `Bearer ${token}` } });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, await response.json().catch(() => null));
    if (parsed.success) throw new ApiError(response.status, parsed.output.error.code, parsed.output.error.message, parsed.output.error.details);
    if (response.status >= 500) throw new NetworkError('The server could not be reached.');
    throw new ApiError(response.status, 'unknown', `The download failed (${response.status}).`);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/u.exec(disposition)?.[1] ?? null };
}

/** Hands a downloaded file to the browser's own download, under its name. */
export function saveFile({ blob, filename }: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the bytes over; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
