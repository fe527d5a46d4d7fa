import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors';
import errorHandler, { clientErrorAnswer } from '../../server/plugins/error-handler';

async function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  await app.register(errorHandler);
  app.get('/boom', async () => {
    throw error;
  });
  app.post('/echo', async (request) => request.body);
  return app;
}

describe('error handler', () => {
  it('maps every AppError kind to its status with the one error shape', async () => {
    const cases: [AppError, number][] = [
      [new AppError('invalid_data', 'bad'), 400],
      [new AppError('unauthorized', 'who'), 401],
      [new AppError('forbidden', 'no'), 403],
      [new AppError('not_found', 'gone'), 404],
      [new AppError('out_of_stock', 'empty', { product: { _id: 'x' } }), 409],
      [new AppError('rate_limited', 'slow'), 429],
    ];
    for (const [error, status] of cases) {
      const app = await appThrowing(error);
      const res = await app.inject('/boom');
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } });
    }
  });

  it('hides internal errors behind a generic 500 without stack or message', async () => {
    const app = await appThrowing(new Error('connection string postgres://secret@db leaked'));
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
    expect(res.body).not.toMatch(/secret|stack|at /u);
  });

  it('turns malformed JSON and a wrong content type into 4xx in the same shape', async () => {
    const app = await appThrowing(new Error('unused'));
    const bad = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid_data' } });
    const xml = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });
});

describe('answers before a request exists', () => {
  const headers: [string, string][] = [['x-content-type-options', 'nosniff']];
  const parse = (answer: string | null) => {
    const [head = '', body = ''] = (answer ?? '').split('\r\n\r\n');
    return { lines: head.split('\r\n'), body: JSON.parse(body) as unknown };
  };

  it('answers a request too slow to arrive with 408, headers too large with 431, other bytes with 400, in the one shape, and closes', () => {
    const timeout = parse(clientErrorAnswer({ code: 'ERR_HTTP_REQUEST_TIMEOUT' }, headers));
    expect(timeout.lines[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(timeout.lines).toEqual(
      expect.arrayContaining(['x-content-type-options: nosniff', 'connection: close', 'content-type: application/json; charset=utf-8']),
    );
    expect(timeout.body).toEqual({ error: { code: 'request_timeout', message: 'The request took too long to arrive. Please try again.' } });
    expect(parse(clientErrorAnswer({ code: 'HPE_HEADER_OVERFLOW' }, headers)).lines[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    const garbage = parse(clientErrorAnswer({ code: 'HPE_INVALID_METHOD' }, headers));
    expect(garbage.lines[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(garbage.body).toEqual({ error: { code: 'invalid_data', message: 'The request is not valid HTTP.' } });
    const length = Number(garbage.lines.find((line) => line.startsWith('content-length: '))?.slice(16));
    expect(length).toBe(Buffer.byteLength(JSON.stringify(garbage.body)));
  });

  it('answers nothing to a client that is gone', () => {
    expect(clientErrorAnswer({ code: 'ECONNRESET' }, headers)).toBeNull();
  });
});
