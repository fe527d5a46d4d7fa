// The one place errors become HTTP answers: { error: { code, message, details? } }.

import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '../../src/contract/errors';
import { gtinMessages } from '../../src/contract/gtin';
import { AppError, statusOf } from '../errors';

interface Mapped {
  status: number;
  code: ErrorCode;
  message: string;
  details?: unknown;
}

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_data', message: 'The request body length is wrong.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_data', message: 'Send a JSON object in the request body.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_data', message: 'The request body is not valid JSON.' },
  FST_ERR_VALIDATION: { code: 'invalid_data', message: 'The request is not valid.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'unsupported_media_type', message: 'Send the image as multipart/form-data.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', message: 'The image is larger than 5 MB.' },
  FST_FILES_LIMIT: { code: 'invalid_data', message: 'Send one image at a time.' },
  FST_PARTS_LIMIT: { code: 'invalid_data', message: 'Send one image at a time.' },
  FST_FIELDS_LIMIT: { code: 'invalid_data', message: 'Send only the image field.' },
  FST_PROTO_VIOLATION: { code: 'invalid_data', message: 'The request body has a forbidden key.' },
};

export function mapError(error: unknown): Mapped {
  if (error instanceof AppError) {
    return { status: error.status, code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) };
  }
  // A unique index refused a write the checks let through (two admins giving two tools one SKU at once).
  const pg =
    (error as { cause?: { code?: string; constraint?: string }; code?: string; constraint?: string }).cause ??
    (error as { code?: string; constraint?: string });
  if (pg.code === '23505' && pg.constraint === 'products_gtin_key') {
    return { status: statusOf('conflict'), code: 'conflict', message: gtinMessages.taken };
  }
  if (pg.code === '23505' && pg.constraint === 'products_sku_key') {
    return { status: statusOf('conflict'), code: 'conflict', message: 'That SKU is already used by another tool.' };
  }
  const fe = error as Partial<FastifyError> & { statusCode?: number };
  const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (known) return { status: statusOf(known.code), ...known };
  if (error instanceof SyntaxError || (fe.statusCode === 400 && /JSON|proto|constructor/iu.test(fe.message ?? ''))) {
    return { status: 400, code: 'invalid_data', message: 'The request body is not valid JSON.' };
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const byStatus: Partial<Record<number, ErrorCode>> = { 404: 'not_found', 413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'rate_limited' };
    const code: ErrorCode = byStatus[fe.statusCode] ?? 'invalid_data';
    const status = statusOf(code);
    return { status, code, message: status === 429 ? 'Too many requests. Please wait a moment and try again.' : 'The request is not valid.' };
  }
  return { status: 500, code: 'internal', message: 'Something went wrong on our side. Please try again.' };
}

/** Node's parser errors before a request exists: a request too slow to arrive, headers too large, bytes that are no HTTP. */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', message: 'The request took too long to arrive. Please try again.' },
  HPE_HEADER_OVERFLOW: { code: 'headers_too_large', message: 'The request headers are too large.' },
};

/**
 * The raw HTTP answer to an error Node's parser met before Fastify had a request (the server's
 * `clientErrorHandler`): the one error shape with the security headers, and the connection closed after it.
 * Null when the client is gone anyway.
 */
export function clientErrorAnswer(error: { code?: string }, headers: readonly [string, string][]): string | null {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return null;
  const { code, message } = (error.code ? CLIENT_ERRORS[error.code] : undefined) ?? {
    code: 'invalid_data' as const,
    message: 'The request is not valid HTTP.',
  };
  const status = statusOf(code);
  const body = JSON.stringify({ error: { code, message } });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: mapped.code, status: mapped.status }, mapped.message);
    const body = { error: { code: mapped.code, message: mapped.message, ...(mapped.details === undefined ? {} : { details: mapped.details }) } };
    return reply.status(mapped.status).type('application/json; charset=utf-8').send(body);
  });
});
