// Concurrency across processes (docs/architecture.md, "Request flow"): two real server processes share one
// PostgreSQL database, and the races are driven over HTTP, half through each process. Stock, the
// clientOrderId key and the order state machine must hold with nothing shared but the database.

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { orderLines, orders, products } from '../../server/db/schema';
import { findOrder } from '../../server/repositories/orders';
import { markOrderPaid } from '../../server/services/orders';
import { findProduct, insertProduct } from '../../server/repositories/products';
import { http, type HttpAnswer } from '../helpers/http';
import { mintUser, type MintedUser } from '../helpers/minted-users';
import { orderBody } from '../helpers/orders';
import { usePostgresProcesses } from '../helpers/postgres-processes';
import type { ServerProcess } from '../helpers/server-process';
import '../setup/provided';

const PORTS = [3371, 3372] as const;
const SECRET = 'concurrency-secret-that-is-long-enough-for-hs256';

const postgresUrl = inject('postgresUrl');

describe('two server processes on one PostgreSQL database', () => {
  const cluster = usePostgresProcesses({ ports: PORTS, secret: SECRET, env: { RATE_LIMIT_ORDERS_PER_MINUTE: '60000', RATE_LIMIT_TOKEN_PER_MINUTE: '60000' } });
  let admin: MintedUser;

  /** The base URL of one of the two processes, alternating by index. */
  const via = (i: number) => (cluster.servers[i % cluster.servers.length] as ServerProcess).url;

  const newProduct = (available: number, price = 10) =>
    insertProduct(cluster.database.db, {
      name: 'Race Impact Driver',
      description: 'R'.repeat(160),
      imageUrl: `/uploads/${'e'.repeat(64)}.webp`,
      price,
      available,
      minOrder: 1,
    });

  const ordersOf = async (productId: string) =>
    cluster.database.db
      .select({ id: orders.id, quantity: orderLines.quantity, status: orders.status })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.productId, productId));

  beforeAll(async () => {
    if (!postgresUrl) return;
    admin = await mintUser(cluster.database.db, SECRET, { admin: true });
  });

  it.runIf(postgresUrl)(
    'sells exactly 37 units to 200 buyers racing for a stock of 37, never below zero',
    async () => {
      const productId = await newProduct(37);
      const buyers = await Promise.all(Array.from({ length: 200 }, () => mintUser(cluster.database.db, SECRET)));
      const answers = await Promise.all(
        buyers.map((buyer, i) =>
          http<{ insertedId?: string; error?: { code: string } }>(via(i), 'POST', '/api/orders', {
            auth: buyer.auth,
            body: orderBody({ productId, orderQuantity: 1 }),
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(37);
      expect(statuses.filter((s) => s === 409)).toHaveLength(163);
      expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error?.code))).toEqual(new Set(['out_of_stock']));
      // Both processes took part in the sale.
      expect(new Set(answers.flatMap((a, i) => (a.status === 201 ? [i % 2] : []))).size).toBe(2);

      const stored = await ordersOf(productId);
      expect(stored).toHaveLength(37);
      expect(stored.reduce((sum, o) => sum + o.quantity, 0)).toBe(37);
      expect((await findProduct(cluster.database.db, productId))?.available).toBe(0);
      const [lowest] = await cluster.database.db.select({ min: sql<number>`min(${products.available})::int` }).from(products);
      expect(lowest?.min).toBeGreaterThanOrEqual(0);
    },
    120_000,
  );

  it.runIf(postgresUrl)(
    'turns one clientOrderId sent 20 times at once through both processes into one order',
    async () => {
      const productId = await newProduct(500);
      const dealer = await mintUser(cluster.database.db, SECRET);
      const body = orderBody({ productId, orderQuantity: 7, clientOrderId: randomUUID() });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => http<{ insertedId: string }>(via(i), 'POST', '/api/orders', { auth: dealer.auth, body })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([...Array<number>(19).fill(200), 201].sort());
      expect(new Set(answers.map((a) => a.body.insertedId)).size).toBe(1);
      const stored = await ordersOf(productId);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.id).toBe(answers[0]?.body.insertedId);
      expect((await findProduct(cluster.database.db, productId))?.available).toBe(493);
    },
    120_000,
  );

  it.runIf(postgresUrl)(
    'leaves each order in exactly one valid state when ship, pay and delete race on it',
    async () => {
      const initial = 1000;
      const productId = await newProduct(initial, 12);
      const dealer = await mintUser(cluster.database.db, SECRET);
      const ids: string[] = [];
      for (let i = 0; i < 24; i += 1) {
        const placed = await http<{ insertedId: string }>(via(i), 'POST', '/api/orders', {
          auth: dealer.auth,
          body: orderBody({ productId, orderQuantity: 1 + (i % 5) }),
        });
        expect(placed.status).toBe(201);
        ids.push(placed.body.insertedId);
      }
      // Half are Paid before the race (payment itself is tested elsewhere): ship and delete race on them.
      const paidFirst = new Set(ids.filter((_, i) => i % 2 === 0));
      for (const id of paidFirst) await markOrderPaid(cluster.database.db, id, `pi_race_${id.slice(0, 8)}`);
      // The other half hold a succeeded sandbox payment: pay, ship and delete all race on them.
      const payments = new Map<string, string>();
      for (const id of ids.filter((i) => !paidFirst.has(i))) {
        const intent = await http<{ clientSecret: string }>(via(0), 'POST', '/api/create-payment-intent', { auth: dealer.auth, body: { orderId: id } });
        const confirmed = await http<{ paymentIntent?: { id: string } }>(via(1), 'POST', '/api/sandbox/confirm', {
          auth: dealer.auth,
          body: {
            clientSecret: intent.body.clientSecret,
            card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
          },
        });
        payments.set(id, confirmed.body.paymentIntent?.id ?? '');
      }

      const raced = await Promise.all(
        ids.map(async (id, i) => {
          const txn = payments.get(id);
          const [ship, remove, pay] = await Promise.all([
            http(via(i), 'PATCH', `/api/orders/${id}`, { auth: admin.auth }),
            http(via(i + 1), 'DELETE', `/api/orders/${id}`, { auth: dealer.auth }),
            txn ? http(via(i), 'PATCH', `/api/order/${id}`, { auth: dealer.auth, body: { transactionId: txn } }) : Promise.resolve(null),
          ]);
          return { id, ship, remove, pay, final: await findOrder(cluster.database.db, id) };
        }),
      );

      const ok = (a: HttpAnswer | null) => a?.status === 200;
      for (const { id, ship, remove, pay, final } of raced) {
        const answers = [ship, remove, pay].filter((a): a is HttpAnswer => a !== null);
        for (const a of answers) expect([200, 404, 409], `${id}: ${JSON.stringify(a.body)}`).toContain(a.status);
        if (paidFirst.has(id)) {
          expect([ship.status, remove.status, final?.status]).toEqual([200, 409, 'Shipped']);
          continue;
        }
        // Deleted or paid, never both; shipped only if paid first; the row says exactly what the answers said.
        expect(ok(remove) !== ok(pay), id).toBe(true);
        if (ok(remove)) {
          expect(final, id).toBeNull();
          expect(ok(ship), id).toBe(false);
        } else {
          expect(final?.status, id).toBe(ok(ship) ? 'Shipped' : 'Paid');
          expect(final?.transactionId, id).toBe(payments.get(id));
        }
      }
      const remaining = await ordersOf(productId);
      expect(remaining.length).toBe(raced.filter((r) => r.final !== null).length);
      expect((await findProduct(cluster.database.db, productId))?.available).toBe(initial - remaining.reduce((sum, o) => sum + o.quantity, 0));
    },
    120_000,
  );
});
