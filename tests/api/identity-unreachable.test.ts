// An identity provider that does not answer is not a verdict on the dealer's sign-in
// (server/auth/identity.ts): it is asked once more, then the answer is 503, never "sign in again" (401).
// A provider that answers with a refusal still gives 401.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseIdentity } from '../../server/auth/identity';
import { AppError, statusOf } from '../../server/errors';

/** A well-formed, unsigned emulator ID token for `projectId`: the emulator signs nothing. */
function emulatorToken(projectId: string): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: 'uid-1',
    sub: 'uid-1',
    iat: now,
    exp: now + 3600,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

/** A stand-in emulator answering every request with `status`; counts the requests. */
function fakeEmulator(status: number, body: object) {
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests += 1;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return {
    server,
    get requests() {
      return requests;
    },
  };
}

const verdict = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return error instanceof AppError ? `${statusOf(error.code)} ${error.code}` : `not an AppError: ${String(error)}`;
  }
};

describe('identity provider that does not answer', () => {
  const failing = fakeEmulator(500, { error: { code: 500, message: 'INTERNAL' } });
  const refusing = fakeEmulator(400, { error: { code: 400, message: 'USER_NOT_FOUND' } });
  const ports: number[] = [];
  beforeAll(async () => {
    for (const fake of [failing, refusing]) {
      await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
      ports.push((fake.server.address() as AddressInfo).port);
    }
  });
  afterAll(async () => {
    for (const fake of [failing, refusing]) await new Promise((resolve) => fake.server.close(resolve));
  });

  const identity = (projectId: string, port: number) =>
    firebaseIdentity({
      mode: 'emulator',
      projectId,
      apiKey: 'demo-api-key',
      authDomain: `${projectId}.firebaseapp.com`,
      emulatorHost: '127.0.0.1',
      emulatorPort: port,
    });

  it('answers 503 after asking twice when the provider fails', async () => {
    expect(await verdict(identity('demo-unreachable-500', ports[0] ?? 0).verifyIdToken(emulatorToken('demo-unreachable-500')))).toBe('503 unavailable');
    expect(failing.requests).toBe(2);
  });

  it('answers 503 when nothing listens where the provider should be', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await verdict(identity('demo-unreachable-closed', port).verifyIdToken(emulatorToken('demo-unreachable-closed')))).toBe('503 unavailable');
  });

  it('still answers 401 at once when the provider refuses', async () => {
    expect(await verdict(identity('demo-unreachable-400', ports[1] ?? 0).verifyIdToken(emulatorToken('demo-unreachable-400')))).toBe('401 unauthorized');
    expect(refusing.requests).toBe(1);
  });
});
