// Builds the PWA into a directory of the benchmark's own, so a rebuild of dist/ by anyone else
// cannot change the files while they are being measured. The server serves it through STATIC_DIR.

import { rmSync } from 'node:fs';
import path from 'node:path';
import { benchDir, ROOT, startChild } from './processes';

export async function buildPwa(): Promise<{ outDir: string; ms: number }> {
  const outDir = path.join(benchDir('build'), 'dist');
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  const child = startChild([path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'], process.env);
  const code = await child.exited;
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${child.output()}`);
  return { outDir, ms: performance.now() - started };
}
