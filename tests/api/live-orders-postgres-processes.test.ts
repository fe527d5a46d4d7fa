// Live orders across processes (decision 014): two real server processes on one PostgreSQL database. An
// order placed, paid and shipped through one reaches an admin's stream read from the other, within a
// second; each process listens on one connection however many streams it serves; and when that
// connection is cut, the process listens again and tells its streams to refetch.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { OrderEventSchema, OrdersCountEventSchema } from '../../src/contract/live-orders';
import { insertProduct } from '../../server/repositories/products';
import { openEventStream, type EventStream } from '../helpers/event-stream';
import { http } from '../helpers/http';
import { mintUser, type MintedUser } from '../helpers/minted-users';
import { orderBody } from '../helpers/orders';
import { usePostgresProcesses } from '../helpers/postgres-processes';
import type { ServerProcess } from '../helpers/server-process';
import { POSTGRES_SKIP_REASON } from '../helpers/use-test-app';
import '../setup/provided';

const PORTS = [3394, 3395] as const;
const SECRET = 'live-orders-processes-secret-long-enough-for-hs256';

const postgresUrl = inject('postgresUrl');
const postgresTemplate = inject('postgresTemplate');
const missing = !postgresUrl || !postgresTemplate;

describe.skipIf(missing)(`live orders from two server processes on one PostgreSQL database${missing ? ` (${POSTGRES_SKIP_REASON})` : ''}`, () => {
  const streams: EventStream[] = [];
  // Open streams must not keep a process from shutting down cleanly: the client's are closed first.
  const cluster = usePostgresProcesses({ ports: PORTS, secret: SECRET, beforeStop: () => streams.forEach((stream) => stream.close()) });
  let admin: MintedUser;
  let dealer: MintedUser;
  let productId = '';

  const [placing, watching] = [0, 1].map((i) => () => cluster.servers[i] as ServerProcess) as [() => ServerProcess, () => ServerProcess];

  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await cluster.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** Backends of the shop's database whose last statement was a LISTEN: the processes' listening connections. */
  const listeningBackends = () =>
    rows<{ pid: number }>(sql`select pid from pg_stat_activity where datname = ${cluster.databaseName} and pid <> pg_backend_pid() and query like 'LISTEN %'`);

  const watch = async () => {
    const stream = await openEventStream(`${watching().url}/api/orders/events`, admin.auth);
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect((await stream.next(5000)).event).toBe('ready');
    return stream;
  };
  /** The next order event (past any `resync`), and how long after `since` it arrived. */
  const nextOrder = async (stream: EventStream, since: number) => {
    const event = await stream.next(5000, (e) => e.event === 'resync');
    expect(event.event).toBe('order');
    return { ...v.parse(OrderEventSchema, JSON.parse(event.data)), afterMs: Date.now() - since };
  };

  beforeAll(async () => {
    admin = await mintUser(cluster.database.db, SECRET, { admin: true });
    dealer = await mintUser(cluster.database.db, SECRET);
    productId = await insertProduct(cluster.database.db, {
      name: 'Live Feed Angle Grinder',
      description: 'An angle grinder for the live orders test, with a side handle and a guard that turns without tools. '.repeat(2),
      imageUrl: `/uploads/${'d'.repeat(64)}.webp`,
      price: 89,
      available: 500,
      minOrder: 1,
    });
  });

  it('an order placed, paid and shipped on one process reaches a stream of the other within a second', async () => {
    const stream = await watch();
    let started = Date.now();
    const placed = await http<{ insertedId: string }>(placing().url, 'POST', '/api/orders', {
      auth: dealer.auth,
      body: orderBody({ productId, orderQuantity: 4 }),
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.insertedId;
    const first = await nextOrder(stream, started);

    const intent = await http<{ clientSecret: string }>(placing().url, 'POST', '/api/create-payment-intent', { auth: dealer.auth, body: { orderId } });
    expect(intent.status).toBe(200);
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
    const confirmed = await http<{ paymentIntent: { id: string } }>(placing().url, 'POST', '/api/sandbox/confirm', {
      auth: dealer.auth,
      body: { clientSecret: intent.body.clientSecret, card },
    });
    expect(confirmed.status).toBe(200);
    started = Date.now();
    const paying = await http(placing().url, 'PATCH', `/api/order/${orderId}`, { auth: dealer.auth, body: { transactionId: confirmed.body.paymentIntent.id } });
    expect(paying.status).toBe(200);
    const second = await nextOrder(stream, started);

    started = Date.now();
    const shipping = await http(placing().url, 'PATCH', `/api/orders/${orderId}`, { auth: admin.auth });
    expect(shipping.status).toBe(200);
    const third = await nextOrder(stream, started);

    expect([first, second, third].map(({ id, kind, status, paidWaiting }) => ({ id, kind, status, paidWaiting }))).toEqual([
      { id: orderId, kind: 'placed', status: 'Unpaid', paidWaiting: 0 },
      { id: orderId, kind: 'paid', status: 'Paid', paidWaiting: 1 },
      { id: orderId, kind: 'shipped', status: 'Shipped', paidWaiting: 0 },
    ]);
    // Measured from the request that made the change to the event on the other process.
    for (const event of [first, second, third]) expect(event.afterMs).toBeLessThan(1000);
    process.stdout.write(
      `live orders across processes: placed ${first.afterMs} ms, paid ${second.afterMs} ms, shipped ${third.afterMs} ms after the request\n`,
    );
  });

  it('each process listens on one connection, however many streams it serves', async () => {
    await Promise.all([watch(), watch(), watch()]);
    const other = await openEventStream(`${placing().url}/api/orders/events`, admin.auth);
    streams.push(other);
    await other.next(5000);
    expect(await listeningBackends()).toHaveLength(2);
  });

  it('listens again after its connection is cut, and tells its streams to refetch', async () => {
    const stream = await watch();
    const before = await listeningBackends();
    // Cut both processes' listening connections, as a database restart or a network drop would.
    await rows(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${cluster.databaseName} and pid <> pg_backend_pid() and query like 'LISTEN %'`,
    );
    // Once when the connection breaks and once more when it listens again: anything may have changed between.
    const resync = await stream.next(10_000);
    expect(resync.event).toBe('resync');
    expect(v.parse(OrdersCountEventSchema, JSON.parse(resync.data)).paidWaiting).toBe(0);
    await expect
      .poll(async () => (await listeningBackends()).map((b) => b.pid).filter((pid) => !before.some((old) => old.pid === pid)), { timeout: 10_000 })
      .toHaveLength(2);

    const started = Date.now();
    const placed = await http<{ insertedId: string }>(placing().url, 'POST', '/api/orders', {
      auth: dealer.auth,
      body: orderBody({ productId, orderQuantity: 1, clientOrderId: randomUUID() }),
    });
    expect(placed.status).toBe(201);
    const event = await nextOrder(stream, started);
    expect(event.id).toBe(placed.body.insertedId);
  });
});
