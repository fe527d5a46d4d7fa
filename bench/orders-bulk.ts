// Benchmark: 20-line bulk orders per second through POST /api/orders on PostgreSQL, against a baseline
// that does the same 20 stock updates and the order and line inserts straight through `pg`, in the same
// run; then orders of the most lines one order holds (MAX_ORDER_LINES, 1,000), whose 99th-percentile time
// must stay under a second, beside the same 1,000 updates and inserts through `pg`. Afterwards every
// tool's stock must equal its starting stock less the pieces on order lines, and every order's total the
// sum of its lines.

import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { MAX_ORDER_LINES } from '../src/contract/constants';
import type { Customer } from './lib/customers';
import type { BulkBaselinePlan, BulkBaselineResult } from './lib/orders-bulk-baseline';
import { runBaselineChild } from './lib/baseline-child';
import { alternateRounds, baselineUser, startOrderBench } from './lib/order-bench';
import type { Server } from './lib/processes';
import { check, median, round, skipped, type Benchmark, type BenchContext, type BenchOutcome } from './lib/report';

const CONNECTIONS = 20;
const CUSTOMERS = 10;
/** The API's pool size (server/db/client.ts); the baseline gets the same. */
const POOL_SIZE = 10;
const LINES = 20;
const TOOLS = 40;
const STOCK = 10_000_000;
const ROUND_SECONDS = 5;
const ROUNDS = 3;
const RATIO_BUDGET = 0.5;
/** The largest order: as many lines as one order holds, from as many tools, by a few dealers at once. */
const LARGE_LINES = MAX_ORDER_LINES;
const LARGE_CONNECTIONS = 2;
const LARGE_SECONDS = 10;
const LARGE_P99_BUDGET_MS = 1000;

interface Tool {
  id: string;
  quantity: number;
}

function pick(tools: Tool[], lines: number): Tool[] {
  return [...tools].sort(() => Math.random() - 0.5).slice(0, lines);
}

async function loadServer(server: Server, customers: Customer[], tools: Tool[], seconds: number, lines = LINES, connections = CONNECTIONS) {
  let next = 0;
  const result = await autocannon({
    url: `${server.baseUrl}/api/orders`,
    connections,
    pipelining: 1,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          next += 1;
          const customer = customers[next % customers.length];
          if (!customer) throw new Error('no customer');
          return {
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              lines: pick(tools, lines).map((t) => ({ productId: t.id, quantity: t.quantity })),
              userAddress: '1 Bench Street, Springfield',
              userPhone: '+1 555 0100',
              clientOrderId: randomUUID(),
            }),
          };
        },
      },
    ],
  });
  return {
    orders: result['2xx'],
    ordersPerSec: result['2xx'] / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

function runBaseline(plan: BulkBaselinePlan, dir: string): Promise<BulkBaselineResult> {
  return runBaselineChild<BulkBaselineResult>('bench/lib/orders-bulk-baseline.ts', plan, dir);
}

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  if (ctx.postgres.url === null) return skipped(`PostgreSQL: ${ctx.postgres.reason}`);
  ctx.log('  starting the server on a throwaway PostgreSQL database');
  const bench = await startOrderBench(ctx.postgres.url, { name: 'orders-bulk', customers: CUSTOMERS });
  try {
    const { dataDir, database, server, sql, customers } = bench;
    for (let i = 0; i < TOOLS; i += 1) {
      await sql.query(`insert into products (name, sku, description, image_url, price, available, min_order) values ($1, $2, $3, $4, $5, $6, 1)`, [
        `Bench Tool ${i}`,
        `BENCH-${String(i).padStart(4, '0')}`,
        'B'.repeat(160),
        `/uploads/${'b'.repeat(64)}.webp`,
        10 + i,
        STOCK,
      ]);
    }
    const rows = await sql.query<{ id: string }>('select id from products where name like $1', ['Bench Tool %']);
    const tools: Tool[] = rows.rows.map((r, i) => ({ id: r.id, quantity: 1 + (i % 4) }));
    await sql.query(
      `insert into products (name, sku, description, image_url, price, available, min_order)
       select 'Bench Large Tool ' || g, 'BENCH-L-' || lpad(g::text, 4, '0'), repeat('B', 160), '/uploads/' || repeat('b', 64) || '.webp', 1 + g % 20, $1, 1
         from generate_series(1, $2::int) g`,
      [STOCK, LARGE_LINES],
    );
    const largeRows = await sql.query<{ id: string }>('select id from products where name like $1', ['Bench Large Tool %']);
    const largeTools: Tool[] = largeRows.rows.map((r, i) => ({ id: r.id, quantity: 1 + (i % 3) }));

    const user = await baselineUser(bench);
    const plan = (seconds: number): BulkBaselinePlan => ({
      databaseUrl: database.url,
      seconds,
      concurrency: CONNECTIONS,
      poolSize: POOL_SIZE,
      linesPerOrder: LINES,
      user,
      products: tools,
    });

    ctx.log(`  warming up, then ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each`);
    await loadServer(server, customers, tools, 2);
    await runBaseline(plan(2), dataDir);
    const { server: serverRounds, baseline: baselineRounds } = await alternateRounds(
      ROUNDS,
      () => loadServer(server, customers, tools, ROUND_SECONDS),
      () => runBaseline(plan(ROUND_SECONDS), dataDir),
    );

    ctx.log(`  ${LARGE_LINES}-line orders: ${LARGE_CONNECTIONS} callers, ${LARGE_SECONDS} s against the server, then ${LARGE_SECONDS} s through pg`);
    const largePlan = (seconds: number): BulkBaselinePlan => ({
      ...plan(seconds),
      concurrency: LARGE_CONNECTIONS,
      linesPerOrder: LARGE_LINES,
      products: largeTools,
    });
    await loadServer(server, customers, largeTools, 2, LARGE_LINES, LARGE_CONNECTIONS);
    await runBaseline(largePlan(2), dataDir);
    const large = await loadServer(server, customers, largeTools, LARGE_SECONDS, LARGE_LINES, LARGE_CONNECTIONS);
    const largeBaseline = await runBaseline(largePlan(LARGE_SECONDS), dataDir);

    const stock = await sql.query<{ available: number; sold: string | null }>(
      `select p.available, (select sum(l.quantity) from order_lines l where l.product_id = p.id) as sold from products p where p.name like 'Bench %'`,
    );
    const mismatched = stock.rows.filter((r) => STOCK - r.available !== Number(r.sold ?? 0)).length;
    const totals = await sql.query<{ n: string }>(
      `select count(*) as n from (select o.id from orders o join order_lines l on l.order_id = o.id group by o.id, o.total_minor having o.total_minor <> sum(l.line_total_minor)) x`,
    );
    const wrongTotals = Number(totals.rows[0]?.n ?? 0);
    const lineCounts = await sql.query<{ n: string }>(
      `select count(*) as n from (select order_id from order_lines group by order_id having count(*) not in (${LINES}, ${LARGE_LINES})) x`,
    );
    const shortOrders = Number(lineCounts.rows[0]?.n ?? 0);

    const serverRate = median(serverRounds.map((r) => r.ordersPerSec));
    const baselineRate = median(baselineRounds.map((r) => r.orders / r.seconds));
    const ratio = serverRate / baselineRate;
    const failed = serverRounds.reduce((n, r) => n + r.failed, 0) + large.failed;
    const largeMet = large.orders > 0 && large.p99 < LARGE_P99_BUDGET_MS;
    const largeBaselineRate = largeBaseline.orders / largeBaseline.seconds;
    const consistent = mismatched === 0 && wrongTotals === 0 && shortOrders === 0;
    return {
      status: 'measured',
      tables: [
        {
          title: `${LINES}-line orders on PostgreSQL, ${CONNECTIONS} concurrent callers, pool of ${POOL_SIZE}, ${TOOLS} tools, median of ${ROUNDS} x ${ROUND_SECONDS} s`,
          columns: ['target', 'orders/s', 'lines/s', 'p50 ms', 'p99 ms', 'ratio'],
          rows: [
            [
              'POST /api/orders (bulk)',
              round(serverRate, 0),
              round(serverRate * LINES, 0),
              median(serverRounds.map((r) => r.p50)),
              median(serverRounds.map((r) => r.p99)),
              round(ratio, 2),
            ],
            ['pg transaction', round(baselineRate, 0), round(baselineRate * LINES, 0), null, null, null],
          ],
        },
        {
          title: `${LARGE_LINES.toLocaleString('en-US')}-line orders on PostgreSQL, ${LARGE_CONNECTIONS} concurrent callers, pool of ${POOL_SIZE}, ${LARGE_LINES} tools, ${LARGE_SECONDS} s each`,
          columns: ['target', 'orders', 'orders/s', 'lines/s', 'p50 ms', 'p99 ms'],
          rows: [
            ['POST /api/orders (bulk)', large.orders, round(large.ordersPerSec, 2), round(large.ordersPerSec * LARGE_LINES, 0), large.p50, large.p99],
            [
              'pg transaction',
              largeBaseline.orders,
              round(largeBaselineRate, 2),
              round(largeBaselineRate * LARGE_LINES, 0),
              round(largeBaseline.p50Ms, 0),
              round(largeBaseline.p99Ms, 0),
            ],
          ],
        },
        {
          title: 'Bookkeeping after the run',
          columns: [
            'tools whose stock adds up',
            'orders whose total is not the sum of lines',
            `orders without ${LINES} or ${LARGE_LINES} lines`,
            'failed requests',
          ],
          rows: [[`${TOOLS + LARGE_LINES - mismatched} of ${TOOLS + LARGE_LINES}`, wrongTotals, shortOrders, failed]],
        },
      ],
      budgets: [
        check(`orders/s ratio to the pg transaction >= ${RATIO_BUDGET}`, ratio, '', ratio >= RATIO_BUDGET),
        {
          ...check(`p99 of a ${LARGE_LINES.toLocaleString('en-US')}-line order < ${LARGE_P99_BUDGET_MS / 1000} s`, large.p99, ' ms', largeMet),
          baseline: `the same ${LARGE_LINES.toLocaleString('en-US')} updates and inserts as one pg transaction, same run: p99 ${round(largeBaseline.p99Ms, 0)} ms`,
        },
        { budget: 'stock, lines and totals add up', actual: consistent ? 'yes' : 'no', met: consistent },
      ],
      data: {
        connections: CONNECTIONS,
        poolSize: POOL_SIZE,
        lines: LINES,
        serverRate,
        baselineRate,
        ratio,
        serverRounds,
        baselineRounds,
        failed,
        large,
        largeBaseline,
      },
      notes: failed > 0 ? [`the server refused or failed ${failed} bulk order requests under load`] : [],
    };
  } finally {
    await bench.close();
  }
}

export const ordersBulkBenchmark: Benchmark = { id: 'orders-bulk', title: 'Bulk order placement, 20 and 1,000 lines (PostgreSQL)', run };
