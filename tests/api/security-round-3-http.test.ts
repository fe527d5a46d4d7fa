// Security round 3, over HTTP: the attacks on connections and on what the API takes and gives back,
// replayed against the fix. A body sent a byte at a time, a body that stops halfway and a connection left
// idle are closed by the server's timeouts, while the live orders stream outlives them; an address
// holding `;` exports as one harmless cell; and an upper-case tool id means the same tool on every route.

import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config';
import type { Product } from '../../src/contract/product';
import { openEventStream } from '../helpers/event-stream';
import { placeOrder } from '../helpers/orders';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

/** Short limits, so that a connection they close is seen closed well within the test's wait. */
const SHORT: AppConfig['timeouts'] = { requestMs: 1500, headersMs: 1000, connectionMs: 60_000, keepAliveMs: 1000 };

interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** 'closed' once the server has closed the connection, 'still open' if it has not after ten seconds. */
  closedWithin10s: () => Promise<'closed' | 'still open after 10 s'>;
}

async function connect(t: TestApp): Promise<RawConnection> {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  // A connection the server resets is as closed as one it ends.
  socket.on('error', () => undefined);
  const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')));
  return {
    socket,
    received: () => received,
    closedWithin10s: () =>
      Promise.race([closed, new Promise<'still open after 10 s'>((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000))]),
  };
}

/** The head of an order with a body of `length` bytes, of which the caller sends the rest. */
function orderHead(dealer: TestUser, length: number): string {
  return `POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${dealer.auth.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('security round 3: slow and idle connections', () => {
  let t: TestApp;
  let dealer: TestUser;
  let admin: TestUser;
  const open: net.Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite', { timeouts: SHORT });
    [dealer, admin] = await Promise.all([t.createUser(), t.createUser({ admin: true })]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of open) socket.destroy();
    await t.close();
  });

  it('closes a connection that sends its body one byte at a time, with a 408', async () => {
    const c = await connect(t);
    open.push(c.socket);
    c.socket.write(orderHead(dealer, 400));
    // A byte every 200 ms: never idle long enough for an idle timeout, so only the request timeout ends it.
    const trickle = setInterval(() => c.socket.write(' '), 200);
    try {
      expect(await c.closedWithin10s()).toBe('closed');
    } finally {
      clearInterval(trickle);
    }
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /u);
    // The one error shape, with the security headers every answer carries.
    const [head = '', body = ''] = c.received().split('\r\n\r\n');
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(body)).toEqual({ error: { code: 'request_timeout', message: 'The request took too long to arrive. Please try again.' } });
  }, 20_000);

  it('closes a connection whose body stops halfway', async () => {
    const c = await connect(t);
    open.push(c.socket);
    c.socket.write(`${orderHead(dealer, 400)}{"productId":`);
    expect(await c.closedWithin10s()).toBe('closed');
  }, 20_000);

  it('closes a connection that never sends a request', async () => {
    const c = await connect(t);
    open.push(c.socket);
    expect(await c.closedWithin10s()).toBe('closed');
  }, 20_000);

  it('closes a kept-alive connection once it is idle after its answer', async () => {
    const c = await connect(t);
    open.push(c.socket);
    c.socket.write('GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(await c.closedWithin10s()).toBe('closed');
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 /u);
  }, 20_000);

  it('keeps the live orders stream open long past the request timeout', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/orders/events`, admin.auth);
    try {
      expect(stream.status).toBe(200);
      expect((await stream.next()).event).toBe('ready');
      // The request timeout limits how long a request takes to arrive, not how long its answer lasts.
      await wait(3 * SHORT.requestMs);
      const productId = await t.createProduct({ available: 100, minOrder: 1, price: 10 });
      const orderId = await placeOrder(t, dealer, { productId, orderQuantity: 1 });
      const placed = await stream.next();
      expect(placed.event).toBe('order');
      expect(JSON.parse(placed.data)).toMatchObject({ id: orderId, kind: 'placed' });
    } finally {
      stream.close();
    }
  }, 20_000);
});

describe('security round 3: a connection that goes quiet mid-request', () => {
  let t: TestApp;
  let dealer: TestUser;
  const open: net.Socket[] = [];

  beforeAll(async () => {
    // A request timeout far off: only the connection's idle timeout can end this one.
    t = await createTestApp('pglite', { timeouts: { requestMs: 120_000, headersMs: 60_000, connectionMs: 1000, keepAliveMs: 60_000 } });
    dealer = await t.createUser();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of open) socket.destroy();
    await t.close();
  });

  it('is closed once it has sent nothing for the connection timeout', async () => {
    const c = await connect(t);
    open.push(c.socket);
    c.socket.write(`${orderHead(dealer, 400)}{"productId":`);
    expect(await c.closedWithin10s()).toBe('closed');
  }, 20_000);
});

describeEachDatabase('security round 3: CSV and ids', (kind) => {
  const {
    t,
    users: { admin, dealer },
  } = useTestApp(kind, { users: { admin: { admin: true }, dealer: {} } });

  it('exports an address holding `;` as one cell, with no cell after a `;` starting as a formula', async () => {
    const tool = await t.createProduct({ name: 'Semicolon Router', price: 20, available: 100, minOrder: 1 });
    await placeOrder(t, dealer, { productId: tool, orderQuantity: 1, userAddress: "Main St 1;=cmd|' /C calc'!A0;Springfield" });
    const res = await t.app.inject({ url: '/api/orders/export?q=Semicolon', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const row = res.body.trimEnd().split('\r\n')[1] ?? '';
    expect(row).toContain(`,"Main St 1;'=cmd|' /C calc'!A0;Springfield",`);
    // What a spreadsheet whose list separator is `;` makes of the row, whatever the quotes say.
    for (const cell of row.split(';')) expect(cell.replace(/^"/u, '')).not.toMatch(/^[=+\-@\t\r]/u);
  });

  it('takes an upper-case tool id as the same tool on the product route, an order and a bulk order line', async () => {
    const tool = await t.createProduct({ name: 'Upper Case Sander', price: 30, available: 100, minOrder: 1 });
    const upper = tool.toUpperCase();

    const product = await t.app.inject({ url: `/api/products/${upper}` });
    expect(product.statusCode).toBe(200);
    expect((product.json() as Product)._id).toBe(tool);

    const single = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: dealer.auth,
      payload: { productId: upper, orderQuantity: 2, userAddress: '4 Mill Lane, Sheffield', userPhone: '+44 114 496 0000', clientOrderId: randomUUID() },
    });
    expect(single.statusCode).toBe(201);

    const bulk = (lines: { productId: string; quantity: number }[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: dealer.auth,
        payload: { lines, userAddress: '4 Mill Lane, Sheffield', userPhone: '+44 114 496 0000', clientOrderId: randomUUID().toUpperCase() },
      });
    const placed = await bulk([{ productId: upper, quantity: 3 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { insertedId: string }).insertedId;
    const order = await t.app.inject({ url: `/api/order/${orderId.toUpperCase()}`, headers: dealer.auth });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({ _id: orderId, lines: [{ productId: tool, quantity: 3 }] });

    // One tool is one line, however its id is written.
    const twice = await bulk([
      { productId: upper, quantity: 1 },
      { productId: tool, quantity: 1 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      error: { code: 'invalid_data', message: expect.stringContaining('Each tool may appear on one line only') as unknown },
    });
  });
});
