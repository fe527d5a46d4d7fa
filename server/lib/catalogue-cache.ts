// The serialised catalogue with its ETag, rebuilt after product changes (NOTIFY across processes), and its
// Brotli and gzip forms, each made once per rebuild and only when a client asks for it. Under a stream of
// changes (every order changes stock) it is rebuilt at most once per `minIntervalMs`, and the copy in hand is
// served meanwhile (docs/decisions/016-catalogue-cache-under-orders.md): a change shows within that interval
// plus one rebuild, and after a quiet moment at once. Pages of the catalogue without a search are cut from
// a copy only while it is current (`fresh`), so a page never shows a tool's older state than the database.
// Another answer made from the whole catalogue (the offline copy's full download) follows the same changes
// as a cache of its own (`follow`).

import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type CatalogueEncoding = 'br' | 'gzip' | 'identity';

/** A serialised answer, with its encodings made on first use and kept. */
export interface EncodedBody {
  body: string;
  /** The body in an encoding the client accepts (made on first use, then kept with the entry). */
  encoded(encoding: Exclude<CatalogueEncoding, 'identity'>): Promise<Buffer>;
}

export interface CatalogueEntry<T = unknown> extends EncodedBody {
  etag: string;
  /** What was loaded, as loaded. */
  data: T;
  /** An answer made from `data` under `key` (a page, say): made once per entry, then kept with it. */
  derived(key: string, make: (data: T) => unknown): EncodedBody;
  /**
   * An answer read from the database under `key` (a search) while this copy is current: read once per copy,
   * then kept with it, so the same search asked again before the catalogue changes costs no query.
   */
  kept(key: string, read: () => Promise<unknown>): Promise<EncodedBody>;
}

export interface CatalogueCache<T = unknown> {
  /** The copy to serve: current, or at most `minIntervalMs` behind while changes keep coming. */
  get(): Promise<CatalogueEntry<T>>;
  /**
   * The copy only if no change has landed since it was read; null when the database must be asked (and the
   * copy, when due, is then being read again).
   */
  fresh(): Promise<CatalogueEntry<T> | null>;
  invalidate(): void;
  /** A cache of another answer read from the same tables: made stale by the same changes, under the same interval. */
  follow<U>(load: () => Promise<U>): CatalogueCache<U>;
}

export interface CatalogueCacheOptions {
  /** The least time between two rebuilds while changes keep coming. */
  minIntervalMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/** One rebuild a second at most: at 5,000 tools a rebuild costs tens of milliseconds of the process's time. */
export const CATALOGUE_MIN_REBUILD_INTERVAL_MS = 1000;

/** The best encoding an Accept-Encoding header allows: Brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): CatalogueEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/u.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** Answers kept with one copy (pages by category and size, searches): beyond it, made each time. */
const MAX_DERIVED = 256;

/** `body` may be given as a function: a copy kept only for the answers derived from it is then never serialised whole. */
function encodedBody(source: string | (() => string)): EncodedBody {
  const made = new Map<string, Promise<Buffer>>();
  let serialised = typeof source === 'string' ? source : null;
  const text = () => (serialised ??= (source as () => string)());
  return {
    get body() {
      return text();
    },
    encoded(encoding) {
      const body = text();
      let result = made.get(encoding);
      if (!result) {
        // Quality 5 keeps a 2 MB catalogue's rebuild in tens of milliseconds, off the event loop; the
        // size is within a few per cent of the best.
        result =
          encoding === 'br'
            ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
            : gzipped(body, { level: 6 });
        made.set(encoding, result);
      }
      return result;
    },
  };
}

function makeEntry<T>(data: T): CatalogueEntry<T> {
  const whole = encodedBody(() => JSON.stringify(data));
  const derived = new Map<string, EncodedBody>();
  const kept = new Map<string, Promise<EncodedBody>>();
  let etag: string | null = null;
  return {
    get body() {
      return whole.body;
    },
    encoded: (encoding) => whole.encoded(encoding),
    get etag() {
      return (etag ??= `"${createHash('sha1').update(whole.body).digest('base64url')}"`);
    },
    data,
    derived(key, make) {
      const known = derived.get(key);
      if (known) return known;
      const made = encodedBody(JSON.stringify(make(data)));
      if (derived.size < MAX_DERIVED) derived.set(key, made);
      return made;
    },
    kept(key, read) {
      const known = kept.get(key);
      if (known) return known;
      const made = read().then((answer) => encodedBody(JSON.stringify(answer)));
      if (kept.size < MAX_DERIVED) {
        kept.set(key, made);
        // A read that failed is not kept: the next ask reads again.
        made.catch(() => kept.delete(key));
      }
      return made;
    },
  };
}

export function catalogueCache<T>(load: () => Promise<T>, options: CatalogueCacheOptions = {}): CatalogueCache<T> {
  const minInterval = options.minIntervalMs ?? CATALOGUE_MIN_REBUILD_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let entry: CatalogueEntry<T> | null = null;
  /** When the data of `entry` was read (the start of its load). */
  let loadedAt = 0;
  /** A change has landed since `entry` was read. */
  let stale = false;
  let inflight: Promise<CatalogueEntry<T>> | null = null;
  let generation = 0;
  const followers: CatalogueCache<unknown>[] = [];

  const rebuild = (): Promise<CatalogueEntry<T>> => {
    const startedAt = generation;
    const readAt = now();
    inflight = load()
      .then((data) => {
        const built = makeEntry(data);
        entry = built;
        loadedAt = readAt;
        // A change that landed while loading makes this copy stale already: it is kept and served, and
        // replaced once the interval allows.
        stale = startedAt !== generation;
        return built;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };

  const get = async (): Promise<CatalogueEntry<T>> => {
    if (entry && !stale) return entry;
    if (inflight) return entry ?? inflight;
    // Nothing in hand, or the last rebuild is long enough ago: rebuild and answer with the fresh copy.
    if (!entry || now() - loadedAt >= minInterval) return rebuild();
    return entry;
  };

  return {
    get,
    // Never waits for a rebuild: at 50,000 tools one takes seconds, and the database answers a page or a
    // search in milliseconds meanwhile. A copy due (none yet, or stale past the interval) is read beside it.
    async fresh() {
      if (entry && !stale) return entry;
      if (!inflight && (!entry || now() - loadedAt >= minInterval)) rebuild().catch(() => undefined);
      return null;
    },
    invalidate() {
      generation += 1;
      stale = true;
      for (const follower of followers) follower.invalidate();
    },
    follow(followLoad) {
      const follower = catalogueCache(followLoad, options);
      followers.push(follower as CatalogueCache<unknown>);
      return follower;
    },
  };
}
