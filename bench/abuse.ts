// Costly public endpoints (issue 27): for each endpoint anyone (or any account) can call cheaply, the p95 of
// a catalogue-page probe (`GET /api/products?page=2&pageSize=24`, one request at a time, as a dealer's
// home page asks) while 8 clients loop on that endpoint, against the probe alone in the same run. Budget:
// at most 2x. Loops are bounded in time and count, on loopback only; the server runs as `npm start` does,
// on a throwaway PostgreSQL database with SEED_PRODUCTS tools, with its own limits (rate limits included).

import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Customer } from './lib/customers';
import { runLoad, type LoadResult } from './lib/load';
import { startOrderBench } from './lib/order-bench';
import type { Server } from './lib/processes';
import { median, round, skipped, type Benchmark, type BenchContext, type BenchOutcome } from './lib/report';

const TOOLS = 5000;
const CLIENTS = 8;
/** Each loop: this long, and at most this many requests in all. */
const LOOP_SECONDS = 5;
const LOOP_MAX_REQUESTS = 200_000;
const PROBE_EVERY_MS = 25;
const ROUNDS = 3;
const INVOICE_LINES = 100;
const RATIO_BUDGET = 2;
const PROBE_PATH = '/api/products?page=2&pageSize=24';

interface Target {
  name: string;
  method?: 'GET' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One probe request's time to its last byte (the body is not decoded), in ms; null when it failed. */
function probeOnce(server: Server): Promise<number | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(`${server.baseUrl}${PROBE_PATH}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : null));
      res.on('error', () => resolve(null));
    });
    req.setTimeout(30_000, () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

interface ProbeResult {
  p50: number;
  p95: number;
  count: number;
  failed: number;
}

/** Probes one at a time, a pause between, until `until` settles; the figures of the probes sent meanwhile. */
async function probeWhile(server: Server, until: Promise<unknown>): Promise<ProbeResult> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  let failed = 0;
  while (!done) {
    const time = await probeOnce(server);
    if (time === null) failed += 1;
    else times.push(time);
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  const sorted = times.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), count: sorted.length, failed };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function probeAlone(server: Server): Promise<ProbeResult> {
  return probeWhile(server, sleep(LOOP_SECONDS * 1000));
}

async function probeUnder(server: Server, target: Target): Promise<{ probe: ProbeResult; load: LoadResult }> {
  const load = runLoad({
    // The looping clients run in a thread of their own, as an attacker runs on a machine of its own: the
    // probe's time is then the server's answer, not a wait behind the loop's own work in this thread.
    workers: 1,
    url: `${server.baseUrl}${target.path}`,
    method: target.method ?? 'GET',
    connections: CLIENTS,
    duration: LOOP_SECONDS,
    maxOverallRequests: LOOP_MAX_REQUESTS,
    headers: { 'accept-encoding': 'br', ...target.headers },
    ...(target.body === undefined ? {} : { body: target.body }),
  });
  const probe = await probeWhile(server, load);
  return { probe, load: await load };
}

/** A paid order of INVOICE_LINES lines by `customer`, through the sandbox as the payment page does. */
async function paidOrder(server: Server, customer: Customer, productIds: string[]): Promise<string> {
  const auth = { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, { method, headers: auth, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const placed = await call('POST', '/api/orders', {
    lines: productIds.slice(0, INVOICE_LINES).map((productId) => ({ productId, quantity: 1 })),
    userAddress: '1 Bench Street, Springfield',
    userPhone: '+1 555 0100',
    clientOrderId: randomUUID(),
  });
  const orderId = String(placed.insertedId);
  const { clientSecret } = (await call('POST', '/api/create-payment-intent', { orderId })) as { clientSecret: string };
  const confirmed = (await call('POST', '/api/sandbox/confirm', {
    clientSecret,
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
    billingDetails: { name: customer.displayName, email: customer.email },
  })) as { paymentIntent?: { id: string } };
  if (!confirmed.paymentIntent) throw new Error(`sandbox declined: ${JSON.stringify(confirmed)}`);
  await call('PATCH', `/api/order/${orderId}`, { transactionId: confirmed.paymentIntent.id });
  return orderId;
}

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  if (ctx.postgres.url === null) return skipped(`PostgreSQL: ${ctx.postgres.reason}`);
  ctx.log(`  starting the server on a throwaway PostgreSQL database with SEED_PRODUCTS=${TOOLS}`);
  // The rate limits as shipped: they are part of what keeps a loop cheap.
  const bench = await startOrderBench(ctx.postgres.url, {
    name: 'abuse',
    customers: 1,
    env: { SEED_PRODUCTS: String(TOOLS), RATE_LIMIT_TOKEN_PER_MINUTE: '20', RATE_LIMIT_ORDERS_PER_MINUTE: '300' },
    readyTimeoutMs: 600_000,
  });
  try {
    const { server, sql, customers } = bench;
    const customer = customers[0];
    if (!customer) throw new Error('no customer');
    await sql.query('update products set available = 1000000');
    const generated = await sql.query<{ id: string }>(
      "select id from products where sku like 'FL-G%' and pack_size = 1 and min_order = 1 order by id limit $1",
      [INVOICE_LINES],
    );
    const productIds = generated.rows.map((r) => r.id);
    const tools = ((await (await fetch(`${server.baseUrl}/api/products`)).json()) as unknown[]).length;
    const orderId = await paidOrder(server, customer, productIds);
    const oldCursor = 1;

    const targets: Target[] = [
      { name: 'changes?after=0 (full copy)', path: '/api/products/changes?after=0' },
      { name: 'changes?since=0 (full copy)', path: '/api/products/changes?since=0' },
      { name: `changes?after=${oldCursor} (delta from long ago)`, path: `/api/products/changes?after=${oldCursor}` },
      { name: 'invoice by its owner', path: `/api/orders/${orderId}/invoice`, headers: { authorization: `Bearer ${customer.token}` } },
      { name: 'catalogue list', path: '/api/products' },
      { name: 'catalogue page', path: PROBE_PATH },
      { name: 'search q=drill', path: '/api/products?q=drill&page=1&pageSize=24' },
      { name: 'a product', path: `/api/products/${productIds[0] ?? ''}` },
      { name: 'categories', path: '/api/categories' },
      { name: 'reviews', path: '/api/reviews' },
      { name: 'config', path: '/api/config' },
      {
        name: 'token exchange refused',
        method: 'PUT',
        path: `/api/user/${encodeURIComponent(customer.email)}`,
        headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
        body: JSON.stringify({ email: customer.email }),
      },
    ];

    ctx.log(
      `  ${ROUNDS} rounds: the probe alone, then with ${CLIENTS} clients looping on each of ${targets.length} endpoints for ${LOOP_SECONDS} s (at most ${LOOP_MAX_REQUESTS} requests)`,
    );
    await probeAlone(server);
    const alone: ProbeResult[] = [];
    const under = new Map<string, { probe: ProbeResult; load: LoadResult }[]>();
    for (let i = 0; i < ROUNDS; i += 1) {
      alone.push(await probeAlone(server));
      for (const target of targets) {
        const measured = await probeUnder(server, target);
        under.set(target.name, [...(under.get(target.name) ?? []), measured]);
        ctx.log(`  round ${i + 1}: ${target.name}: probe p95 ${round(measured.probe.p95, 1)} ms, ${round(measured.load.requestsPerSec, 0)} req/s looping`);
      }
    }
    const aloneP95 = median(alone.map((a) => a.p95));
    const rows = targets.map((target) => {
      const results = under.get(target.name) ?? [];
      const p95 = median(results.map((r) => r.probe.p95));
      const total = results.reduce((n, r) => n + r.load.total, 0);
      const non2xx = results.reduce((n, r) => n + r.load.non2xx, 0);
      return {
        target: target.name,
        p50: median(results.map((r) => r.probe.p50)),
        p95,
        ratio: p95 / aloneP95,
        loopRate: median(results.map((r) => r.load.requestsPerSec)),
        total,
        non2xx,
      };
    });
    const notes = rows
      .filter((r) => r.non2xx > 0)
      .map((r) => `${r.target}: ${r.non2xx} of ${r.total} looping requests answered non-2xx (a limit refusing them, or the refusal itself)`);
    const failedProbes = [...alone, ...[...under.values()].flat().map((u) => u.probe)].reduce((n, p) => n + p.failed, 0);
    if (failedProbes > 0) notes.push(`${failedProbes} probes failed`);
    return {
      status: 'measured',
      tables: [
        {
          title: `Probe ${PROBE_PATH} (Brotli, one at a time) while ${CLIENTS} clients loop on an endpoint, ${tools.toLocaleString('en-US')} tools, PostgreSQL, median of ${ROUNDS} x ${LOOP_SECONDS} s`,
          columns: ['looping on', 'probe p50 ms', 'probe p95 ms', 'ratio', 'loop req/s', 'loop non-2xx'],
          rows: [
            ['nothing (probe alone)', median(alone.map((a) => a.p50)), aloneP95, 1, null, null],
            ...rows.map((r) => [r.target, round(r.p50, 1), round(r.p95, 1), round(r.ratio, 2), round(r.loopRate, 0), r.non2xx]),
          ],
        },
      ],
      budgets: rows.map((r) => ({
        budget: `probe p95 looping on ${r.target} <= ${RATIO_BUDGET}x alone`,
        actual: `${round(r.ratio, 2)}x`,
        met: r.ratio <= RATIO_BUDGET,
        baseline: `the probe alone in the same run: p95 ${round(aloneP95, 1)} ms`,
      })),
      data: { tools, clients: CLIENTS, loopSeconds: LOOP_SECONDS, rounds: ROUNDS, probe: PROBE_PATH, aloneP95, alone, rows },
      notes,
    };
  } finally {
    await bench.close();
  }
}

export const abuseBenchmark: Benchmark = {
  id: 'abuse',
  title: 'Costly public endpoints: a catalogue page while 8 clients loop on each cheap-to-call endpoint (PostgreSQL)',
  run,
  timeoutMs: 20 * 60_000,
};
