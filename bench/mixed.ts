// Mixed workload (issue 16): GET /api/products of 5,000 tools read at full speed while orders are placed at
// a steady 50 a second, each changing stock and so the cached catalogue (NOTIFY). Rounds of reading alone
// and reading with orders alternate in the same run on the same server; the figure is the catalogue's
// req/s with orders against without. Clients ask for Brotli, as browsers do.

import { randomUUID } from 'node:crypto';
import type { Customer } from './lib/customers';
import { runLoad, type LoadResult } from './lib/load';
import { startOrderBench } from './lib/order-bench';
import { cpuMillis, type Server } from './lib/processes';
import { check, median, round, skipped, type Benchmark, type BenchContext, type BenchOutcome } from './lib/report';

const TOOLS = 5000;
const CONNECTIONS = 50;
const ORDERS_PER_SECOND = 50;
const CUSTOMERS = 10;
const STOCK = 10_000_000;
const WARMUP_SECONDS = 2;
const ROUND_SECONDS = 5;
const ROUNDS = 3;
const RATIO_BUDGET = 0.8;

interface PlannedProduct {
  id: string;
  quantity: number;
  price: number;
}

interface OrderFlow {
  placed: number;
  failed: number;
  /** How many failed for each reason (status and error code, or the network error). */
  failures: Record<string, number>;
  /** Orders actually answered per second over the round. */
  rate: number;
  p99: number;
}

/** Places orders at a steady rate until stopped: one every 1000/rate ms, each on its own, not waiting for the last. */
function startOrders(server: Server, customers: Customer[], products: PlannedProduct[]): { stop(): Promise<OrderFlow> } {
  const started = performance.now();
  const latencies: number[] = [];
  let failed = 0;
  /** Why orders failed: the status, or the error's message when no answer came. */
  const failures = new Map<string, number>();
  const fail = (why: string) => {
    failed += 1;
    failures.set(why, (failures.get(why) ?? 0) + 1);
  };
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const place = () => {
    sent += 1;
    const customer = customers[sent % customers.length];
    const product = products[Math.floor(Math.random() * products.length)];
    if (!customer || !product) return;
    const t0 = performance.now();
    const request = fetch(`${server.baseUrl}/api/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        productId: product.id,
        orderQuantity: product.quantity,
        userAddress: '1 Bench Street, Springfield',
        userPhone: '+1 555 0100',
        clientOrderId: randomUUID(),
        totalPrice: product.quantity * product.price,
      }),
    })
      .then(async (res) => {
        const body = await res.text();
        if (res.status === 201) latencies.push(performance.now() - t0);
        else fail(`${res.status} ${(/"code":"([^"]+)"/u.exec(body)?.[1] ?? '').trim()}`.trim());
      })
      .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  // A steady schedule: as many orders as the clock says are due, so a late timer catches up.
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * ORDERS_PER_SECOND);
    while (sent < due) place();
  }, 5);
  return {
    async stop() {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all([...inFlight]);
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        placed: latencies.length,
        failed,
        failures: Object.fromEntries(failures),
        rate: latencies.length / seconds,
        p99: sorted[Math.floor(sorted.length * 0.99)] ?? Number.NaN,
      };
    },
  };
}

interface Round {
  readOnly: LoadResult & { cpuMicrosPerRequest: number | null };
  mixed: LoadResult & { cpuMicrosPerRequest: number | null };
  orders: OrderFlow;
}

async function readCatalogue(server: Server, seconds: number): Promise<LoadResult & { cpuMicrosPerRequest: number | null }> {
  const before = cpuMillis(server.pid);
  const result = await runLoad({ url: `${server.baseUrl}/api/products`, connections: CONNECTIONS, duration: seconds, headers: { 'accept-encoding': 'br' } });
  const after = cpuMillis(server.pid);
  return { ...result, cpuMicrosPerRequest: before !== null && after !== null && result.total > 0 ? ((after - before) * 1000) / result.total : null };
}

async function withOrders(server: Server, customers: Customer[], products: PlannedProduct[], seconds: number) {
  const orders = startOrders(server, customers, products);
  const read = await readCatalogue(server, seconds);
  return { read, orders: await orders.stop() };
}

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  if (ctx.postgres.url === null) return skipped(`PostgreSQL: ${ctx.postgres.reason}`);
  ctx.log(`  starting the server on a throwaway PostgreSQL database with SEED_PRODUCTS=${TOOLS}`);
  const bench = await startOrderBench(ctx.postgres.url, {
    name: 'mixed',
    customers: CUSTOMERS,
    env: { SEED_PRODUCTS: String(TOOLS) },
    readyTimeoutMs: 600_000,
  });
  try {
    const { server, sql, customers } = bench;
    // Plenty of stock, so no order is refused for lack of it during the run.
    await sql.query('update products set available = $1', [STOCK]);
    // The generated tools have no pack or volume rules: their minimum at list price is always a valid order.
    const generated = await sql.query<{ id: string; min_order: number; price: number }>("select id, min_order, price from products where sku like 'FL-G%'");
    const products: PlannedProduct[] = generated.rows.map((p) => ({ id: p.id, quantity: p.min_order, price: p.price }));
    if (products.length === 0) throw new Error('no generated tools: SEED_PRODUCTS did not seed');
    const first = await fetch(`${server.baseUrl}/api/products`);
    const tools = ((await first.json()) as unknown[]).length;

    ctx.log(
      `  warming up, then ${ROUNDS} rounds of ${ROUND_SECONDS} s reading alone and ${ROUND_SECONDS} s reading with ${ORDERS_PER_SECOND} orders/s, alternating`,
    );
    await readCatalogue(server, WARMUP_SECONDS);
    await withOrders(server, customers, products, WARMUP_SECONDS);
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      if (i % 2 === 0) {
        const readOnly = await readCatalogue(server, ROUND_SECONDS);
        const mixed = await withOrders(server, customers, products, ROUND_SECONDS);
        rounds.push({ readOnly, mixed: mixed.read, orders: mixed.orders });
      } else {
        const mixed = await withOrders(server, customers, products, ROUND_SECONDS);
        const readOnly = await readCatalogue(server, ROUND_SECONDS);
        rounds.push({ readOnly, mixed: mixed.read, orders: mixed.orders });
      }
    }
    // The catalogue must end up showing the orders: after a quiet moment, its stock is what the table says.
    await new Promise((r) => setTimeout(r, 1500));
    const listed = (await (await fetch(`${server.baseUrl}/api/products`)).json()) as { _id: string; availableQnt: number }[];
    const table = new Map((await sql.query<{ id: string; available: number }>('select id, available from products')).rows.map((r) => [r.id, r.available]));
    const fresh = listed.every((p) => table.get(p._id) === p.availableQnt);

    const readOnlyRate = median(rounds.map((r) => r.readOnly.requestsPerSec));
    const mixedRate = median(rounds.map((r) => r.mixed.requestsPerSec));
    const ratio = mixedRate / readOnlyRate;
    const orderRate = median(rounds.map((r) => r.orders.rate));
    const cpu = (list: (number | null)[]) => {
      const known = list.filter((c): c is number => c !== null);
      return known.length > 0 ? round(median(known), 0) : null;
    };
    const notes: string[] = [];
    const errors = rounds.reduce((n, r) => n + r.readOnly.non2xx + r.readOnly.errors + r.mixed.non2xx + r.mixed.errors, 0);
    if (errors > 0) notes.push(`${errors} catalogue requests failed or answered non-2xx`);
    const failedOrders = rounds.reduce((n, r) => n + r.orders.failed, 0);
    if (failedOrders > 0) {
      const why = new Map<string, number>();
      for (const round of rounds) for (const [reason, n] of Object.entries(round.orders.failures)) why.set(reason, (why.get(reason) ?? 0) + n);
      notes.push(`${failedOrders} orders failed (${[...why].map(([reason, n]) => `${n} x ${reason}`).join(', ')})`);
    }
    return {
      status: 'measured',
      tables: [
        {
          title: `GET /api/products (${tools.toLocaleString('en-US')} tools, Brotli), ${CONNECTIONS} connections, PostgreSQL, median of ${ROUNDS} x ${ROUND_SECONDS} s each`,
          columns: ['catalogue reads', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'server CPU us/req', 'orders/s placed', 'order p99 ms'],
          rows: [
            [
              'alone',
              round(readOnlyRate, 0),
              median(rounds.map((r) => r.readOnly.p50)),
              median(rounds.map((r) => r.readOnly.p99)),
              null,
              cpu(rounds.map((r) => r.readOnly.cpuMicrosPerRequest)),
              null,
              null,
            ],
            [
              `with ${ORDERS_PER_SECOND} orders/s`,
              round(mixedRate, 0),
              median(rounds.map((r) => r.mixed.p50)),
              median(rounds.map((r) => r.mixed.p99)),
              round(ratio, 2),
              cpu(rounds.map((r) => r.mixed.cpuMicrosPerRequest)),
              round(orderRate, 1),
              round(median(rounds.map((r) => r.orders.p99)), 0),
            ],
          ],
        },
      ],
      budgets: [
        check(`catalogue req/s with ${ORDERS_PER_SECOND} orders/s >= ${RATIO_BUDGET} of reading alone`, ratio, '', ratio >= RATIO_BUDGET),
        { budget: `orders placed at ${ORDERS_PER_SECOND}/s`, actual: `${round(orderRate, 1)}/s`, met: orderRate >= ORDERS_PER_SECOND * 0.95 },
        { budget: 'the catalogue shows every order once changes stop', actual: fresh ? 'yes' : 'no', met: fresh },
      ],
      data: { tools, connections: CONNECTIONS, ordersPerSecond: ORDERS_PER_SECOND, readOnlyRate, mixedRate, ratio, orderRate, fresh, rounds },
      notes,
    };
  } finally {
    await bench.close();
  }
}

export const mixedBenchmark: Benchmark = { id: 'mixed', title: 'Mixed workload: catalogue reads while orders flow (PostgreSQL)', run, timeoutMs: 15 * 60_000 };
