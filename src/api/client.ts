// THE typed API client: base URL, bearer token, one error type. It never shows toasts or navigates.

import * as v from 'valibot';
import { ErrorBodySchema } from '../contract/errors';
import { ApiError, NetworkError } from './errors';

export const API_BASE = '/api';
export const ACCESS_TOKEN_KEY = 'accessToken';

export function getAccessToken(): string | null {
  try {
    // The service worker also uses this client (sending the outbox) and has no localStorage.
    return (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage?.getItem(ACCESS_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export interface RequestOptions<TSchema extends v.GenericSchema | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send `Authorization: Bearer <accessToken>`; a string sends that token instead. */
  auth?: boolean | string;
  /** Validates the answer; a mismatch is an ApiError, not a crash deeper in a screen. */
  schema?: TSchema;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined>;
}

type Result<TSchema> = TSchema extends v.GenericSchema ? v.InferOutput<TSchema> : unknown;

export async function apiRequest<TSchema extends v.GenericSchema | undefined = undefined>(
  path: string,
  options: RequestOptions<TSchema> = {},
): Promise<Result<TSchema>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = typeof options.auth === 'string' ? options.auth : options.auth ? getAccessToken() : null;
  if (options.auth && !token) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).flatMap(([k, val]) => (val === undefined ? [] : [[k, String(val)]]))).toString()}`
    : '';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${query}`, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, data);
    if (parsed.success) throw new ApiError(response.status, parsed.output.error.code, parsed.output.error.message, parsed.output.error.details);
    // A gateway or the service worker answered instead of our API.
    if (response.status >= 500 || response.status === 0) throw new NetworkError('The server could not be reached.');
    throw new ApiError(response.status, 'unknown', `The request failed (${response.status}).`);
  }
  if (!options.schema) return data as Result<TSchema>;
  const checked = v.safeParse(options.schema, data);
  if (!checked.success) throw new ApiError(response.status, 'bad_response', 'The server sent an answer this app does not understand.');
  return checked.output as Result<TSchema>;
}
