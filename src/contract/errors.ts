// The one error shape of the API (docs/architecture.md, "Error model"): { error: { code, message, details? } }.

import * as v from 'valibot';

export const ERROR_CODES = [
  'invalid_data',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'price_changed',
  'out_of_stock',
  'below_minimum',
  'above_maximum',
  'not_pack_multiple',
  'unpaid_limit',
  'invalid_state',
  'payment_failed',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'headers_too_large',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBodySchema = v.object({
  error: v.object({
    code: v.string(),
    message: v.string(),
    details: v.optional(v.unknown()),
  }),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
