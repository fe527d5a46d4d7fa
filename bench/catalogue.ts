// Benchmark 1: GET /api/products under load, on PGlite and on PostgreSQL, against a bare Fastify route
// answering the same bytes from memory (its own process, same run). Two catalogues: the demo's twelve
// tools as plain JSON, and the trade scale of 5,000 generated tools (SEED_PRODUCTS) asked for as a browser
// asks (Accept-Encoding with br and gzip), the bare route then answering the same compressed bytes. At
// trade scale a page of 24 tools (`?page=1&pageSize=24`), as the home page asks for it, is loaded too.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
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
/** The trade-scale catalogue of issue 15. */
const TRADE_SCALE_TOOLS = 5000;
/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const PAGE_PATH = '/api/products?page=1&pageSize=24';

interface Part {
  id: 'demo' | 'trade-scale';
  /** Generated tools added to the seeded twelve; 0 for the demo catalogue alone. */
  generatedTools: number;
  acceptEncoding: string | null;
}
const PARTS: readonly Part[] = [
  { id: 'demo', generatedTools: 0, acceptEncoding: null },
  { id: 'trade-scale', generatedTools: TRADE_SCALE_TOOLS, acceptEncoding: BROWSER_ACCEPT_ENCODING },
];

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

async function load(url: string, duration: number, pid: number, acceptEncoding: string | null, pathAndQuery = '/api/products'): Promise<Measured> {
  const before = cpuMillis(pid);
  const result = await runLoad({
    url: `${url}${pathAndQuery}`,
    connections: CONNECTIONS,
    duration,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  const after = cpuMillis(pid);
  const cpuMicrosPerRequest = before !== null && after !== null && result.total > 0 ? ((after - before) * 1000) / result.total : null;
  return { ...result, cpuMicrosPerRequest };
}

interface DatabaseFigures {
  part: Part['id'];
  database: 'pglite' | 'postgres';
  products: number;
  /** The bytes sent, in `encoding`. */
  bodyBytes: number;
  /** The JSON's own size, before any encoding. */
  jsonBytes: number;
  encoding: string;
  etagRevalidates: boolean;
  server: Summary;
  baseline: Summary;
  ratio: number;
  rounds: { server: Measured; baseline: Measured }[];
  /** A page of 24 tools under the same load, at trade scale only. */
  page: Summary | null;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET with the bytes as sent (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function measure(part: Part, kind: 'pglite' | 'postgres', ctx: BenchContext, postgresUrl: string | null): Promise<DatabaseFigures> {
  const dataDir = benchDir(`catalogue-${part.id}-${kind}`);
  rmSync(dataDir, { recursive: true, force: true });
  const database = postgresUrl ? await createThrowawayDatabase(postgresUrl, 'catalogue') : null;
  const cleanups: (() => Promise<void>)[] = [];
  const label = `${part.id}, ${kind}`;
  try {
    if (database) cleanups.push(() => database.drop());
    ctx.log(`  ${label}: starting the server (fresh data, seeded${part.generatedTools > 0 ? ` with ${part.generatedTools} generated tools` : ''})`);
    // Nobody signs in here: a configured Firebase project (as in production) spares the emulator's start.
    const server = await startServer({
      dataDir,
      identity: 'hosted',
      readyTimeoutMs: 600_000,
      ...(database ? { databaseUrl: database.url } : {}),
      ...(part.generatedTools > 0 ? { env: { SEED_PRODUCTS: String(part.generatedTools) } } : {}),
    });
    ctx.log(`  ${label}: ready after ${Math.round(server.readyMs)} ms`);
    cleanups.push(() => server.stop());

    const asked: Record<string, string> = part.acceptEncoding ? { 'accept-encoding': part.acceptEncoding } : {};
    const first = await rawGet(`${server.baseUrl}/api/products`, asked);
    if (first.status !== 200) throw new Error(`GET /api/products answered ${first.status}`);
    const encoding = first.headers['content-encoding'] ?? 'identity';
    const jsonText = await (await fetch(`${server.baseUrl}/api/products`)).text();
    const products = (JSON.parse(jsonText) as unknown[]).length;
    const etag = first.headers.etag;
    const again = etag ? await fetch(`${server.baseUrl}/api/products`, { headers: { ...asked, 'if-none-match': etag } }) : null;
    const etagRevalidates = again?.status === 304;

    // On PostgreSQL the server keeps nothing in its data directory, so it may not exist.
    mkdirSync(dataDir, { recursive: true });
    const bodyFile = path.join(dataDir, 'catalogue-body');
    writeFileSync(bodyFile, first.body);
    const barePort = await freeServerPort([server.port]);
    const bare = startChild(['--import', 'tsx', 'bench/lib/bare-server.ts', String(barePort), bodyFile, encoding], process.env);
    cleanups.push(() => bare.stop());
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitForOk(`${bareUrl}/api/readyz`, bare, 30_000);
    const bareBody = (await rawGet(`${bareUrl}/api/products`, asked)).body;
    if (!bareBody.equals(first.body)) throw new Error('the baseline does not answer the same bytes');

    ctx.log(`  ${label}: ${products} tools, ${first.body.length} bytes ${encoding}; warming up, then ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each`);
    await load(server.baseUrl, WARMUP_SECONDS, server.pid, part.acceptEncoding);
    await load(bareUrl, WARMUP_SECONDS, bare.pid, part.acceptEncoding);
    const rounds: { server: Measured; baseline: Measured }[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      // Alternate which goes first so a neighbour's burst of work does not always hit the same side.
      if (i % 2 === 0) {
        const s = await load(server.baseUrl, ROUND_SECONDS, server.pid, part.acceptEncoding);
        const b = await load(bareUrl, ROUND_SECONDS, bare.pid, part.acceptEncoding);
        rounds.push({ server: s, baseline: b });
      } else {
        const b = await load(bareUrl, ROUND_SECONDS, bare.pid, part.acceptEncoding);
        const s = await load(server.baseUrl, ROUND_SECONDS, server.pid, part.acceptEncoding);
        rounds.push({ server: s, baseline: b });
      }
    }
    let page: Summary | null = null;
    if (part.id === 'trade-scale') {
      ctx.log(`  ${label}: ${PAGE_PATH}, ${ROUNDS} rounds of ${ROUND_SECONDS} s`);
      const pages: Measured[] = [];
      await load(server.baseUrl, WARMUP_SECONDS, server.pid, part.acceptEncoding, PAGE_PATH);
      for (let i = 0; i < ROUNDS; i += 1) pages.push(await load(server.baseUrl, ROUND_SECONDS, server.pid, part.acceptEncoding, PAGE_PATH));
      page = summarise(pages);
    }
    const serverSummary = summarise(rounds.map((r) => r.server));
    const baselineSummary = summarise(rounds.map((r) => r.baseline));
    return {
      part: part.id,
      database: kind,
      products,
      bodyBytes: first.body.length,
      jsonBytes: Buffer.byteLength(jsonText),
      encoding,
      etagRevalidates,
      server: serverSummary,
      baseline: baselineSummary,
      ratio: serverSummary.requestsPerSec / baselineSummary.requestsPerSec,
      rounds,
      page,
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
  for (const part of PARTS) {
    for (const kind of ['pglite', 'postgres'] as const) {
      const label = `${part.id === 'demo' ? '' : `${TRADE_SCALE_TOOLS} tools, `}${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`;
      if (kind === 'postgres' && ctx.postgres.url === null) {
        notes.push(`${label} skipped: ${ctx.postgres.reason}`);
        budgets.push({ budget: `${label}: ratio >= ${RATIO_BUDGET}, p99 < ${P99_BUDGET_MS} ms`, actual: 'skipped', met: null });
        continue;
      }
      const f = await measure(part, kind, ctx, kind === 'postgres' ? ctx.postgres.url : null);
      figures.push(f);
      const what = part.acceptEncoding ? `, ${f.encoding}` : '';
      budgets.push(check(`${label}: req/s ratio to bare route${what} >= ${RATIO_BUDGET}`, f.ratio, '', f.ratio >= RATIO_BUDGET));
      if (f.page) budgets.push(check(`${label}: page of 24 tools p99 < ${P99_BUDGET_MS} ms`, f.page.p99, ' ms', f.page.p99 < P99_BUDGET_MS));
      else budgets.push(check(`${label}: p99 < ${P99_BUDGET_MS} ms`, f.server.p99, ' ms', f.server.p99 < P99_BUDGET_MS));
      for (const [what, summary] of [
        ['whole list', f.server],
        ['page', f.page],
      ] as const) {
        if (summary && summary.non2xx + summary.errors > 0)
          notes.push(`${label}, ${what}: ${summary.non2xx} non-2xx answers and ${summary.errors} errors under load`);
      }
      if (!f.etagRevalidates) notes.push(`${label}: a request with If-None-Match did not get 304`);
    }
  }
  const table = (part: Part['id'], title: string) => ({
    title,
    columns: ['database', 'target', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'server CPU us/req'],
    rows: figures
      .filter((f) => f.part === part)
      .flatMap((f): Cell[][] => [
        [f.database, 'storefront', round(f.server.requestsPerSec, 0), f.server.p50, f.server.p99, round(f.ratio, 2), cpuCell(f.server)],
        [f.database, 'bare route', round(f.baseline.requestsPerSec, 0), f.baseline.p50, f.baseline.p99, null, cpuCell(f.baseline)],
        ...(f.page ? [[f.database, 'page of 24', round(f.page.requestsPerSec, 0), f.page.p50, f.page.p99, null, cpuCell(f.page)] as Cell[]] : []),
      ]),
  });
  const demo = figures.find((f) => f.part === 'demo');
  const scale = figures.find((f) => f.part === 'trade-scale');
  return {
    status: 'measured',
    tables: [
      table(
        'demo',
        `GET /api/products, ${CONNECTIONS} connections, median of ${ROUNDS} x ${ROUND_SECONDS} s (catalogue of ${demo?.products ?? '?'} products, ${demo?.bodyBytes ?? '?'} bytes)`,
      ),
      table(
        'trade-scale',
        `GET /api/products at trade scale, Accept-Encoding "${BROWSER_ACCEPT_ENCODING}", ${CONNECTIONS} connections, median of ${ROUNDS} x ${ROUND_SECONDS} s (${scale?.products ?? '?'} products: ${scale?.jsonBytes ?? '?'} bytes of JSON sent as ${scale?.bodyBytes ?? '?'} bytes ${scale?.encoding ?? '?'})`,
      ),
    ],
    budgets,
    data: { connections: CONNECTIONS, roundSeconds: ROUND_SECONDS, rounds: ROUNDS, figures },
    notes,
  };
}

export const catalogueBenchmark: Benchmark = { id: 'catalogue', title: 'Catalogue API', run };
