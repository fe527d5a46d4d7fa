// Benchmark 2: authenticated POST /api/orders on PostgreSQL at 50 connections, against a baseline that
// runs the same stock UPDATE and order INSERT transaction straight through `pg`, in the same run.
// Afterwards the stock and the orders must add up, with no duplicate clientOrderId.

import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { BaselinePlan, BaselineResult } from './lib/orders-baseline';
import type { Customer } from './lib/customers';
import { runBaselineChild } from './lib/baseline-child';
import { alternateRounds, baselineUser, startOrderBench } from './lib/order-bench';
import { cpuMillis, type Server } from './lib/processes';
import { check, median, round, skipped, type Benchmark, type BenchContext, type BenchOutcome } from './lib/report';

const CONNECTIONS = 50;
const CUSTOMERS = 10;
/** The API's pool size (server/db/client.ts); the baseline gets the same. */
const POOL_SIZE = 10;
const STOCK = 10_000_000;
const WARMUP_SECONDS = 2;
const ROUND_SECONDS = 5;
const ROUNDS = 3;
const RATIO_BUDGET = 0.5;

interface PlannedProduct {
  id: string;
  quantity: number;
  price: number;
}

interface ServerRound {
  orders: number;
  ordersPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** API process CPU per acknowledged order, in microseconds. */
  cpuMicrosPerOrder: number | null;
}

async function loadServer(server: Server, customers: Customer[], products: PlannedProduct[], seconds: number): Promise<ServerRound> {
  let next = 0;
  const cpuBefore = cpuMillis(server.pid);
  const result = await autocannon({
    url: `${server.baseUrl}/api/orders`,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          next += 1;
          const customer = customers[next % customers.length];
          const product = products[Math.floor(Math.random() * products.length)];
          if (!customer || !product) throw new Error('nothing to order');
          return {
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              productId: product.id,
              orderQuantity: product.quantity,
              userAddress: '1 Bench Street, Springfield',
              userPhone: '+1 555 0100',
              clientOrderId: randomUUID(),
              totalPrice: product.quantity * product.price,
            }),
          };
        },
      },
    ],
  });
  const cpuAfter = cpuMillis(server.pid);
  return {
    cpuMicrosPerOrder: cpuBefore !== null && cpuAfter !== null && result['2xx'] > 0 ? ((cpuAfter - cpuBefore) * 1000) / result['2xx'] : null,
    orders: result['2xx'],
    ordersPerSec: result['2xx'] / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function runBaseline(plan: BaselinePlan, dir: string): Promise<BaselineResult> {
  return runBaselineChild<BaselineResult>('bench/lib/orders-baseline.ts', plan, dir);
}

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  if (ctx.postgres.url === null) return skipped(`PostgreSQL: ${ctx.postgres.reason}`);
  ctx.log('  starting the server on a throwaway PostgreSQL database');
  const bench = await startOrderBench(ctx.postgres.url, { name: 'orders', customers: CUSTOMERS });
  try {
    const { dataDir, database, server, sql, customers } = bench;
    // Plenty of stock for every product, so nothing is refused for lack of it during the run.
    await sql.query('update products set available = $1', [STOCK]);
    const catalogue = (await (await fetch(`${server.baseUrl}/api/products`)).json()) as { _id: string; price: number; minOrderQnt: number }[];
    const products: PlannedProduct[] = catalogue.map((p) => ({ id: p._id, quantity: p.minOrderQnt, price: p.price }));

    const probe = await fetch(`${server.baseUrl}/api/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customers[0]?.token ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        productId: products[0]?.id,
        orderQuantity: products[0]?.quantity,
        userAddress: '1 Bench Street, Springfield',
        userPhone: '+1 555 0100',
        clientOrderId: randomUUID(),
      }),
    });
    if (probe.status === 404) return skipped('POST /api/orders does not exist yet (404)');
    if (probe.status !== 201) throw new Error(`POST /api/orders answered ${probe.status}: ${await probe.text()}`);

    const user = await baselineUser(bench);
    const plan = (seconds: number): BaselinePlan => ({ databaseUrl: database.url, seconds, concurrency: CONNECTIONS, poolSize: POOL_SIZE, user, products });

    ctx.log(`  warming up, then ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each`);
    const warm = await loadServer(server, customers, products, WARMUP_SECONDS);
    const warmBaseline = await runBaseline(plan(WARMUP_SECONDS), dataDir);
    const { server: serverRounds, baseline: baselineRounds } = await alternateRounds(
      ROUNDS,
      () => loadServer(server, customers, products, ROUND_SECONDS),
      () => runBaseline(plan(ROUND_SECONDS), dataDir),
    );

    // Bookkeeping: every unit that left the shelf is in exactly one order, and every order was counted.
    const stock = await sql.query<{ id: string; available: number; sold: string | null; orders: string }>(
      `select p.id, p.available, sum(l.quantity) as sold, count(l.order_id) as orders
         from products p left join order_lines l on l.product_id = p.id group by p.id, p.available`,
    );
    const mismatched = stock.rows.filter((r) => STOCK - r.available !== Number(r.sold ?? 0));
    const ordersInDb = stock.rows.reduce((n, r) => n + Number(r.orders), 0);
    const acknowledged =
      1 + warm.orders + warmBaseline.orders + serverRounds.reduce((n, r) => n + r.orders, 0) + baselineRounds.reduce((n, r) => n + r.orders, 0);
    const dup = await sql.query<{ n: string }>('select count(*) - count(distinct (user_email, client_order_id)) as n from orders');
    const duplicates = Number(dup.rows[0]?.n ?? 0);
    const negative = stock.rows.filter((r) => r.available < 0).length;

    const serverRate = median(serverRounds.map((r) => r.ordersPerSec));
    const baselineRate = median(baselineRounds.map((r) => r.orders / r.seconds));
    const ratio = serverRate / baselineRate;
    const cpus = serverRounds.map((r) => r.cpuMicrosPerOrder).filter((c): c is number => c !== null);
    const cpuPerOrder = cpus.length > 0 ? median(cpus) : null;
    // autocannon stops counting when its time is up; requests still in flight then (at most one per
    // connection and run) may still be completed by the server. They are stored but not acknowledged.
    const runs = 1 + ROUNDS;
    const unacknowledged = ordersInDb - acknowledged;
    const consistent = mismatched.length === 0 && unacknowledged >= 0 && unacknowledged <= CONNECTIONS * runs && duplicates === 0 && negative === 0;
    const notes: string[] = [];
    const refusedByServer = serverRounds.reduce((n, r) => n + r.non2xx + r.errors, 0);
    if (refusedByServer > 0) notes.push(`the server refused or failed ${refusedByServer} order requests under load`);
    if (!consistent) {
      notes.push(
        `bookkeeping mismatch: ${mismatched.length} products whose stock does not match their orders, ${ordersInDb} orders stored vs ${acknowledged} acknowledged (at most ${CONNECTIONS * runs} may be answered after the load stops), ${duplicates} duplicates, ${negative} negative stocks`,
      );
    }
    return {
      status: 'measured',
      tables: [
        {
          title: `Orders on PostgreSQL, ${CONNECTIONS} concurrent callers, pool of ${POOL_SIZE}, ${products.length} products, median of ${ROUNDS} x ${ROUND_SECONDS} s`,
          columns: ['target', 'orders/s', 'p50 ms', 'p99 ms', 'ratio', 'API CPU us/order'],
          rows: [
            [
              'POST /api/orders',
              round(serverRate, 0),
              median(serverRounds.map((r) => r.p50)),
              median(serverRounds.map((r) => r.p99)),
              round(ratio, 2),
              cpuPerOrder === null ? null : round(cpuPerOrder, 0),
            ],
            ['pg transaction', round(baselineRate, 0), null, null, null, null],
          ],
        },
        {
          title: 'Bookkeeping after the run',
          columns: [
            'orders stored',
            'acknowledged',
            'answered after the load stopped',
            'products whose stock adds up',
            'duplicate clientOrderIds',
            'negative stock',
          ],
          rows: [[ordersInDb, acknowledged, unacknowledged, `${stock.rows.length - mismatched.length} of ${stock.rows.length}`, duplicates, negative]],
        },
      ],
      budgets: [
        check(`orders/s ratio to the pg transaction >= ${RATIO_BUDGET}`, ratio, '', ratio >= RATIO_BUDGET),
        { budget: 'stock and orders add up, no duplicates', actual: consistent ? 'yes' : 'no', met: consistent },
      ],
      data: {
        connections: CONNECTIONS,
        poolSize: POOL_SIZE,
        customers: CUSTOMERS,
        serverRate,
        baselineRate,
        ratio,
        serverRounds,
        baselineRounds,
        ordersInDb,
        acknowledged,
        duplicates,
        mismatched: mismatched.length,
      },
      notes,
    };
  } finally {
    await bench.close();
  }
}

export const ordersBenchmark: Benchmark = { id: 'orders', title: 'Order placement (PostgreSQL)', run };
