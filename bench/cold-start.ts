// Benchmark 5: time from starting the server (node --import tsx server/main.ts, as `npm start` runs it
// after the build) to a ready /api/readyz. On an existing data directory (median of several starts), both
// in local mode, where the server also starts the Firebase Auth emulator, and with a Firebase project
// configured (production: no emulator); and the very first start on an empty directory (database
// created, migrated and seeded).

import { rmSync } from 'node:fs';
import { benchDir, startServer, type ServerOptions } from './lib/processes';
import { median, round, type Benchmark, type BenchContext, type BenchOutcome, type Cell } from './lib/report';

const STARTS = 3;

async function timeStarts(options: ServerOptions, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = await startServer(options);
    times.push(server.readyMs);
    // A clean stop (CHECKPOINT, emulator export) is part of a restart, but it is not timed.
    await server.stop();
  }
  return times;
}

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  const dataDir = benchDir('cold-start');
  rmSync(dataDir, { recursive: true, force: true });
  benchDir('cold-start');

  ctx.log('  first start on an empty data directory (local mode)');
  const [first = Number.NaN] = await timeStarts({ dataDir }, 1);
  ctx.log(`  ${STARTS} starts on the existing data directory, local mode (with the Auth emulator)`);
  const local = await timeStarts({ dataDir }, STARTS);
  ctx.log(`  ${STARTS} starts on the existing data directory, Firebase project configured (no emulator)`);
  const hosted = await timeStarts({ dataDir, identity: 'hosted' }, STARTS);

  const row = (label: string, times: number[]): Cell[] => [
    label,
    round(median(times), 0),
    round(Math.min(...times), 0),
    round(Math.max(...times), 0),
    times.length,
  ];
  return {
    status: 'measured',
    tables: [
      {
        title: 'Start to a ready /api/readyz (PGlite)',
        columns: ['start', 'median ms', 'min ms', 'max ms', 'starts'],
        rows: [
          row('existing data, local mode (Auth emulator)', local),
          row('existing data, Firebase project (no emulator)', hosted),
          row('empty data directory, local mode', [first]),
        ],
      },
    ],
    budgets: [],
    data: { localMs: local, hostedMs: hosted, firstStartMs: first },
    notes: [],
  };
}

export const coldStartBenchmark: Benchmark = { id: 'cold-start', title: 'Cold start', run };
