// Orders under faults: two server processes behind HAProxy (health checks on /api/readyz), on a
// PostgreSQL and a Redis of the benchmark's own, take 50 orders/s from clients that retry each order
// with its clientOrderId on any error, and pay every fifth one, while one process is killed with SIGKILL
// (and started again), PostgreSQL restarts and Redis is away for 10 s. Measured: orders acknowledged,
// retried and refused, the p99 during the faults and the time until the shop recovered from each; and
// what the clients were told is checked against the database (each acknowledged order exactly once,
// stock and totals adding up, no paid order lost).

import { faultRunUnavailable, processPostgresRedisFaults, runFaultLoad, startFaultCluster, type FaultRunReport } from '../tests/helpers/fault-run';
import { check, round, skipped, type Benchmark, type BenchContext, type BenchOutcome } from './lib/report';

const ORDERS_PER_SECOND = 50;
const LOAD_SECONDS = 60;
const REDIS_DOWN_MS = 10_000;
const SECRET = 'faults-bench-secret-that-is-long-enough-for-hs256';

const counts = (by: Record<string, number>) =>
  Object.entries(by)
    .sort(([, a], [, b]) => b - a)
    .map(([what, n]) => `${n} ${what}`)
    .join(', ');
const ms = (value: number | null) => (value === null ? null : round(value, 0));
const seconds = (value: number | null) => (value === null ? 'never' : `${round(value, 1)} s`);

function outcome(report: FaultRunReport): BenchOutcome {
  const { orders, payments, latencyMs } = report;
  const refusedBy = counts(orders.refusedBy);
  return {
    status: 'measured',
    tables: [
      {
        title: `Orders at ${ORDERS_PER_SECOND}/s for ${LOAD_SECONDS} s through HAProxy, two processes`,
        columns: ['figure', 'value'],
        rows: [
          ['orders sent', orders.started],
          ['acknowledged (201, or 200 for a repeat)', orders.acknowledged],
          ['acknowledged after at least one retry', orders.acknowledgedAfterRetry],
          ['retries (order requests beyond the first)', orders.retries],
          ['answered 429 (retried after Retry-After)', orders.rateLimited],
          ['refused (a 4xx answer)', `${orders.refused}${refusedBy ? ` (${refusedBy})` : ''}`],
          ['given up (no answer within the retry time)', orders.unresolved],
          ['payments started / acknowledged paid', `${payments.started} / ${payments.paid}`],
          ['payments refused / given up', `${payments.refused} / ${payments.unresolved}`],
          ['p50 / p99 before the faults (ms, first try to acknowledgement)', `${ms(latencyMs.quietP50) ?? '-'} / ${ms(latencyMs.quietP99) ?? '-'}`],
          ['p99 of orders sent during the faults (ms)', ms(latencyMs.faultsP99)],
          ['p99 of all orders (ms)', ms(latencyMs.overallP99)],
        ],
      },
      {
        title: 'Per fault (times from the moment it was made)',
        columns: ['fault', 'at', 'cause lasted', 'failed tries', 'clients saw errors for', 'all processes healthy after', 'p99 (ms)'],
        rows: report.faults.map((f) => [
          f.name,
          `${round(f.injectedAtS, 1)} s`,
          seconds(f.causeLastedS),
          `${f.failedAttempts}${f.failedAttempts > 0 ? ` (${counts(f.failedBy)})` : ''}`,
          seconds(f.clientErrorsForS),
          seconds(f.recoveredAfterS),
          ms(f.p99Ms),
        ]),
      },
      {
        title: 'Errors the processes logged',
        columns: ['count', 'error'],
        rows: Object.entries(report.serverErrors)
          .sort(([, a], [, b]) => b - a)
          .map(([what, n]) => [n, what]),
      },
    ],
    budgets: [
      check(
        'acknowledged orders stored exactly once, stock and totals add up, paid orders kept, every process recovered',
        report.problems.length,
        ' problems',
        report.problems.length === 0,
      ),
    ],
    data: { ordersPerSecond: ORDERS_PER_SECOND, loadSeconds: LOAD_SECONDS, ...report, problems: report.problems.slice(0, 50) },
    notes: report.problems.slice(0, 20).map((p) => `PROBLEM: ${p}`),
  };
}

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  const unavailable = faultRunUnavailable();
  if (unavailable) return skipped(`the fault run needs HAProxy, PostgreSQL's binaries and redis-server: ${unavailable}`);
  ctx.log('starting a PostgreSQL, a Redis, two processes and HAProxy of our own');
  const cluster = await startFaultCluster({
    processes: 2,
    users: 40,
    trustedUsers: 30,
    // One tool runs out during the run, so some orders are refused as out of stock.
    products: [
      { stock: 1_000_000, price: 25 },
      { stock: 1_000_000, price: 40 },
      { stock: 1_000_000, price: 12 },
      { stock: 1_000_000, price: 90 },
      { stock: 400, price: 60 },
    ],
    secret: SECRET,
  });
  try {
    const faults = processPostgresRedisFaults(cluster, {
      killAtMs: 10_000,
      restartAfterMs: 1000,
      postgresRestartAtMs: 25_000,
      redisStopAtMs: 40_000,
      redisDownMs: REDIS_DOWN_MS,
    });
    const report = await runFaultLoad(
      cluster,
      faults,
      { ordersPerSecond: ORDERS_PER_SECOND, durationMs: LOAD_SECONDS * 1000, payEvery: 5, giveUpAfterMs: 180_000, requestTimeoutMs: 10_000 },
      ctx.log,
    );
    return outcome(report);
  } finally {
    await cluster.close();
  }
}

export const faultsBenchmark: Benchmark = {
  id: 'faults',
  title: 'Orders under faults: a process killed, PostgreSQL restarted, Redis away (HAProxy, two processes)',
  run,
  timeoutMs: 15 * 60_000,
};
