// What a built script is made of: the same app built again with source maps, into a directory of its own
// (the measured build stays as `npm start` serves it, without them), and each byte of a script attributed
// through its map to the library it came from (a package under node_modules) or to the app's own code.

import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { benchDir, ROOT, startChild } from './processes';

export interface LibraryShare {
  library: string;
  bytes: number;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The fields of one segment of a source map's `mappings` (Base64 VLQ, relative values). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`not a source map character: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** The library a source belongs to: the package under node_modules, or the app's own top folder. */
export function libraryOf(source: string): string {
  const parts = source.replaceAll('\\', '/').split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at >= 0) {
    const name = parts[at + 1] ?? 'unknown';
    return name.startsWith('@') ? `${name}/${parts[at + 2] ?? ''}` : name;
  }
  const src = parts.indexOf('src');
  if (src >= 0) return `app: src/${parts[src + 1] ?? ''}`.replace(/\.[jt]sx?$/u, '');
  const sw = parts.indexOf('sw');
  if (sw >= 0) return 'app: sw';
  return parts.filter((p) => p !== '..' && p !== '.').join('/') || 'unknown';
}

/** Bytes of `code` per library, through its source map; bytes no mapping covers count as "unmapped". */
export function attribute(code: string, map: { sources: string[]; mappings: string }): LibraryShare[] {
  const totals = new Map<string, number>();
  const add = (library: string, bytes: number) => totals.set(library, (totals.get(library) ?? 0) + bytes);
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  for (let lineNo = 0; lineNo < lines.length; lineNo += 1) {
    const line = lines[lineNo] ?? '';
    const lineBytes = Buffer.byteLength(line) + (lineNo < lines.length - 1 ? 1 : 0);
    const segments: { column: number; source: number | null }[] = [];
    let column = 0;
    for (const raw of (mappingLines[lineNo] ?? '').split(',')) {
      if (raw === '') continue;
      const fields = decodeSegment(raw);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        segments.push({ column, source: sourceIndex });
      } else {
        segments.push({ column, source: null });
      }
    }
    segments.sort((a, b) => a.column - b.column);
    let covered = 0;
    // Columns count UTF-16 units; the share of each segment is scaled to the line's bytes.
    const scale = line.length > 0 ? (lineBytes - (lineNo < lines.length - 1 ? 1 : 0)) / line.length : 1;
    for (let i = 0; i < segments.length; i += 1) {
      const segment = segments[i];
      if (!segment) continue;
      const end = segments[i + 1]?.column ?? line.length;
      const bytes = Math.max(0, end - segment.column) * scale;
      covered += bytes;
      add(segment.source === null ? 'unmapped' : libraryOf(map.sources[segment.source] ?? 'unknown'), bytes);
    }
    // Before the first mapping, and the line's end.
    add('unmapped', Math.max(0, lineBytes - covered));
  }
  return [...totals]
    .map(([library, bytes]) => ({ library, bytes: Math.round(bytes) }))
    .filter((s) => s.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

/** The build with source maps, once per run. */
let mapped: Promise<string> | null = null;
function buildWithSourceMaps(): Promise<string> {
  mapped ??= (async () => {
    const outDir = path.join(benchDir('build-sourcemap'), 'dist');
    rmSync(outDir, { recursive: true, force: true });
    const child = startChild(
      [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--sourcemap'],
      process.env,
    );
    const code = await child.exited;
    if (code !== 0) throw new Error(`vite build --sourcemap failed (${code}):\n${child.output().slice(-500)}`);
    return outDir;
  })().catch((error: unknown) => {
    mapped = null;
    throw error;
  });
  return mapped;
}

/** `assets/index-ctnPqCmw.js` is `assets/index`: the name without the content hash the maps change. */
const stem = (file: string) => file.replace(/-[\w-]{8}\.js$/u, '').replace(/\.js$/u, '');

/**
 * The libraries in each of `files` (paths in the measured build): the file of the same name in the
 * build with source maps, the one closest in size where names repeat (several `index.esm` chunks).
 */
export async function libraryBreakdown(measuredDir: string, files: string[]): Promise<Map<string, LibraryShare[]>> {
  const outDir = await buildWithSourceMaps();
  const byStem = new Map<string, string[]>();
  for (const dir of ['', 'assets']) {
    if (!existsSync(path.join(outDir, dir))) continue;
    for (const name of readdirSync(path.join(outDir, dir))) {
      if (!name.endsWith('.js')) continue;
      const file = dir ? `${dir}/${name}` : name;
      byStem.set(stem(file), [...(byStem.get(stem(file)) ?? []), file]);
    }
  }
  const breakdown = new Map<string, LibraryShare[]>();
  for (const file of files) {
    const size = readFileSync(path.join(measuredDir, file)).length;
    const candidates = (byStem.get(stem(file)) ?? []).filter((f) => existsSync(path.join(outDir, `${f}.map`)));
    const match = candidates.sort(
      (a, b) => Math.abs(readFileSync(path.join(outDir, a)).length - size) - Math.abs(readFileSync(path.join(outDir, b)).length - size),
    )[0];
    if (!match) continue;
    const code = readFileSync(path.join(outDir, match), 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/u, '');
    const map = JSON.parse(readFileSync(path.join(outDir, `${match}.map`), 'utf8')) as { sources: string[]; mappings: string };
    breakdown.set(file, attribute(code, map));
  }
  return breakdown;
}
