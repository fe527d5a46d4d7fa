// Plain words for a failed admin action. The API client throws typed errors; the screens decide.

import { ApiError, NetworkError } from '../../api/errors';

export function actionErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return 'The server could not be reached. Check the connection and try again.';
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The server no longer accepts this session (account deleted, token expired). */
export function isSessionRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
