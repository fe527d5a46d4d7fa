// docs/performance.md shows the figures of bench/results/latest.json, written by the bench: a run that
// left them apart, or a hand edit of the figures, fails here.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FIGURES_END,
  FIGURES_START,
  PERFORMANCE_DOC,
  readSavedResults,
  renderFigures,
  splitBudget,
  withFigures,
  type SavedResults,
} from '../../bench/lib/performance-doc';

describe('the figures of docs/performance.md', () => {
  it('are the ones bench/results/latest.json holds', () => {
    const doc = readFileSync(PERFORMANCE_DOC, 'utf8');
    expect(withFigures(doc, renderFigures(readSavedResults()))).toBe(doc);
  });

  it('split a budget into the figure and its limit, and name a property without one as holding', () => {
    expect(splitBudget('PGlite: p99 < 25 ms')).toEqual({ figure: 'PGlite: p99', budget: '< 25 ms' });
    expect(splitBudget('probe p95 looping on config <= 2x alone')).toEqual({ figure: 'probe p95 looping on config', budget: '<= 2x alone' });
    expect(splitBudget('stock and orders add up, no duplicates')).toEqual({ figure: 'stock and orders add up, no duplicates', budget: 'holds' });
  });

  it('give one row per budget with its baseline, date and machine, and say when a budget is missed', () => {
    const machine = { cores: 2, cpuModel: 'AMD EPYC', memoryGiB: 23.5, node: 'v20', os: 'Linux', loadAverageAtStart: [0.4, 0.3, 0.2] };
    const saved: SavedResults = {
      generatedAt: '2026-11-26T17:00:00.000Z',
      machine,
      benchmarks: [
        {
          id: 'abuse',
          title: 'Costly public endpoints',
          durationSeconds: 1,
          status: 'measured',
          tables: [],
          budgets: [{ budget: 'probe p95 looping on config <= 2x alone', actual: '2.5x', met: false, baseline: 'the probe alone: p95 3 ms' }],
          data: { audits: [{ benchmarkIndex: 2900 }, { benchmarkIndex: 2800 }] },
          notes: [],
          measuredAt: '2026-11-26T17:00:00.000Z',
          machine,
        },
        {
          id: 'cold-start',
          title: 'Cold start',
          durationSeconds: 1,
          status: 'measured',
          tables: [{ title: '', columns: ['start', 'median ms'], rows: [['existing data', 1658]] }],
          budgets: [],
          data: {},
          notes: [],
        },
      ],
    };
    expect(renderFigures(saved).split('\n').slice(2)).toEqual([
      '| `abuse` | probe p95 looping on config | 2.5x | the probe alone: p95 3 ms | <= 2x alone | **no** | 2026-11-26 17:00 UTC | 2 cores, AMD EPYC, load 0.4 at start; Lighthouse benchmarkIndex 2,800–2,900 |',
      "| `cold-start` | existing data | median ms 1658 | none | none | - | not recorded | not recorded with this row (the last run's: 2 cores, AMD EPYC) |",
    ]);
  });

  it('refuses a document without its figures section', () => {
    expect(() => withFigures('# Performance\n', 'x')).toThrow('no figures section');
    expect(withFigures(`a\n${FIGURES_START}\nold\n${FIGURES_END}\nb`, 'new')).toBe(`a\n${FIGURES_START}\nnew\n${FIGURES_END}\nb`);
  });
});
