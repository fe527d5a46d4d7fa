// What every benchmark hands back, and how the run prints it: one table per benchmark, then the budgets.

export type Cell = string | number | null;

export interface Table {
  title: string;
  columns: string[];
  rows: Cell[][];
}

export interface BudgetCheck {
  budget: string;
  actual: string;
  /** null when the part that measures it was skipped. */
  met: boolean | null;
  /** What the figure is measured against, with its value in the same run, when it is a ratio to a baseline. */
  baseline?: string;
}

export interface BenchOutcome {
  status: 'measured' | 'skipped' | 'failed';
  /** Why it was skipped or failed, in plain words. */
  reason?: string;
  tables: Table[];
  budgets: BudgetCheck[];
  /** The raw figures, for bench/results/latest.json. */
  data: Record<string, unknown>;
  notes: string[];
}

export interface BenchResult extends BenchOutcome {
  id: string;
  title: string;
  durationSeconds: number;
}

export interface BenchContext {
  /** PostgreSQL server URL (any database on it), or null with the reason. */
  postgres: { url: string } | { url: null; reason: string };
  log(message: string): void;
}

export interface Benchmark {
  id: string;
  title: string;
  /** Longer than the run's default limit, for a benchmark that seeds a large data set first. */
  timeoutMs?: number;
  run(ctx: BenchContext): Promise<BenchOutcome>;
}

export function skipped(reason: string, notes: string[] = []): BenchOutcome {
  return { status: 'skipped', reason, tables: [], budgets: [], data: {}, notes };
}

export const round = (value: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function check(budget: string, actual: number, unit: string, ok: boolean): BudgetCheck {
  return { budget, actual: `${round(actual, 2)}${unit}`, met: ok };
}

function cellText(cell: Cell): string {
  if (cell === null) return '-';
  return typeof cell === 'number' ? String(round(cell, 2)) : cell;
}

export function formatTable(table: Table): string {
  const text = [table.columns, ...table.rows.map((row) => row.map(cellText))];
  const widths = table.columns.map((_, i) => Math.max(...text.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [table.title, line(text[0] ?? []), rule, ...text.slice(1).map(line)].join('\n');
}
