// What the order baselines share (orders-baseline.ts, orders-bulk-baseline.ts): the plan read from the file
// named on the command line, one transaction per order on a pool as large as the server's, callers placing
// orders until the time is up, and the one JSON line of the result.

import { readFileSync } from 'node:fs';
import pg from 'pg';

export interface OrdersBaselinePlan {
  databaseUrl: string;
  seconds: number;
  concurrency: number;
  poolSize: number;
}

export interface OrdersBaselineResult {
  orders: number;
  /** Orders refused because the stock ran out (the transaction rolled back). */
  refused: number;
  seconds: number;
  /** Milliseconds one order's transaction took, from taking a connection to its commit: the median and the 99th percentile. */
  p50Ms: number;
  p99Ms: number;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

export function readPlan<Plan extends OrdersBaselinePlan>(): Plan {
  return JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Plan;
}

/**
 * Places orders with `place` (inside a transaction: true once placed, false when refused, then rolled back)
 * from `plan.concurrency` callers until `plan.seconds` have passed; prints the result as one JSON line.
 */
export async function runOrdersBaseline(plan: OrdersBaselinePlan, place: (client: pg.PoolClient) => Promise<boolean>): Promise<void> {
  const pool = new pg.Pool({ connectionString: plan.databaseUrl, max: plan.poolSize });
  const placeOne = async (): Promise<boolean> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const placed = await place(client);
      await client.query(placed ? 'commit' : 'rollback');
      return placed;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  const started = performance.now();
  const deadline = started + plan.seconds * 1000;
  let orders = 0;
  let refused = 0;
  const took: number[] = [];
  await Promise.all(
    Array.from({ length: plan.concurrency }, async () => {
      while (performance.now() < deadline) {
        const start = performance.now();
        const placed = await placeOne();
        took.push(performance.now() - start);
        if (placed) orders += 1;
        else refused += 1;
      }
    }),
  );
  took.sort((a, b) => a - b);
  const result: OrdersBaselineResult = {
    orders,
    refused,
    seconds: (performance.now() - started) / 1000,
    p50Ms: percentile(took, 0.5),
    p99Ms: percentile(took, 0.99),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await pool.end();
}
