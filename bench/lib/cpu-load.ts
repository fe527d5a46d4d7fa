// The slow state of the machine: child processes that spin on the CPU for a share of each short period
// (a duty cycle), raised or lowered until Lighthouse's own CPU benchmark (`benchmarkIndex`) reads about
// the figure asked for. The load stops when the bench ends, on an error, on Ctrl-C, and when this
// process dies (each spinner leaves as soon as its link to this process closes).

import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { launchChromium } from './browser';
import { median } from './report';

/** A spinner: busy for `duty` of every period of 50 ms, asleep for the rest; a message sets a new duty. */
const SPINNER = `
let duty = Number(process.env.CPU_LOAD_DUTY) || 0;
process.on('message', (m) => { if (m && typeof m.duty === 'number') duty = m.duty; });
process.on('disconnect', () => process.exit(0));
const PERIOD_MS = 50;
function cycle() {
  const start = Date.now();
  while (Date.now() - start < duty * PERIOD_MS) {}
  setTimeout(cycle, Math.max(0, PERIOD_MS - (Date.now() - start)));
}
cycle();
`;

/** Readings within this share of the target count as reached. */
const TOLERANCE = 0.08;
/** The most spinners per core: beyond that the machine is slow enough for any target Lighthouse can read. */
const MAX_SPINNERS_PER_CORE = 4;
const READINGS_PER_MEASURE = 3;
const MAX_STEPS = 10;

export interface CpuLoad {
  /** Spinners running and the CPU share they ask for in all (1 = one core busy all the time). */
  level(): number;
  spinners(): number;
  /**
   * Adjusts the load until Lighthouse's benchmark reads within 8% of `target`, or the steps run out;
   * resolves to the last reading and the load that gave it.
   */
  calibrate(target: number, log?: (message: string) => void): Promise<{ benchmarkIndex: number; level: number; reached: boolean; steps: number }>;
  stop(): void;
}

/**
 * Lighthouse's CPU benchmark (the same function Lighthouse runs before each audit), in a Chromium started
 * with the bench's flags: the median of a few readings.
 */
export async function measureBenchmarkIndex(readings = READINGS_PER_MEASURE): Promise<number> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const values: number[] = [];
    for (let i = 0; i < readings; i += 1) values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    return Math.round(median(values));
  } finally {
    await browser.close();
  }
}

export function startCpuLoad(): CpuLoad {
  const cores = os.availableParallelism();
  const children: ChildProcess[] = [];
  let level = 0;
  let stopped = false;

  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const onExit = () => killAll();
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    // The signal's usual effect (the run ends) once the load is gone.
    process.kill(process.pid, signal);
  };
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);

  const setLevel = (next: number) => {
    if (stopped) return;
    level = Math.max(0, Math.min(next, cores * MAX_SPINNERS_PER_CORE));
    const wanted = Math.max(cores, Math.ceil(level));
    while (children.length < wanted) {
      const child = spawn(process.execPath, ['-e', SPINNER], {
        env: { PATH: process.env.PATH ?? '', CPU_LOAD_DUTY: '0' },
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
      // A spinner that fails to start leaves the load lower; the next reading shows it.
      child.on('error', () => undefined);
      children.push(child);
    }
    const duty = level / children.length;
    for (const child of children) if (child.connected) child.send({ duty });
  };

  function stop() {
    if (stopped) return;
    stopped = true;
    killAll();
    process.removeListener('exit', onExit);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    process.removeListener('SIGHUP', onSignal);
  }

  async function calibrate(target: number, log: (message: string) => void = () => undefined) {
    // The loads known to read above the target (too fast) and below it (too slow): the answer lies between.
    let tooFast: number | null = null;
    let tooSlow: number | null = null;
    let reading = Number.NaN;
    let steps = 0;
    const most = cores * MAX_SPINNERS_PER_CORE;
    while (steps < MAX_STEPS) {
      steps += 1;
      // The spinners settle into their new duty before the reading.
      await new Promise((resolve) => setTimeout(resolve, 500));
      reading = await measureBenchmarkIndex();
      log(`    load ${level.toFixed(2)} cores on ${children.length} spinners: benchmarkIndex ${reading}`);
      if (Math.abs(reading - target) <= target * TOLERANCE) return { benchmarkIndex: reading, level, reached: true, steps };
      if (reading > target) {
        if (level >= most) break;
        tooFast = level;
        setLevel(tooSlow === null ? (level === 0 ? 0.5 : level * 1.5) : (level + tooSlow) / 2);
      } else {
        if (level <= 0) break;
        tooSlow = level;
        setLevel(tooFast === null ? level / 1.5 : (level + tooFast) / 2);
      }
    }
    return { benchmarkIndex: reading, level, reached: Math.abs(reading - target) <= target * TOLERANCE, steps };
  }

  return { level: () => level, spinners: () => children.length, calibrate, stop };
}
