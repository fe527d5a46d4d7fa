// Benchmark 1: GET /api/products of the seeded catalogue under load, on PGlite and on PostgreSQL,
// against a bare Fastify route answering the same bytes from memory (its own process, same run).

import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runLoad, type LoadResult } from './lib/load';
import { createThrowawayDatabase } from './lib/postgres';
import { benchDir, cpuMillis, freeServerPort, startChild, startServer, waitForOk } from './lib/processes';
import { check, median, round, type Benchmark, type BenchContext, type BenchOutcome, type BudgetCheck, type Cell } from './lib/report';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const ROUND_SECONDS = 5;
const ROUNDS = 5;
const RATIO_BUDGET = 0.6;
const P99_BUDGET_MS = 25;

interface Measured extends LoadResult {
  /** Server CPU time per answered request, in microseconds: steady even when neighbours steal cores. */
  cpuMicrosPerRequest: number | null;
}

interface Summary {
  requestsPerSec: number;
  cpuMicrosPerRequest: number | null;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function summarise(runs: Measured[]): Summary {
  const cpu = runs.map((r) => r.cpuMicrosPerRequest).filter((c): c is number => c !== null);
  return {
    requestsPerSec: median(runs.map((r) => r.requestsPerSec)),
    cpuMicrosPerRequest: cpu.length > 0 ? median(cpu) : null,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors + r.timeouts, 0),
  };
}

async function load(url: string, duration: number, pid: number): Promise<Measured> {
  const before = cpuMillis(pid);
  const result = await runLoad({ url: `${url}/api/products`, connections: CONNECTIONS, duration });
  const after = cpuMillis(pid);
  const cpuMicrosPerRequest = before !== null && after !== null && result.total > 0 ? ((after - before) * 1000) / result.total : null;
  return { ...result, cpuMicrosPerRequest };
}

interface DatabaseFigures {
  database: 'pglite' | 'postgres';
  products: number;
  bodyBytes: number;
  etagRevalidates: boolean;
  server: Summary;
  baseline: Summary;
  ratio: number;
  rounds: { server: Measured; baseline: Measured }[];
}

async function measure(kind: 'pglite' | 'postgres', ctx: BenchContext, postgresUrl: string | null): Promise<DatabaseFigures> {
  const dataDir = benchDir(`catalogue-${kind}`);
  rmSync(dataDir, { recursive: true, force: true });
  const database = postgresUrl ? await createThrowawayDatabase(postgresUrl, 'catalogue') : null;
  const cleanups: (() => Promise<void>)[] = [];
  try {
    if (database) cleanups.push(() => database.drop());
    ctx.log(`  ${kind}: starting the server (fresh data, seeded)`);
    // Nobody signs in here: a configured Firebase project (as in production) spares the emulator's start.
    const server = await startServer({ dataDir, identity: 'hosted', ...(database ? { databaseUrl: database.url } : {}) });
    ctx.log(`  ${kind}: ready after ${Math.round(server.readyMs)} ms`);
    cleanups.push(() => server.stop());

    const first = await fetch(`${server.baseUrl}/api/products`);
    const body = await first.text();
    if (first.status !== 200) throw new Error(`GET /api/products answered ${first.status}`);
    const products = (JSON.parse(body) as unknown[]).length;
    const etag = first.headers.get('etag');
    const again = etag ? await fetch(`${server.baseUrl}/api/products`, { headers: { 'if-none-match': etag } }) : null;
    const etagRevalidates = again?.status === 304;

    const bodyFile = path.join(dataDir, 'catalogue-body.json');
    writeFileSync(bodyFile, body);
    const barePort = await freeServerPort([server.port]);
    const bare = startChild(['--import', 'tsx', 'bench/lib/bare-server.ts', String(barePort), bodyFile], process.env);
    cleanups.push(() => bare.stop());
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitForOk(`${bareUrl}/api/readyz`, bare, 30_000);
    const bareBody = await (await fetch(`${bareUrl}/api/products`)).text();
    if (bareBody !== body) throw new Error('the baseline does not answer the same bytes');

    ctx.log(`  ${kind}: warming up, then ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each`);
    await load(server.baseUrl, WARMUP_SECONDS, server.pid);
    await load(bareUrl, WARMUP_SECONDS, bare.pid);
    const rounds: { server: Measured; baseline: Measured }[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      // Alternate which goes first so a neighbour's burst of work does not always hit the same side.
      if (i % 2 === 0) {
        const s = await load(server.baseUrl, ROUND_SECONDS, server.pid);
        const b = await load(bareUrl, ROUND_SECONDS, bare.pid);
        rounds.push({ server: s, baseline: b });
      } else {
        const b = await load(bareUrl, ROUND_SECONDS, bare.pid);
        const s = await load(server.baseUrl, ROUND_SECONDS, server.pid);
        rounds.push({ server: s, baseline: b });
      }
    }
    const serverSummary = summarise(rounds.map((r) => r.server));
    const baselineSummary = summarise(rounds.map((r) => r.baseline));
    return {
      database: kind,
      products,
      bodyBytes: Buffer.byteLength(body),
      etagRevalidates,
      server: serverSummary,
      baseline: baselineSummary,
      ratio: serverSummary.requestsPerSec / baselineSummary.requestsPerSec,
      rounds,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

const cpuCell = (s: Summary): Cell => (s.cpuMicrosPerRequest === null ? null : round(s.cpuMicrosPerRequest, 0));

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  const figures: DatabaseFigures[] = [];
  const notes: string[] = [];
  const budgets: BudgetCheck[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    if (kind === 'postgres' && ctx.postgres.url === null) {
      notes.push(`PostgreSQL part skipped: ${ctx.postgres.reason}`);
      budgets.push({ budget: `${label}: ratio >= ${RATIO_BUDGET}, p99 < ${P99_BUDGET_MS} ms`, actual: 'skipped', met: null });
      continue;
    }
    const f = await measure(kind, ctx, kind === 'postgres' ? ctx.postgres.url : null);
    figures.push(f);
    budgets.push(check(`${label}: req/s ratio to bare route >= ${RATIO_BUDGET}`, f.ratio, '', f.ratio >= RATIO_BUDGET));
    budgets.push(check(`${label}: p99 < ${P99_BUDGET_MS} ms`, f.server.p99, ' ms', f.server.p99 < P99_BUDGET_MS));
    if (f.server.non2xx + f.server.errors > 0) notes.push(`${label}: ${f.server.non2xx} non-2xx answers and ${f.server.errors} errors under load`);
    if (!f.etagRevalidates) notes.push(`${label}: a request with If-None-Match did not get 304`);
  }
  const rows: Cell[][] = figures.flatMap((f) => [
    [f.database, 'storefront', round(f.server.requestsPerSec, 0), f.server.p50, f.server.p99, round(f.ratio, 2), cpuCell(f.server)],
    [f.database, 'bare route', round(f.baseline.requestsPerSec, 0), f.baseline.p50, f.baseline.p99, null, cpuCell(f.baseline)],
  ]);
  return {
    status: 'measured',
    tables: [
      {
        title: `GET /api/products, ${CONNECTIONS} connections, median of ${ROUNDS} x ${ROUND_SECONDS} s (catalogue of ${figures[0]?.products ?? '?'} products, ${figures[0]?.bodyBytes ?? '?'} bytes)`,
        columns: ['database', 'target', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'server CPU us/req'],
        rows,
      },
    ],
    budgets,
    data: { connections: CONNECTIONS, roundSeconds: ROUND_SECONDS, rounds: ROUNDS, figures },
    notes,
  };
}

export const catalogueBenchmark: Benchmark = { id: 'catalogue', title: 'Catalogue API', run };
