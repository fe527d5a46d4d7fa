// Runs a baseline script in a child process with its plan in a file, and reads its one JSON result line.

import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startChild } from './processes';

export async function runBaselineChild<Result>(script: string, plan: unknown, dir: string): Promise<Result> {
  const file = path.join(dir, `baseline-plan-${randomUUID().slice(0, 8)}.json`);
  writeFileSync(file, JSON.stringify(plan));
  const child = startChild(['--import', 'tsx', script, file], process.env);
  const code = await child.exited;
  const line = child
    .output()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`the baseline failed (${code}):\n${child.output()}`);
  return JSON.parse(line) as Result;
}
