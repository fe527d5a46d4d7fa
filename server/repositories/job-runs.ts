// Claims runs of background jobs across processes (docs/decisions/011-unpaid-orders-expire.md).

import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Claims this run of the job when its time has come, and books the next one `intervalMs` later. Of any
 * number of processes asking at once exactly one gets true: the conditional upsert serialises them on
 * the job's row, and the others then see next_run_at in the future.
 */
export async function claimJobRun(tx: Tx, name: string, intervalMs: number): Promise<boolean> {
  const claimed = await rowsOf<{ name: string }>(
    tx,
    sql`
    insert into job_runs (name, next_run_at, last_run_at)
    values (${name}, now() + ${intervalMs} * interval '1 millisecond', now())
    on conflict (name) do update
       set next_run_at = now() + ${intervalMs} * interval '1 millisecond', last_run_at = now()
     where job_runs.next_run_at <= now()
    returning name`,
  );
  return claimed.length > 0;
}
