// Catalogue sizes for the benchmarks that seed generated tools: a default list, or the sizes named in an
// environment variable (`CATALOGUE_SCALE_SIZES=50000 npm run bench catalogue-scale`), since `npm run bench`
// takes benchmark names only.

/** The sizes in `process.env[name]` (comma-separated whole numbers, `_` allowed as in 50_000), else `defaults`. */
export function catalogueSizes(name: string, defaults: readonly number[], env: NodeJS.ProcessEnv = process.env): number[] {
  const raw = env[name]?.trim();
  if (!raw) return [...defaults];
  const sizes = raw.split(',').map((part) => part.trim().replaceAll('_', ''));
  const bad = sizes.filter((size) => !/^\d+$/u.test(size));
  if (bad.length > 0) throw new Error(`${name} lists catalogue sizes as whole numbers separated by commas (such as 5000,50000); it has ${bad.join(', ')}`);
  return [...new Set(sizes.map(Number))];
}

export const toolCount = (size: number): string => size.toLocaleString('en-US');
