// One error taxonomy mapped to HTTP status in one place.

import type { ErrorCode } from '../src/contract/errors';

const STATUS: Record<ErrorCode, number> = {
  invalid_data: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  price_changed: 409,
  out_of_stock: 409,
  below_minimum: 409,
  above_maximum: 409,
  not_pack_multiple: 409,
  unpaid_limit: 409,
  invalid_state: 409,
  payment_failed: 402,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/** The HTTP status of an error code: the only place the two are paired. */
export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }
}

export const invalid = (message: string, details?: unknown) => new AppError('invalid_data', message, details);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError('forbidden', message);
export const notFound = (what = 'That') => new AppError('not_found', `${what} was not found.`);
