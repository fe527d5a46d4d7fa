// The security headers are computed once by helmet; every answer (routes, 404s, errors) must carry
// exactly the headers helmet itself would set for the same options.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import securityHeaders, { helmetOptions } from '../../server/plugins/security-headers';
import { testConfig } from '../helpers/test-config';

const config = testConfig(9099);

/** What helmet sets when it runs as plain middleware on a real response. */
async function helmetReference(options: ReturnType<typeof helmetOptions>): Promise<Record<string, string>> {
  const server: Server = createServer((req, res) => {
    helmet(options)(req, res, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers', () => {
  const app = Fastify({ logger: false });
  let reference: Record<string, string>;

  beforeAll(async () => {
    reference = await helmetReference(helmetOptions(config));
    await app.register(securityHeaders, { config });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('sets every header helmet sets, with the same values', async () => {
    expect(reference['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(reference['x-content-type-options']).toBe('nosniff');
    for (const url of ['/ok', '/missing', '/boom']) {
      const res = await app.inject({ url });
      for (const [name, value] of Object.entries(reference)) expect(res.headers[name], `${url}: ${name}`).toBe(value);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends HSTS in production only', async () => {
    const production = await helmetReference(helmetOptions({ ...config, env: 'production' }));
    expect(production['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(reference['strict-transport-security']).toBeUndefined();
  });
});
