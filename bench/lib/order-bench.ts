// What the order benchmarks (orders, orders-bulk, mixed) share: the server on a throwaway PostgreSQL
// database, with the limits its never-paying customers would hit raised; a `pg` client on the same
// database; the customers; the baseline's user; rounds that alternate the server and the baseline; and
// the clean-up, in reverse order, whatever failed.

import { rmSync } from 'node:fs';
import pg from 'pg';
import { createCustomer, type Customer } from './customers';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres';
import { benchDir, startServer, type Server } from './processes';

/**
 * The benches' customers never pay: the caps on unpaid pieces (decision 011) would refuse their orders
 * within a second, and the order rate limit would stop them sooner.
 */
const NEVER_PAYING_LIMITS = {
  RATE_LIMIT_ORDERS_PER_MINUTE: '1000000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '1000',
  UNPAID_UNITS_LIMIT: '999999999',
  UNPAID_UNITS_LIMIT_UNVERIFIED: '999999999',
};

export interface OrderBench {
  dataDir: string;
  database: ThrowawayDatabase;
  server: Server;
  sql: pg.Client;
  customers: Customer[];
  close(): Promise<void>;
}

export interface OrderBenchOptions {
  /** The bench's directory under .tmp/bench, and (with _ for -) its database's label. */
  name: string;
  customers: number;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

export async function startOrderBench(postgresUrl: string, options: OrderBenchOptions): Promise<OrderBench> {
  const dataDir = benchDir(options.name);
  rmSync(dataDir, { recursive: true, force: true });
  const database = await createThrowawayDatabase(postgresUrl, options.name.replace(/-/gu, '_'));
  const cleanups: (() => Promise<void>)[] = [() => database.drop()];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const server = await startServer({
      dataDir,
      databaseUrl: database.url,
      env: { ...NEVER_PAYING_LIMITS, ...options.env },
      ...(options.readyTimeoutMs ? { readyTimeoutMs: options.readyTimeoutMs } : {}),
    });
    cleanups.push(() => server.stop());
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    cleanups.push(() => sql.end());
    const customers: Customer[] = [];
    for (let i = 0; i < options.customers; i += 1) customers.push(await createCustomer(server.baseUrl, server.authPort));
    return { dataDir, database, server, sql, customers, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The first customer as the baseline's transactions write them into the order rows. */
export async function baselineUser(bench: OrderBench): Promise<{ id: string; email: string; name: string }> {
  const first = bench.customers[0];
  if (!first) throw new Error('no customer');
  const row = await bench.sql.query<{ id: string; display_name: string }>('select id, display_name from users where email = $1', [first.email]);
  return { id: row.rows[0]?.id ?? '', email: first.email, name: row.rows[0]?.display_name ?? first.email };
}

/** Rounds of the server and the baseline, alternating which goes first, so a drift of the machine hits both alike. */
export async function alternateRounds<S, B>(rounds: number, server: () => Promise<S>, baseline: () => Promise<B>): Promise<{ server: S[]; baseline: B[] }> {
  const result = { server: [] as S[], baseline: [] as B[] };
  for (let i = 0; i < rounds; i += 1) {
    if (i % 2 === 0) {
      result.server.push(await server());
      result.baseline.push(await baseline());
    } else {
      result.baseline.push(await baseline());
      result.server.push(await server());
    }
  }
  return result;
}
