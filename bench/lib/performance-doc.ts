// The figures section of docs/performance.md, written from bench/results/latest.json: one row per figure
// with what it is measured against, its budget, when and on what machine. `npm run bench` rewrites it after
// each run, `npm run bench:doc` from the saved results alone; a unit test keeps the two from drifting apart.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MachineInfo } from './machine';
import type { BenchResult } from './report';

export const PERFORMANCE_DOC = path.resolve(import.meta.dirname, '../../docs/performance.md');
export const RESULTS_FILE = path.resolve(import.meta.dirname, '../results/latest.json');
export const FIGURES_START = '<!-- figures: written by `npm run bench` from bench/results/latest.json; do not edit by hand -->';
export const FIGURES_END = '<!-- end of figures -->';

export interface SavedResult extends BenchResult {
  measuredAt?: string;
  machine?: MachineInfo;
}

export interface SavedResults {
  generatedAt: string;
  machine: MachineInfo;
  benchmarks: SavedResult[];
}

/** What each benchmark's figures are measured against, when its budget is not itself a ratio to a baseline. */
const BASELINES: Record<string, string> = {
  catalogue: 'a bare Fastify route sending the same bytes, same run',
  orders: 'the same stock update and order insert as one `pg` transaction, same run',
  'orders-bulk': 'the same 20 updates and inserts as one `pg` transaction, same run',
  mixed: 'catalogue reads alone, same run',
  'cold-start': 'none',
  faults: 'the same orders without faults',
  abuse: 'the probe alone, same run',
};

/** "p99 < 25 ms" -> figure "p99", budget "< 25 ms"; a budget without a comparison is a property that holds. */
export function splitBudget(text: string): { figure: string; budget: string } {
  const match = /^(.*?)\s+(>=|<=|<|>|=)\s+(.+)$/u.exec(text);
  return match ? { figure: match[1] ?? text, budget: `${match[2]} ${match[3]}` } : { figure: text, budget: 'holds' };
}

/** Every `benchmarkIndex` Lighthouse recorded in a result's data: how fast the machine's CPU was then. */
function benchmarkIndexes(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) for (const item of value) benchmarkIndexes(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'benchmarkIndex' && typeof item === 'number') found.push(item);
      else benchmarkIndexes(item, found);
    }
  }
  return found;
}

const cell = (text: string): string => text.replace(/\|/gu, '\\|').replace(/\s+/gu, ' ').trim();
const whole = (n: number): string => Math.round(n).toLocaleString('en-US');

function machineCell(result: SavedResult, last: MachineInfo | undefined): string {
  const { machine } = result;
  const parts = machine
    ? [`${machine.cores} cores, ${machine.cpuModel}, load ${machine.loadAverageAtStart[0] ?? '?'} at start`]
    : [`not recorded with this row (the last run's: ${last ? `${last.cores} cores, ${last.cpuModel}` : 'none'})`];
  const indexes = benchmarkIndexes(result.data);
  if (indexes.length > 0) parts.push(`Lighthouse benchmarkIndex ${whole(Math.min(...indexes))}–${whole(Math.max(...indexes))}`);
  return parts.join('; ');
}

/** The figures section: one table, one row per budget of each benchmark (its first table's rows where it has none). */
export function renderFigures(saved: SavedResults): string {
  const rows = ['| benchmark | figure | measured | against | budget | met | when | machine |', '|---|---|---|---|---|---|---|---|'];
  for (const result of saved.benchmarks) {
    const when = result.measuredAt ? result.measuredAt.slice(0, 16).replace('T', ' ') + ' UTC' : 'not recorded';
    const common = { id: `\`${result.id}\``, when, machine: machineCell(result, saved.machine) };
    const against = (baseline: string | undefined) => baseline ?? BASELINES[result.id] ?? 'the budget';
    const push = (figure: string, measured: string, baseline: string, budget: string, met: string) =>
      rows.push(`| ${[common.id, figure, measured, baseline, budget, met, common.when, common.machine].map(cell).join(' | ')} |`);
    if (result.status !== 'measured') {
      push(result.title, result.status, '', '', (result.reason ?? '').split('\n')[0] ?? '');
      continue;
    }
    if (result.budgets.length > 0) {
      for (const check of result.budgets) {
        const { figure, budget } = splitBudget(check.budget);
        push(figure, check.actual, against(check.baseline), budget, check.met === null ? 'skipped' : check.met ? 'yes' : '**no**');
      }
      continue;
    }
    const table = result.tables[0];
    for (const row of table?.rows ?? []) {
      const measured = row
        .slice(1)
        .map((value, i) => `${table?.columns[i + 1] ?? ''} ${value ?? '-'}`)
        .join(', ');
      push(String(row[0] ?? ''), measured, against(undefined), 'none', '-');
    }
  }
  return rows.join('\n');
}

/** The document with its figures section replaced by `figures`. */
export function withFigures(doc: string, figures: string): string {
  const start = doc.indexOf(FIGURES_START);
  const end = doc.indexOf(FIGURES_END);
  if (start < 0 || end < start) throw new Error(`docs/performance.md has no figures section (${FIGURES_START} ... ${FIGURES_END})`);
  return `${doc.slice(0, start + FIGURES_START.length)}\n${figures}\n${doc.slice(end)}`;
}

export function readSavedResults(file = RESULTS_FILE): SavedResults {
  return JSON.parse(readFileSync(file, 'utf8')) as SavedResults;
}

/** Rewrites the figures section of docs/performance.md from the saved results. */
export function writePerformanceDoc(saved: SavedResults = readSavedResults(), file = PERFORMANCE_DOC): void {
  writeFileSync(file, withFigures(readFileSync(file, 'utf8'), renderFigures(saved)));
}
