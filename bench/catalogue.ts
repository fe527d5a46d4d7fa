// Benchmark 1: GET /api/products under load, on PGlite and on PostgreSQL, against a bare Fastify route
// answering the same bytes from memory (its own process, same run). Catalogues of several sizes, each on
// its own server with its own rows: the demo's twelve tools as plain JSON, and trade scales of 5,000 and
// 50,000 generated tools (SEED_PRODUCTS) asked for as a browser asks (Accept-Encoding with br and gzip),
// the bare route then answering the same compressed bytes. At trade scale a page of 24 tools
// (`?page=1&pageSize=24`), as the home page asks for it, and the pages of the first offline copy
// (`/api/products/changes?after=0&pageAfter=N`, every page in turn), as a device fills its copy, are
// loaded too, the pages against the bare route answering the same pages. The whole list is compared with
// the bare route up to 5,000 tools; at 50,000 the pages are what the apps ask for.
//
// Sizes: `CATALOGUE_SIZES=0,50000 npm run bench catalogue` (generated tools, comma-separated; 0 is the
// demo's twelve; `npm run bench` takes benchmark names only).

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { runLoad, type LoadResult } from './lib/load';
import { catalogueSizes, toolCount } from './lib/sizes';
import { createThrowawayDatabase } from './lib/postgres';
import { benchDir, cpuMillis, freeServerPort, type Server, startChild, startServer, waitForOk } from './lib/processes';
import { check, median, round, type Benchmark, type BenchContext, type BenchOutcome, type BudgetCheck, type Cell } from './lib/report';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const ROUND_SECONDS = 5;
const ROUNDS = 5;
const RATIO_BUDGET = 0.6;
const P99_BUDGET_MS = 25;
/** The demo's twelve tools (0 generated), and the trade scales of 5,000 and 50,000 generated tools. */
const DEFAULT_SIZES = [0, 5000, 50_000];
/** Up to this many tools the whole list is loaded against the bare route too. */
const WHOLE_LIST_UP_TO = 5000;
/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const PAGE_PATH = '/api/products?page=1&pageSize=24';

interface Part {
  /** 'demo', or 'trade-scale-5000' and so on. */
  id: string;
  /** Generated tools added to the seeded twelve; 0 for the demo catalogue alone. */
  generatedTools: number;
  acceptEncoding: string | null;
  /** Whether the whole list is loaded against the bare route. */
  wholeList: boolean;
}

function partOf(generatedTools: number): Part {
  if (generatedTools === 0) return { id: 'demo', generatedTools, acceptEncoding: null, wholeList: true };
  return { id: `trade-scale-${generatedTools}`, generatedTools, acceptEncoding: BROWSER_ACCEPT_ENCODING, wholeList: generatedTools <= WHOLE_LIST_UP_TO };
}

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

/** Loads `paths` of `url` (each connection asks for them in turn) and counts the server's CPU time. */
async function load(
  url: string,
  duration: number,
  pid: number,
  acceptEncoding: string | null,
  paths: readonly string[] = ['/api/products'],
): Promise<Measured> {
  const before = cpuMillis(pid);
  const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const result = await runLoad(
    paths.length === 1
      ? { url: `${url}${paths[0] ?? ''}`, connections: CONNECTIONS, duration, headers }
      : { url, connections: CONNECTIONS, duration, headers, requests: paths.map((asked) => ({ method: 'GET' as const, path: asked })) },
  );
  const after = cpuMillis(pid);
  const cpuMicrosPerRequest = before !== null && after !== null && result.total > 0 ? ((after - before) * 1000) / result.total : null;
  return { ...result, cpuMicrosPerRequest };
}

/** A warm-up, then `ROUNDS` rounds of `paths` under load. */
async function loadRounds(url: string, pid: number, acceptEncoding: string | null, paths: readonly string[]): Promise<Summary> {
  await load(url, WARMUP_SECONDS, pid, acceptEncoding, paths);
  const rounds: Measured[] = [];
  for (let i = 0; i < ROUNDS; i += 1) rounds.push(await load(url, ROUND_SECONDS, pid, acceptEncoding, paths));
  return summarise(rounds);
}

interface WholeList extends AgainstBare {
  /** The JSON's own size, before any encoding. */
  jsonBytes: number;
  etagRevalidates: boolean;
}

interface DatabaseFigures {
  part: string;
  database: 'pglite' | 'postgres';
  products: number;
  /** Milliseconds from the server's start to ready, seeding included. */
  readyMs: number;
  /** GET /api/products against the bare route; null where the size leaves it out. */
  whole: WholeList | null;
  /** A page of 24 tools under the same load, at trade scale only. */
  page: Summary | null;
  /** Every page of the first offline copy in turn against the bare route answering the same pages, at trade scale only. */
  copyPages: (AgainstBare & { pages: number }) | null;
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

/** The paths of every page of the first offline copy, found by following each page's `next`. */
async function copyPagePaths(baseUrl: string): Promise<string[]> {
  const paths: string[] = [];
  let pageAfter: number | undefined = 0;
  while (pageAfter !== undefined) {
    const asked = `/api/products/changes?after=0&pageAfter=${pageAfter}`;
    const res: Response = await fetch(`${baseUrl}${asked}`);
    if (res.status !== 200) throw new Error(`GET ${asked} answered ${res.status}`);
    paths.push(asked);
    pageAfter = ((await res.json()) as { next?: number }).next;
  }
  return paths;
}

/** The storefront's answers to `paths` against a bare route answering the same bytes, in alternating rounds. */
interface AgainstBare {
  /** The first path's bytes as sent, in `encoding`. */
  bodyBytes: number;
  encoding: string;
  server: Summary;
  baseline: Summary;
  /** The storefront's requests a second over the bare route's. */
  ratio: number;
  rounds: { server: Measured; baseline: Measured }[];
}

/**
 * Saves the storefront's answer to each of `paths` as sent, starts the bare route on those bytes, and loads both
 * in alternating rounds (which goes first alternates, so a neighbour's burst of work does not always hit the same side).
 */
async function againstBareRoute(
  part: Part,
  server: Server,
  dataDir: string,
  paths: readonly string[],
  what: string,
  ctx: BenchContext,
  cleanups: (() => Promise<void>)[],
): Promise<AgainstBare> {
  const asked: Record<string, string> = part.acceptEncoding ? { 'accept-encoding': part.acceptEncoding } : {};
  // On PostgreSQL the server keeps nothing in its data directory, so it may not exist.
  mkdirSync(dataDir, { recursive: true });
  const answers: (RawAnswer & { path: string; file: string })[] = [];
  for (const [i, url] of paths.entries()) {
    const answer = await rawGet(`${server.baseUrl}${url}`, asked);
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
    const file = path.join(dataDir, `bare-body-${i}`);
    writeFileSync(file, answer.body);
    answers.push({ ...answer, path: url, file });
  }
  const [first] = answers;
  if (!first) throw new Error('no answer to load');
  const encoding = first.headers['content-encoding'] ?? 'identity';
  const barePort = await freeServerPort([server.port]);
  const bare = startChild(
    ['--import', 'tsx', 'bench/lib/bare-server.ts', String(barePort), encoding, ...answers.flatMap((a) => [a.path, a.file])],
    process.env,
  );
  cleanups.push(() => bare.stop());
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await waitForOk(`${bareUrl}/api/readyz`, bare, 30_000);
  for (const answer of answers)
    if (!(await rawGet(`${bareUrl}${answer.path}`, asked)).body.equals(answer.body))
      throw new Error(`the baseline does not answer the same bytes for ${answer.path}`);

  ctx.log(
    `  ${what}: ${paths.length} answer(s), the first ${first.body.length} bytes ${encoding}; warming up, then ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each`,
  );
  await load(server.baseUrl, WARMUP_SECONDS, server.pid, part.acceptEncoding, paths);
  await load(bareUrl, WARMUP_SECONDS, bare.pid, part.acceptEncoding, paths);
  const rounds: { server: Measured; baseline: Measured }[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    if (i % 2 === 0) {
      const s = await load(server.baseUrl, ROUND_SECONDS, server.pid, part.acceptEncoding, paths);
      const b = await load(bareUrl, ROUND_SECONDS, bare.pid, part.acceptEncoding, paths);
      rounds.push({ server: s, baseline: b });
    } else {
      const b = await load(bareUrl, ROUND_SECONDS, bare.pid, part.acceptEncoding, paths);
      const s = await load(server.baseUrl, ROUND_SECONDS, server.pid, part.acceptEncoding, paths);
      rounds.push({ server: s, baseline: b });
    }
  }
  await bare.stop();
  const serverSummary = summarise(rounds.map((r) => r.server));
  const baselineSummary = summarise(rounds.map((r) => r.baseline));
  return {
    bodyBytes: first.body.length,
    encoding,
    server: serverSummary,
    baseline: baselineSummary,
    ratio: serverSummary.requestsPerSec / baselineSummary.requestsPerSec,
    rounds,
  };
}

async function measureWholeList(
  part: Part,
  server: Server,
  dataDir: string,
  label: string,
  ctx: BenchContext,
  cleanups: (() => Promise<void>)[],
): Promise<WholeList> {
  const asked: Record<string, string> = part.acceptEncoding ? { 'accept-encoding': part.acceptEncoding } : {};
  const jsonText = await (await fetch(`${server.baseUrl}/api/products`)).text();
  const etag = (await rawGet(`${server.baseUrl}/api/products`, asked)).headers.etag;
  const again = etag ? await fetch(`${server.baseUrl}/api/products`, { headers: { ...asked, 'if-none-match': etag } }) : null;
  const etagRevalidates = again?.status === 304;
  const measured = await againstBareRoute(part, server, dataDir, ['/api/products'], `${label}: whole list`, ctx, cleanups);
  return { ...measured, jsonBytes: Buffer.byteLength(jsonText), etagRevalidates };
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
    const products = ((await (await fetch(`${server.baseUrl}/api/products?pageSize=1`)).json()) as { total: number }).total;

    const whole = part.wholeList ? await measureWholeList(part, server, dataDir, label, ctx, cleanups) : null;
    let page: Summary | null = null;
    let copyPages: DatabaseFigures['copyPages'] = null;
    if (part.generatedTools > 0) {
      ctx.log(`  ${label}: ${PAGE_PATH}, ${ROUNDS} rounds of ${ROUND_SECONDS} s`);
      page = await loadRounds(server.baseUrl, server.pid, part.acceptEncoding, [PAGE_PATH]);
      const paths = await copyPagePaths(server.baseUrl);
      const measured = await againstBareRoute(part, server, dataDir, paths, `${label}: the pages of the first offline copy in turn`, ctx, cleanups);
      copyPages = { ...measured, pages: paths.length };
    }
    return { part: part.id, database: kind, products, readyMs: Math.round(server.readyMs), whole, page, copyPages };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

const cpuCell = (s: Summary): Cell => (s.cpuMicrosPerRequest === null ? null : round(s.cpuMicrosPerRequest, 0));

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  const parts = catalogueSizes('CATALOGUE_SIZES', DEFAULT_SIZES).map(partOf);
  const figures: DatabaseFigures[] = [];
  const notes: string[] = [];
  const budgets: BudgetCheck[] = [];
  for (const part of parts) {
    for (const kind of ['pglite', 'postgres'] as const) {
      const label = `${part.generatedTools === 0 ? '' : `${toolCount(part.generatedTools)} tools, `}${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`;
      if (kind === 'postgres' && ctx.postgres.url === null) {
        notes.push(`${label} skipped: ${ctx.postgres.reason}`);
        budgets.push({ budget: `${label}: p99 < ${P99_BUDGET_MS} ms`, actual: 'skipped', met: null });
        continue;
      }
      const f = await measure(part, kind, ctx, kind === 'postgres' ? ctx.postgres.url : null);
      figures.push(f);
      if (f.whole) {
        const what = part.acceptEncoding ? `, ${f.whole.encoding}` : '';
        budgets.push(check(`${label}: req/s ratio to bare route${what} >= ${RATIO_BUDGET}`, f.whole.ratio, '', f.whole.ratio >= RATIO_BUDGET));
        if (!f.page) budgets.push(check(`${label}: p99 < ${P99_BUDGET_MS} ms`, f.whole.server.p99, ' ms', f.whole.server.p99 < P99_BUDGET_MS));
        if (!f.whole.etagRevalidates) notes.push(`${label}: a request with If-None-Match did not get 304`);
      }
      if (f.page) budgets.push(check(`${label}: page of 24 tools p99 < ${P99_BUDGET_MS} ms`, f.page.p99, ' ms', f.page.p99 < P99_BUDGET_MS));
      if (f.copyPages) {
        budgets.push(
          check(
            `${label}: first offline copy's pages (${f.copyPages.pages}) req/s ratio to bare route >= ${RATIO_BUDGET}`,
            f.copyPages.ratio,
            '',
            f.copyPages.ratio >= RATIO_BUDGET,
          ),
        );
        // The bare route's p99 on the same pages says how much of the figure is this machine's floor for answers of this size.
        budgets.push({
          ...check(
            `${label}: first offline copy's pages (${f.copyPages.pages}) p99 < ${P99_BUDGET_MS} ms`,
            f.copyPages.server.p99,
            ' ms',
            f.copyPages.server.p99 < P99_BUDGET_MS,
          ),
          actual: `${f.copyPages.server.p99} ms (bare route, same pages: ${f.copyPages.baseline.p99} ms)`,
        });
      }
      for (const [what, summary] of [
        ['whole list', f.whole?.server ?? null],
        ['page', f.page],
        ["offline copy's pages", f.copyPages?.server ?? null],
      ] as const) {
        if (summary && summary.non2xx + summary.errors > 0)
          notes.push(`${label}, ${what}: ${summary.non2xx} non-2xx answers and ${summary.errors} errors under load`);
      }
    }
  }
  const tables = parts.map((part) => {
    const of = figures.filter((f) => f.part === part.id);
    const whole = of.find((f) => f.whole)?.whole;
    const size = `${toolCount(of[0]?.products ?? part.generatedTools)} products`;
    const title =
      part.generatedTools === 0
        ? `GET /api/products, ${CONNECTIONS} connections, median of ${ROUNDS} x ${ROUND_SECONDS} s (catalogue of ${size}, ${whole?.bodyBytes ?? '?'} bytes)`
        : `The catalogue with ${size}, Accept-Encoding "${BROWSER_ACCEPT_ENCODING}", ${CONNECTIONS} connections, median of ${ROUNDS} x ${ROUND_SECONDS} s${
            whole
              ? ` (whole list: ${whole.jsonBytes} bytes of JSON sent as ${whole.bodyBytes} bytes ${whole.encoding})`
              : ' (the whole list is not loaded at this size)'
          }; the offline copy's pages each asked for in turn`;
    return {
      title,
      columns: ['database', 'target', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'server CPU us/req'],
      rows: of.flatMap((f): Cell[][] => [
        ...(f.whole
          ? [
              [
                f.database,
                'storefront',
                round(f.whole.server.requestsPerSec, 0),
                f.whole.server.p50,
                f.whole.server.p99,
                round(f.whole.ratio, 2),
                cpuCell(f.whole.server),
              ],
              [
                f.database,
                'bare route',
                round(f.whole.baseline.requestsPerSec, 0),
                f.whole.baseline.p50,
                f.whole.baseline.p99,
                null,
                cpuCell(f.whole.baseline),
              ],
            ]
          : []),
        ...(f.page ? [[f.database, 'page of 24', round(f.page.requestsPerSec, 0), f.page.p50, f.page.p99, null, cpuCell(f.page)] as Cell[]] : []),
        ...(f.copyPages
          ? [
              [
                f.database,
                `offline copy's ${f.copyPages.pages} pages (first: ${f.copyPages.bodyBytes} bytes)`,
                round(f.copyPages.server.requestsPerSec, 0),
                f.copyPages.server.p50,
                f.copyPages.server.p99,
                round(f.copyPages.ratio, 2),
                cpuCell(f.copyPages.server),
              ] as Cell[],
              [
                f.database,
                'bare route, same pages',
                round(f.copyPages.baseline.requestsPerSec, 0),
                f.copyPages.baseline.p50,
                f.copyPages.baseline.p99,
                null,
                cpuCell(f.copyPages.baseline),
              ] as Cell[],
            ]
          : []),
      ]),
    };
  });
  notes.push(
    ...figures.map((f) => `${f.part}, ${f.database}: ${toolCount(f.products)} products, server ready after ${toolCount(f.readyMs)} ms (seeding included)`),
  );
  return {
    status: 'measured',
    tables,
    budgets,
    data: { connections: CONNECTIONS, roundSeconds: ROUND_SECONDS, rounds: ROUNDS, figures },
    notes,
  };
}

export const catalogueBenchmark: Benchmark = {
  id: 'catalogue',
  title: 'Catalogue API',
  run,
  // Each size seeds its own catalogue on each database; 50,000 tools take a minute or more to seed.
  timeoutMs: 45 * 60_000,
};
