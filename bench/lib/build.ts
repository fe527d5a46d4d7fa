// Builds the PWA into a directory of the benchmark's own, so a rebuild of dist/ by anyone else
// cannot change the files while they are being measured. The server serves it through STATIC_DIR.

import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { benchDir, ROOT, startChild } from './processes';

let built: Promise<{ outDir: string; ms: number }> | null = null;

/** Builds once per run; the benchmarks that need the app share the build. */
export function buildPwa(): Promise<{ outDir: string; ms: number }> {
  built ??= build().catch((error: unknown) => {
    built = null;
    throw error;
  });
  return built;
}

async function build(): Promise<{ outDir: string; ms: number }> {
  const outDir = path.join(benchDir('build'), 'dist');
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  const child = startChild(
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--manifest'],
    process.env,
  );
  const code = await child.exited;
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${child.output()}`);
  return { outDir, ms: performance.now() - started };
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The JavaScript a route needs before it can render: the entry with everything it imports statically,
 * and the route's lazy chunk with its static imports (what frameworks call "first load JS"). Chunks a
 * page pulls in later with import() (the offline store, Firebase, payment) are not part of it.
 */
export function firstLoadFiles(outDir: string, routeSource: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  // A route bundled into the entry has no chunk of its own; the entry's walk has covered it.
  const route = Object.entries(manifest).find(([, chunk]) => chunk.src === routeSource);
  if (route) visit(route[0]);
  return [...files].filter((f) => f.endsWith('.js'));
}
