// Closing the app (server/plugins/graceful-close.ts): an answer in flight is still given in full, it tells
// the client the connection closes, and the app is closed soon after instead of holding that connection
// open for the keep-alive timeout; a connection that never sent a request does not hold it either, nor one
// whose request is still arriving a byte at a time.

import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** 'closed' when the close resolves within ten seconds. */
const closedWithin10s = (closing: Promise<void>) =>
  Promise.race([closing.then(() => 'closed' as const), new Promise((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000))]);

describe('closing the app with a request in flight', () => {
  let t: TestApp | null = null;
  afterAll(async () => {
    await t?.close().catch(() => undefined);
  });

  it('answers it in full with Connection: close, then closes without waiting for the keep-alive timeout', async () => {
    t = await createTestApp('pglite');
    const dealer = await t.createUser({});
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    // A keep-alive request whose body is still being sent when the app starts closing.
    const body = JSON.stringify({ rating: 5, comment: 'Ordered while the server was closing.' });
    const agent = new http.Agent({ keepAlive: true });
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/reviews',
      agent,
      headers: { ...dealer.auth, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    });
    const answered = new Promise<Answer>((resolve, reject) => {
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const app = t;
    t = null;
    const closed = closedWithin10s(app.close());
    request.end(body.slice(5));
    const answer = await answered;
    expect(answer.connection).toBe('close');
    expect(answer.status).toBeLessThan(500);
    // Without the plugin the close waits for the keep-alive timeout (72 s) on the answered connection.
    expect(await closed).toBe('closed');
    agent.destroy();
  }, 30_000);

  it('drops a connection that has sent nothing, instead of waiting for its headers timeout', async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // A spare connection, as HTTP clients open ahead of the requests they expect.
    const spare = net.connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => spare.once('connect', resolve).once('error', reject));
    const ended = new Promise<void>((resolve) => spare.once('close', () => resolve()));

    const app = t;
    t = null;
    // Without the plugin the close waits for Node's headers timeout (60 s) on the silent connection.
    expect(await closedWithin10s(app.close())).toBe('closed');
    await ended;
    expect(spare.destroyed).toBe(true);
  }, 30_000);

  it('drops a connection still sending its body a byte at a time, instead of waiting for it to end', async () => {
    // A request timeout far longer than the wait below: the close, not the timeout, must end it.
    t = await createTestApp('pglite', { timeouts: { requestMs: 120_000, headersMs: 20_000, connectionMs: 60_000, keepAliveMs: 72_000 } });
    const dealer = await t.createUser({});
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const slow = net.connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => slow.once('connect', resolve).once('error', reject));
    slow.on('error', () => undefined);
    const arrived = new Promise((resolve) => t?.app.server.once('request', resolve));
    const ended = new Promise<void>((resolve) => slow.once('close', () => resolve()));
    // An order, which is read in full before anything answers it.
    slow.write(
      `POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${dealer.auth.authorization}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{`,
    );
    const trickle = setInterval(() => slow.write(' '), 200);
    await arrived;

    const app = t;
    t = null;
    try {
      // Without the plugin's deadline the close waits for the whole body: Node stops checking the request
      // timeout once the server is closing.
      expect(await closedWithin10s(app.close())).toBe('closed');
      await ended;
    } finally {
      clearInterval(trickle);
      slow.destroy();
    }
  }, 30_000);
});
