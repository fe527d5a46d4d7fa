// The serialised catalogue with its ETag, rebuilt after every product change (NOTIFY across processes).

import { createHash } from 'node:crypto';

export interface CatalogueEntry {
  body: string;
  etag: string;
}

export interface CatalogueCache {
  get(): Promise<CatalogueEntry>;
  invalidate(): void;
}

export function catalogueCache(load: () => Promise<unknown>): CatalogueCache {
  let entry: CatalogueEntry | null = null;
  let inflight: Promise<CatalogueEntry> | null = null;
  let generation = 0;
  return {
    async get() {
      if (entry) return entry;
      if (inflight) return inflight;
      const startedAt = generation;
      inflight = load()
        .then((data) => {
          const body = JSON.stringify(data);
          const built = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
          // A change that landed while loading makes this copy stale: serve it once, do not keep it.
          if (startedAt === generation) entry = built;
          return built;
        })
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
    invalidate() {
      generation += 1;
      entry = null;
    },
  };
}
