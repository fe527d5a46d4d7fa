// Orders under faults: server processes on a PostgreSQL and a Redis of their own, behind HAProxy, with
// clients that place orders at a steady rate and retry each one with its clientOrderId on any error
// (a network error, a 5xx, a 429 after its Retry-After) while a process is killed, PostgreSQL restarts and
// Redis goes away. Afterwards what the clients were told is checked against the database: each
// acknowledged order exists once, stock and totals add up, and every acknowledged payment is there.
// The API test and `npm run bench faults` both run it, at different sizes.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations, type Database } from '../../server/db/client';
import { orders } from '../../server/db/schema';
import { insertProduct } from '../../server/repositories/products';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../bench/lib/postgres';
import { findHaproxy, startHaproxy, type Haproxy } from './haproxy';
import { mintUser, type MintedUser } from './minted-users';
import { findPostgresBinaries, startOwnPostgres, type OwnPostgres } from './own-postgres';
import { findRedisServer, startOwnRedis, type OwnRedis } from './own-redis';
import { freePortRange } from './ports';
import { projectModeEnv, startServer, waitReady, type ServerProcess } from './server-process';

/** Why a fault run cannot be made on this machine (a missing binary), or null when it can. */
export function faultRunUnavailable(): string | null {
  const missing = [findHaproxy(), findPostgresBinaries(), findRedisServer()].flatMap((found) => ('reason' in found ? [found.reason] : []));
  return missing.length > 0 ? missing.join('; ') : null;
}

export interface FaultClusterOptions {
  processes: number;
  users: number;
  /** Users the shop trusts to hold stock before paying; the others' orders take it when paid. */
  trustedUsers: number;
  products: { stock: number; price: number }[];
  secret: string;
}

export interface FaultCluster {
  proxyUrl: string;
  /** The processes as they are now: a restarted one replaces the killed one at its index. */
  readonly servers: readonly ServerProcess[];
  /** Every process started, killed ones included, for their logs. */
  readonly everyProcess: readonly ServerProcess[];
  database: Database;
  users: MintedUser[];
  products: { id: string; stock: number }[];
  postgres: OwnPostgres;
  redis: OwnRedis;
  /** SIGKILL, and the exit. */
  killProcess(index: number): Promise<void>;
  /** Starts the process at `index` again on its port and data directory; resolves once it is ready. */
  restartProcess(index: number): Promise<void>;
  /** Each process answers /api/readyz with 200 and Redis up, directly (not through the proxy). */
  allHealthy(): Promise<boolean>;
  /** Waits (bounded) until allHealthy(); throws with the processes' output when they do not get there. */
  untilAllHealthy(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const DESCRIPTION =
  'A cordless 18 V impact driver with three speeds, a quarter-inch hex chuck and an LED ring light, packed for dealers in cartons of ten. '.repeat(2);

async function healthy(server: ServerProcess): Promise<boolean> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return false;
  try {
    const res = await fetch(`${server.url}/api/readyz`, { signal: AbortSignal.timeout(1000) });
    if (!res.ok) return false;
    return ((await res.json()) as { redis?: string }).redis === 'up';
  } catch {
    return false;
  }
}

async function stopProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

export async function startFaultCluster(options: FaultClusterOptions): Promise<FaultCluster> {
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => errors.push(error));
    cleanups.length = 0;
    if (errors.length > 0) throw new Error(`closing the fault cluster: ${errors.map(String).join('; ')}`);
  };
  try {
    const postgres = await startOwnPostgres();
    cleanups.push(() => postgres.close());
    const redis = await startOwnRedis();
    cleanups.push(() => redis.close());
    const created: ThrowawayDatabase = await createThrowawayDatabase(postgres.url, 'faults');
    cleanups.push(() => created.drop());
    const database = await openDatabase({ databaseUrl: created.url, pgliteDir: null, poolSize: 4 });
    cleanups.push(() => database.close());
    await runMigrations(database);

    const users = await Promise.all(Array.from({ length: options.users }, () => mintUser(database.db, options.secret)));
    const trusted = users.slice(0, options.trustedUsers).map((u) => u.id);
    if (trusted.length > 0) await database.db.execute(sql`update users set trusted_at = now() where id in ${trusted}`);
    const products = [];
    for (const [i, product] of options.products.entries()) {
      const id = await insertProduct(database.db, {
        name: `Fault Run Driver ${i + 1}`,
        description: DESCRIPTION,
        imageUrl: `/uploads/${'f'.repeat(64)}.webp`,
        price: product.price,
        available: product.stock,
        minOrder: 1,
      });
      products.push({ id, stock: product.stock });
    }

    const envs: Record<string, string>[] = [];
    const dataDirs: string[] = [];
    for (let i = 0; i < options.processes; i += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'forgeline-faults-'));
      dataDirs.push(dataDir);
      const port = await freePortRange(1);
      envs.push(projectModeEnv(dataDir, port, { DATABASE_URL: created.url, REDIS_URL: redis.url, ACCESS_TOKEN_SECRET: options.secret, TRUST_PROXY: 'true' }));
    }
    cleanups.push(async () => {
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });
    const servers: ServerProcess[] = envs.map((env) => startServer(env));
    const everyProcess = [...servers];
    cleanups.push(async () => {
      await Promise.all(servers.map(stopProcess));
    });
    await Promise.all(servers.map((s) => waitReady(s)));

    const allHealthy = async () => (await Promise.all(servers.map(healthy))).every(Boolean);
    const untilAllHealthy = async (timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await allHealthy())) {
        if (Date.now() > deadline)
          throw new Error(
            `not every process is ready with Redis up after ${timeoutMs} ms:\n${servers.map((s) => `${s.url}:\n${s.output().slice(-3000)}`).join('\n\n')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await untilAllHealthy(30_000);

    const proxy: Haproxy = await startHaproxy(servers.map((s) => s.url));
    cleanups.push(() => proxy.close());

    return {
      proxyUrl: proxy.url,
      servers,
      everyProcess,
      database,
      users,
      products,
      postgres,
      redis,
      async killProcess(index) {
        const server = servers[index];
        if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
        server.child.kill('SIGKILL');
        await exited;
      },
      async restartProcess(index) {
        const env = envs[index];
        if (!env) throw new Error(`no process ${index}`);
        const server = startServer(env);
        servers[index] = server;
        everyProcess.push(server);
        await waitReady(server, 120_000);
      },
      allHealthy,
      untilAllHealthy,
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/**
 * A fault: `run` makes it happen and resolves once its cause is removed (a process serving again, a
 * service back). Faults come one after another: each starts at its time or when the one before is over.
 */
export interface Fault {
  name: string;
  /** When, from the start of the load, at the earliest. */
  atMs: number;
  run(): Promise<void>;
}

export interface FaultSchedule {
  killAtMs: number;
  /** How long the killed process stays down before it is started again. */
  restartAfterMs: number;
  postgresRestartAtMs: number;
  redisStopAtMs: number;
  redisDownMs: number;
}

/** The three faults: the last process killed and started again, PostgreSQL restarted, Redis stopped for a while. */
export function processPostgresRedisFaults(cluster: FaultCluster, schedule: FaultSchedule): Fault[] {
  const last = cluster.servers.length - 1;
  return [
    {
      name: `process ${last + 1} killed (SIGKILL), started again ${schedule.restartAfterMs / 1000} s later`,
      atMs: schedule.killAtMs,
      async run() {
        await cluster.killProcess(last);
        await sleep(schedule.restartAfterMs);
        await cluster.restartProcess(last);
      },
    },
    {
      name: 'PostgreSQL restarted (fast shutdown, then start)',
      atMs: schedule.postgresRestartAtMs,
      async run() {
        await cluster.postgres.stop();
        await cluster.postgres.start();
      },
    },
    {
      name: `Redis stopped for ${schedule.redisDownMs / 1000} s`,
      atMs: schedule.redisStopAtMs,
      async run() {
        await cluster.redis.stop();
        await sleep(schedule.redisDownMs);
        await cluster.redis.start();
      },
    },
  ];
}

export interface LoadOptions {
  ordersPerSecond: number;
  durationMs: number;
  /** Every n-th acknowledged order is then paid by its client. */
  payEvery: number;
  /** A client stops retrying an order (or a payment) this long after it first sent it. */
  giveUpAfterMs: number;
  requestTimeoutMs: number;
}

type Answer = { status: number; body: unknown; headers: Headers };

interface Attempt {
  startedAt: number;
  endedAt: number;
  kind: 'order' | 'payment';
  /** 'error' for a network error, a timeout or a 5xx. */
  outcome: 'answer' | 'error' | 'rate_limited';
  /** What went wrong, for an error: the 5xx status, 'timeout' or 'network'. */
  failure?: string;
}

interface OrderRecord {
  clientOrderId: string;
  userId: string;
  quantity: number;
  startedAt: number;
  attempts: number;
  outcome: 'acknowledged' | 'refused' | 'unresolved';
  /** Every id an acknowledgement named: they must all be the same. */
  insertedIds: string[];
  ackedAt: number | null;
  refusal: string | null;
  payment: { outcome: 'paid' | 'refused' | 'unresolved'; transactionId: string | null } | null;
}

export interface FaultTiming {
  name: string;
  injectedAtS: number;
  /** From injection until its cause was removed (a process started again, a service back). */
  causeLastedS: number;
  /** From injection until the last failed attempt started in its window ended; 0 when none failed. */
  clientErrorsForS: number;
  /** From injection until every process was ready again with Redis up; null when it never was. */
  recoveredAfterS: number | null;
  failedAttempts: number;
  /** The failed attempts by what went wrong (a 5xx status, 'timeout', 'network'). */
  failedBy: Record<string, number>;
  /** Of orders first sent between the injection and the recovery, from first try to acknowledgement. */
  p99Ms: number | null;
}

export interface FaultRunReport {
  orders: {
    started: number;
    acknowledged: number;
    acknowledgedAfterRetry: number;
    retries: number;
    rateLimited: number;
    refused: number;
    refusedBy: Record<string, number>;
    unresolved: number;
  };
  payments: { started: number; paid: number; refused: number; unresolved: number };
  latencyMs: { quietP50: number | null; quietP99: number | null; faultsP99: number | null; overallP99: number | null };
  faults: FaultTiming[];
  /** The errors the processes logged (level error and above), by kind and message. */
  serverErrors: Record<string, number>;
  /** Every broken promise found in the database; empty when all held. */
  problems: string[];
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

/**
 * Sends a request until it gets an answer that is not worth retrying: a network error, a timeout and a
 * 5xx are retried after a growing pause, a 429 after its Retry-After. Null when `until` came first.
 */
async function untilAnswered(
  send: (signal: AbortSignal) => Promise<Response>,
  kind: Attempt['kind'],
  until: number,
  options: LoadOptions,
  log: Attempt[],
  clock: () => number,
): Promise<{ answer: Answer | null; attempts: number; rateLimited: number }> {
  let attempts = 0;
  let rateLimited = 0;
  while (clock() < until) {
    attempts += 1;
    const startedAt = clock();
    let answer: Answer | null = null;
    let failure = 'network';
    try {
      const res = await send(AbortSignal.timeout(options.requestTimeoutMs));
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // HAProxy's own 5xx pages are HTML.
      }
      answer = { status: res.status, body, headers: res.headers };
    } catch (error) {
      answer = null;
      if (error instanceof DOMException && error.name === 'TimeoutError') failure = 'timeout';
    }
    const endedAt = clock();
    if (answer && answer.status < 500 && answer.status !== 429) {
      log.push({ startedAt, endedAt, kind, outcome: 'answer' });
      return { answer, attempts, rateLimited };
    }
    if (answer?.status === 429) {
      rateLimited += 1;
      log.push({ startedAt, endedAt, kind, outcome: 'rate_limited' });
      await sleep(Math.min(Number(answer.headers.get('retry-after') ?? '1') * 1000, until - clock()));
      continue;
    }
    log.push({ startedAt, endedAt, kind, outcome: 'error', failure: answer ? String(answer.status) : failure });
    await sleep(Math.min(1000, 100 * 2 ** Math.min(attempts - 1, 4)) * (0.5 + Math.random() / 2));
  }
  return { answer: null, attempts, rateLimited };
}

const codeOf = (body: unknown): string => (body as { error?: { code?: string } } | null)?.error?.code ?? 'unknown';

/** Runs the load with the faults on their schedule, waits for the clients to finish, and checks the database. */
export async function runFaultLoad(
  cluster: FaultCluster,
  faults: Fault[],
  options: LoadOptions,
  progress: (message: string) => void = () => undefined,
): Promise<FaultRunReport> {
  // Orders placed before the run (by another test on the same cluster) are not the clients' to answer for.
  const earlier = new Set((await cluster.database.db.select({ id: orders.id }).from(orders)).map((o) => o.id));
  const t0 = performance.now();
  const clock = () => performance.now() - t0;
  const attempts: Attempt[] = [];
  const records: OrderRecord[] = [];
  let rateLimited = 0;
  let acknowledgedSoFar = 0;
  const json = (method: string, url: string, user: MintedUser, body: unknown) => (signal: AbortSignal) =>
    fetch(`${cluster.proxyUrl}${url}`, { method, signal, headers: { ...user.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function pay(record: OrderRecord, user: MintedUser, orderId: string, until: number): Promise<void> {
    record.payment = { outcome: 'unresolved', transactionId: null };
    const intent = await untilAnswered(json('POST', '/api/create-payment-intent', user, { orderId }), 'payment', until, options, attempts, clock);
    rateLimited += intent.rateLimited;
    if (!intent.answer) return;
    const clientSecret = (intent.answer.body as { clientSecret?: string }).clientSecret;
    if (intent.answer.status !== 200 || !clientSecret) {
      record.payment.outcome = 'refused';
      return;
    }
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };
    const confirmed = await untilAnswered(json('POST', '/api/sandbox/confirm', user, { clientSecret, card }), 'payment', until, options, attempts, clock);
    rateLimited += confirmed.rateLimited;
    if (!confirmed.answer) return;
    const transactionId = (confirmed.answer.body as { paymentIntent?: { id?: string } }).paymentIntent?.id;
    if (!transactionId) {
      record.payment.outcome = 'refused';
      return;
    }
    const marked = await untilAnswered(json('PATCH', `/api/order/${orderId}`, user, { transactionId }), 'payment', until, options, attempts, clock);
    rateLimited += marked.rateLimited;
    if (!marked.answer) return;
    record.payment = { outcome: marked.answer.status === 200 ? 'paid' : 'refused', transactionId };
  }

  async function placeOne(index: number): Promise<void> {
    const user = cluster.users[index % cluster.users.length];
    const product = cluster.products[index % cluster.products.length];
    if (!user || !product) throw new Error('a fault run needs users and products');
    const quantity = 1 + (index % 3);
    const record: OrderRecord = {
      clientOrderId: randomUUID(),
      userId: user.id,
      quantity,
      startedAt: clock(),
      attempts: 0,
      outcome: 'unresolved',
      insertedIds: [],
      ackedAt: null,
      refusal: null,
      payment: null,
    };
    records.push(record);
    const until = record.startedAt + options.giveUpAfterMs;
    const body = {
      productId: product.id,
      orderQuantity: quantity,
      userAddress: '12 Harbour Road, Leeds',
      userPhone: '+44 113 496 0000',
      clientOrderId: record.clientOrderId,
    };
    const placed = await untilAnswered(json('POST', '/api/orders', user, body), 'order', until, options, attempts, clock);
    record.attempts = placed.attempts;
    rateLimited += placed.rateLimited;
    if (!placed.answer) return;
    const insertedId = (placed.answer.body as { insertedId?: string }).insertedId;
    if ((placed.answer.status === 200 || placed.answer.status === 201) && insertedId) {
      record.outcome = 'acknowledged';
      record.insertedIds.push(insertedId);
      record.ackedAt = clock();
      acknowledgedSoFar += 1;
      if (acknowledgedSoFar % options.payEvery === 0) await pay(record, user, insertedId, record.ackedAt + options.giveUpAfterMs);
      return;
    }
    record.outcome = 'refused';
    record.refusal = `${placed.answer.status} ${codeOf(placed.answer.body)}`;
  }

  // Each process's health, sampled directly, to tell when the shop had recovered from each fault.
  const health: { at: number; allHealthy: boolean }[] = [];
  let monitoring = true;
  const monitor = (async () => {
    while (monitoring) {
      const at = clock();
      health.push({ at, allHealthy: await cluster.allHealthy() });
      await sleep(100 - (clock() - at));
    }
  })();

  const timings: { name: string; injectedAt: number; endedAt: number }[] = [];
  const faultRuns = (async () => {
    for (const fault of faults) {
      await sleep(fault.atMs - clock());
      const injectedAt = clock();
      progress(`fault: ${fault.name}`);
      await fault.run();
      timings.push({ name: fault.name, injectedAt, endedAt: clock() });
    }
  })();

  const total = Math.round((options.ordersPerSecond * options.durationMs) / 1000);
  const interval = 1000 / options.ordersPerSecond;
  const clients: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    await sleep(i * interval - clock());
    clients.push(placeOne(i));
    if (i > 0 && i % (options.ordersPerSecond * 10) === 0) progress(`${i} orders sent, ${acknowledgedSoFar} acknowledged`);
  }
  const faultErrors = (await Promise.allSettled([faultRuns])).flatMap((r) =>
    r.status === 'rejected' ? [`a fault could not be made or undone: ${String(r.reason)}`] : [],
  );
  const clientErrors = (await Promise.allSettled(clients)).flatMap((r) => (r.status === 'rejected' ? [`a client failed: ${String(r.reason)}`] : []));
  progress(`load done: ${acknowledgedSoFar} of ${total} orders acknowledged; waiting for every process to be healthy`);
  let notRecovered: string | null = null;
  try {
    await cluster.untilAllHealthy(60_000);
  } catch (error) {
    notRecovered = error instanceof Error ? error.message : String(error);
  }
  monitoring = false;
  await monitor;

  const problems = [...faultErrors, ...clientErrors, ...(notRecovered ? [notRecovered] : []), ...(await checkDatabase(cluster, records, earlier))];
  return { ...summarise(records, attempts, rateLimited, timings, health, problems), serverErrors: loggedErrors(cluster.everyProcess) };
}

/** The processes' own account of what failed: each error line of their JSON log, by error and message. */
function loggedErrors(processes: readonly ServerProcess[]): Record<string, number> {
  const kinds: string[] = [];
  for (const server of processes) {
    for (const line of server.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { type?: string; message?: string } };
        if ((entry.level ?? 0) < 50) continue;
        // A failed query's message is the statement, its parameters and then the cause: the statement's
        // start and the cause say what failed, without the parameters that make every line different.
        const message = (entry.err?.message ?? '').replace(/\s+/gu, ' ');
        const failedQuery = /^Failed query: (.{0,50}).*: ([^:]*(?::\d+)?)$/u.exec(message);
        const what = failedQuery
          ? `${(failedQuery[1] ?? '').replace(/ params: ?$/u, '')}... : ${(failedQuery[2] ?? '').replace(/:\d+$/u, '')}`
          : message.slice(0, 120);
        kinds.push(`${entry.msg ?? ''}: ${what}`);
      } catch {
        // Not a log line.
      }
    }
  }
  return countBy(kinds);
}

function summarise(
  records: OrderRecord[],
  attempts: Attempt[],
  rateLimited: number,
  timings: { name: string; injectedAt: number; endedAt: number }[],
  health: { at: number; allHealthy: boolean }[],
  problems: string[],
): Omit<FaultRunReport, 'serverErrors'> {
  const acked = records.filter((r) => r.outcome === 'acknowledged');
  const latency = (rs: OrderRecord[]) => rs.flatMap((r) => (r.ackedAt === null ? [] : [r.ackedAt - r.startedAt]));
  const sorted = [...timings].sort((a, b) => a.injectedAt - b.injectedAt);
  const firstFault = sorted[0]?.injectedAt ?? Number.POSITIVE_INFINITY;
  const faultWindows: [number, number][] = [];
  const faults = sorted.map((timing, i) => {
    const windowEnd = sorted[i + 1]?.injectedAt ?? Number.POSITIVE_INFINITY;
    const recovered = health.find((h) => h.at >= timing.endedAt && h.allHealthy)?.at ?? null;
    const failed = attempts.filter((a) => a.outcome === 'error' && a.startedAt >= timing.injectedAt && a.startedAt < windowEnd);
    const lastFailure = Math.max(timing.injectedAt, ...failed.map((a) => a.endedAt));
    const until = recovered ?? windowEnd;
    faultWindows.push([timing.injectedAt, until]);
    const during = acked.filter((r) => r.startedAt >= timing.injectedAt && r.startedAt <= until);
    const p99 = percentile(latency(during), 99);
    return {
      name: timing.name,
      injectedAtS: timing.injectedAt / 1000,
      causeLastedS: (timing.endedAt - timing.injectedAt) / 1000,
      clientErrorsForS: (lastFailure - timing.injectedAt) / 1000,
      recoveredAfterS: recovered === null ? null : (recovered - timing.injectedAt) / 1000,
      failedAttempts: failed.length,
      failedBy: countBy(failed.map((a) => a.failure ?? 'network')),
      p99Ms: p99,
    };
  });
  const inFaults = acked.filter((r) => faultWindows.some(([from, to]) => r.startedAt >= from && r.startedAt <= to));
  const quiet = acked.filter((r) => r.startedAt < firstFault);
  const refusedBy = countBy(records.flatMap((r) => (r.refusal ? [r.refusal] : [])));
  const payments = records.flatMap((r) => (r.payment ? [r.payment] : []));
  return {
    orders: {
      started: records.length,
      acknowledged: acked.length,
      acknowledgedAfterRetry: acked.filter((r) => r.attempts > 1).length,
      retries: attempts.filter((a) => a.kind === 'order').length - records.length,
      rateLimited,
      refused: records.filter((r) => r.outcome === 'refused').length,
      refusedBy,
      unresolved: records.filter((r) => r.outcome === 'unresolved').length,
    },
    payments: {
      started: payments.length,
      paid: payments.filter((p) => p.outcome === 'paid').length,
      refused: payments.filter((p) => p.outcome === 'refused').length,
      unresolved: payments.filter((p) => p.outcome === 'unresolved').length,
    },
    latencyMs: {
      quietP50: percentile(latency(quiet), 50),
      quietP99: percentile(latency(quiet), 99),
      faultsP99: percentile(latency(inFaults), 99),
      overallP99: percentile(latency(acked), 99),
    },
    faults,
    problems,
  };
}

interface StoredOrder {
  id: string;
  user_id: string;
  client_order_id: string;
  status: string;
  transaction_id: string | null;
  /** Bigints: PostgreSQL sends them as text. */
  total_minor: string | number;
  /** The pieces of all its lines. */
  quantity: number;
  holds_stock: boolean;
  lines_total: string | number;
  lines_priced_right: boolean;
}

/** What the database holds against what the clients were told; one sentence per broken promise. */
async function checkDatabase(cluster: FaultCluster, records: OrderRecord[], earlier: Set<string>): Promise<string[]> {
  const { db } = cluster.database;
  const problems: string[] = [];
  const stored = (
    (await db.execute(sql`
      select o.id, o.user_id, o.client_order_id, o.status, o.transaction_id, o.total_minor, o.holds_stock,
             coalesce(sum(l.line_total_minor), 0)::bigint as lines_total, coalesce(sum(l.quantity), 0)::int as quantity,
             coalesce(bool_and(l.line_total_minor = l.unit_price_minor * l.quantity), false) as lines_priced_right
        from orders o left join order_lines l on l.order_id = o.id
       group by o.id`)) as unknown as { rows: StoredOrder[] }
  ).rows;
  const byKey = new Map<string, StoredOrder[]>();
  for (const order of stored)
    byKey.set(`${order.user_id}/${order.client_order_id}`, [...(byKey.get(`${order.user_id}/${order.client_order_id}`) ?? []), order]);
  const known = new Set(records.map((r) => `${r.userId}/${r.clientOrderId}`));

  for (const record of records) {
    const copies = byKey.get(`${record.userId}/${record.clientOrderId}`) ?? [];
    if (record.outcome === 'acknowledged') {
      if (new Set(record.insertedIds).size !== 1)
        problems.push(`order ${record.clientOrderId} was acknowledged under several ids: ${record.insertedIds.join(', ')}`);
      const [only] = copies;
      if (copies.length !== 1 || !only) problems.push(`acknowledged order ${record.clientOrderId} is stored ${copies.length} times`);
      else if (only.id !== record.insertedIds[0])
        problems.push(`acknowledged order ${record.clientOrderId} is stored under ${only.id}, not the acknowledged ${record.insertedIds[0]}`);
      else if (only.quantity !== record.quantity)
        problems.push(`acknowledged order ${record.clientOrderId} has ${only.quantity} pieces, not ${record.quantity}`);
    } else if (record.outcome === 'refused' && copies.length > 0) {
      problems.push(`order ${record.clientOrderId} was refused (${record.refusal}) but is stored`);
    } else if (copies.length > 1) {
      problems.push(`order ${record.clientOrderId} is stored ${copies.length} times`);
    }
    if (record.payment?.outcome === 'paid') {
      const [order] = copies;
      if (!order || (order.status !== 'Paid' && order.status !== 'Shipped'))
        problems.push(`order ${record.clientOrderId} was paid but is ${order?.status ?? 'gone'}`);
      else if (order.transaction_id !== record.payment.transactionId)
        problems.push(`paid order ${record.clientOrderId} has transaction ${order.transaction_id}, not ${record.payment.transactionId}`);
      if (order && !order.holds_stock) problems.push(`paid order ${record.clientOrderId} holds no stock`);
    }
  }
  for (const order of stored) {
    if (!earlier.has(order.id) && !known.has(`${order.user_id}/${order.client_order_id}`)) problems.push(`order ${order.id} was never sent by a client`);
    if (Number(order.total_minor) !== Number(order.lines_total))
      problems.push(`order ${order.id} totals ${order.total_minor} but its lines ${order.lines_total}`);
    if (!order.lines_priced_right) problems.push(`order ${order.id} has a line whose total is not its price times its quantity (or no line)`);
  }

  const taken = (
    (await db.execute(sql`
      select p.id, p.available, coalesce(sum(l.quantity) filter (where o.holds_stock), 0)::int as held
        from products p left join order_lines l on l.product_id = p.id left join orders o on o.id = l.order_id
       group by p.id`)) as unknown as { rows: { id: string; available: number; held: number }[] }
  ).rows;
  for (const product of cluster.products) {
    const now = taken.find((t) => t.id === product.id);
    if (!now) problems.push(`product ${product.id} is gone`);
    else if (product.stock - now.available !== now.held)
      problems.push(`product ${product.id}: ${product.stock - now.available} pieces left the shelf but orders hold ${now.held}`);
    else if (now.available < 0) problems.push(`product ${product.id} has ${now.available} pieces`);
  }
  return problems;
}
