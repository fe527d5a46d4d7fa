// Benchmark 5: time from starting the server (node --import tsx server/main.ts, as `npm start` runs it
// after the build) to a ready /api/readyz: on an existing data directory (median of several starts),
// and the very first start on an empty one (database created, migrated and seeded).

import { rmSync } from 'node:fs';
import { benchDir, startServer } from './lib/processes';
import { median, round, type Benchmark, type BenchContext, type BenchOutcome } from './lib/report';

const WARM_STARTS = 5;

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  const dataDir = benchDir('cold-start');
  rmSync(dataDir, { recursive: true, force: true });
  benchDir('cold-start');

  ctx.log('  first start on an empty data directory');
  const first = await startServer({ dataDir });
  await first.stop();

  const starts: number[] = [];
  for (let i = 0; i < WARM_STARTS; i += 1) {
    const server = await startServer({ dataDir });
    starts.push(server.readyMs);
    // A clean stop (CHECKPOINT, emulator export) is part of how an operator restarts; it is not timed.
    await server.stop();
  }
  ctx.log(`  ${WARM_STARTS} starts on the existing data directory: ${starts.map((s) => Math.round(s)).join(', ')} ms`);
  const existing = median(starts);
  return {
    status: 'measured',
    tables: [
      {
        title: 'Start to ready /api/readyz (PGlite, local Auth emulator)',
        columns: ['data directory', 'ms', 'min ms', 'max ms', 'starts'],
        rows: [
          ['existing (median)', round(existing, 0), round(Math.min(...starts), 0), round(Math.max(...starts), 0), WARM_STARTS],
          ['empty (first start, seeds)', round(first.readyMs, 0), null, null, 1],
        ],
      },
    ],
    budgets: [],
    data: { existingMedianMs: existing, existingStartsMs: starts, firstStartMs: first.readyMs },
    notes: [],
  };
}

export const coldStartBenchmark: Benchmark = { id: 'cold-start', title: 'Cold start', run };
