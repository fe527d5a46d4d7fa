// `npm run bench [ids...]`: runs the benchmarks (all, or the ones named), prints a table per benchmark
// and the budgets, and writes bench/results/latest.json. A missing feature or database skips with a
// printed reason; nothing here fails the whole run.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { abuseBenchmark } from './abuse';
import { catalogueBenchmark } from './catalogue';
import { catalogueScaleBenchmark } from './catalogue-scale';
import { coldStartBenchmark } from './cold-start';
import { faultsBenchmark } from './faults';
import { machineInfo } from './lib/machine';
import { RESULTS_FILE, writePerformanceDoc } from './lib/performance-doc';
import { mixedBenchmark } from './mixed';
import { findPostgres } from './lib/postgres';
import { stopAllChildren } from './lib/processes';
import { lighthouseBenchmark } from './lighthouse';
import { ordersBenchmark } from './orders';
import { ordersBulkBenchmark } from './orders-bulk';
import { outboxDrainBenchmark } from './outbox-drain';
import { padEditBenchmark } from './pad-edit';
import { formatTable, type Benchmark, type BenchContext, type BenchOutcome, type BenchResult } from './lib/report';

const benchmarks: Benchmark[] = [
  catalogueBenchmark,
  catalogueScaleBenchmark,
  ordersBenchmark,
  ordersBulkBenchmark,
  padEditBenchmark,
  mixedBenchmark,
  outboxDrainBenchmark,
  lighthouseBenchmark,
  coldStartBenchmark,
  faultsBenchmark,
  abuseBenchmark,
];

/** A benchmark that hangs is stopped and reported, so the run stays bounded. */
const BENCHMARK_TIMEOUT_MS = 5 * 60_000;

function withTimeout(promise: Promise<BenchOutcome>, ms: number): Promise<BenchOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<BenchOutcome>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((id) => !benchmarks.some((b) => b.id === id));
  if (unknown.length > 0) {
    process.stderr.write(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${benchmarks.map((b) => b.id).join(', ')}\n`);
    process.exitCode = 2;
    return;
  }
  const selected = wanted.length > 0 ? benchmarks.filter((b) => wanted.includes(b.id)) : benchmarks;
  const machine = machineInfo();
  const runStarted = performance.now();
  const log = (message: string) => process.stdout.write(`${message}\n`);
  const progress = (message: string) => {
    const seconds = Math.round((performance.now() - runStarted) / 1000);
    log(`[${String(seconds).padStart(3)} s] ${message}`);
  };
  log(`Machine: ${machine.cores} cores, ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}`);
  const postgres = await findPostgres();
  if (postgres.url === null) log(`PostgreSQL parts will be skipped: ${postgres.reason}`);
  const ctx: BenchContext = { postgres, log: progress };

  const results: BenchResult[] = [];
  for (const bench of selected) {
    log(`\n== ${bench.title} (${bench.id})`);
    const started = performance.now();
    let outcome: BenchOutcome;
    try {
      outcome = await withTimeout(bench.run(ctx), bench.timeoutMs ?? BENCHMARK_TIMEOUT_MS);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { status: 'failed', reason: message, tables: [], budgets: [], data: {}, notes: [] };
    }
    await stopAllChildren();
    const result: BenchResult = { id: bench.id, title: bench.title, durationSeconds: Math.round((performance.now() - started) / 100) / 10, ...outcome };
    results.push(result);
    if (result.status !== 'measured') log(`${result.status}: ${result.reason ?? ''}`);
    for (const table of result.tables) log(`\n${formatTable(table)}`);
    for (const note of result.notes) log(`note: ${note}`);
  }

  log('\n== Budgets');
  log(
    formatTable({
      title: '',
      columns: ['benchmark', 'budget', 'actual', 'met'],
      rows: results.flatMap((r) =>
        r.budgets.length > 0
          ? r.budgets.map((b) => [r.id, b.budget, b.actual, b.met === null ? 'skipped' : b.met ? 'yes' : 'NO'])
          : [[r.id, '-', r.status, r.status === 'measured' ? '-' : ((r.reason ?? '').split('\n')[0]?.slice(0, 100) ?? '')]],
      ),
    }).trimStart(),
  );

  // A partial run keeps the other benchmarks' last figures, each stamped with when it was measured.
  const measuredAt = new Date().toISOString();
  let previous: (BenchResult & { measuredAt?: string })[] = [];
  if (wanted.length > 0 && existsSync(RESULTS_FILE)) {
    try {
      previous = (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { benchmarks?: typeof previous }).benchmarks ?? [];
    } catch {
      previous = [];
    }
  }
  const merged = benchmarks
    .map((b) => {
      const fresh = results.find((r) => r.id === b.id);
      return fresh ? { ...fresh, measuredAt, machine } : previous.find((p) => p.id === b.id);
    })
    .filter((r) => r !== undefined);
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ generatedAt: measuredAt, machine, benchmarks: merged }, null, 2)}\n`);
  writePerformanceDoc();
  log(`\nWritten to ${path.relative(process.cwd(), RESULTS_FILE)}, and its figures to docs/performance.md`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => void stopAllChildren());
