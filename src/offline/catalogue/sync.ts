// Keeps the whole catalogue in IndexedDB and fresh by the server's change cursor (docs/architecture.md,
// "Offline"; decision 023): each sync asks `GET /api/products/changes?after=<the cursor it stored last>`
// and applies only what changed (stock included) and what was deleted, so the catalogue is downloaded
// whole once, not on every visit.
// In the browser the download, its validation and the writes run in a dedicated worker
// (worker.ts, started by worker-client.ts), so the first sync of thousands of tools
// never competes with the page for its thread.

import { apiRequest } from '../../api/client';
import { ApiError, NetworkError } from '../../api/errors';
import { CatalogueChangesSchema, type CatalogueChanges, type ChangesFrom, type Product } from '../../contract/product';
import { announceProductsSaved, productRow } from './saved';
import type { ForgelineDatabase, SavedProduct } from '../store/database';
import { isUnreachable, reportServedLive, reportServedOffline } from './offline-read';
import { reportCatalogueFill } from './fill-progress';

const database = (): Promise<ForgelineDatabase> => import('../store/database').then((m) => m.getDatabase());

/** The `meta` entry of the last applied sync. */
export const CATALOGUE_SYNC_KEY = 'catalogueSync';

export interface CatalogueSyncState {
  /** The server's newest change number when the copy was synced. */
  version: number;
  /**
   * The server's cursor the saved copy is complete up to: the next sync asks for the changes after it.
   * Absent in copies saved before cursors (and from a server without them): those ask by `version`.
   */
  cursor?: number;
  /** Epoch ms of the last sync the server answered (the offline notice shows it). */
  syncedAt: number;
}

export interface CatalogueSyncResult extends CatalogueSyncState {
  changed: number;
  deleted: number;
  /** The sync filled an empty copy: nothing on screen came from it, so nothing shown needs asking again. */
  first?: boolean;
}

/** Rows written per IndexedDB transaction: the first sync of thousands of tools never blocks the page for long. */
const CHUNK = 500;

/** What a sync asks: the changes after its cursor (or since its version), or a page of the whole copy while it fills an empty one. */
export type ChangesAsk = ChangesFrom | { after: 0; pageAfter: number };

export function fetchCatalogueChanges(ask: ChangesAsk): Promise<CatalogueChanges> {
  return apiRequest('/products/changes', { query: ask, schema: CatalogueChangesSchema });
}

/**
 * The `meta` entry of a first sync under way: the copy is filled page by page and this records, with each
 * page's rows, where the next page starts. A sync cut short (a reload, a lost connection) resumes from there.
 * `cursor` and `version` are those of the first page: once the copy is complete the next sync asks for
 * everything written since then, which brings whatever changed while the pages were fetched.
 */
export const CATALOGUE_FILL_KEY = 'catalogueFill';

export interface CatalogueFillState {
  version: number;
  cursor?: number;
  /** The `pageAfter` of the next page. */
  next: number;
  /** Tools saved so far, and in the whole copy when its last page was fetched. */
  saved: number;
  total: number;
  /** Epoch ms of the last page written. */
  savedAt: number;
}

/** How far the first copy is: shown as "Saving the catalogue for offline use: 2,300 of 5,000". */
export interface CatalogueFillProgress {
  saved: number;
  total: number;
}

export async function readCatalogueFillState(given?: ForgelineDatabase): Promise<CatalogueFillState | undefined> {
  const db = given ?? (await database());
  const entry = await db.meta.get(CATALOGUE_FILL_KEY);
  return entry ? (entry.value as CatalogueFillState) : undefined;
}

/** Where the next sync starts: the stored cursor, else the stored version (0 for an empty copy). */
function changesFrom(state: CatalogueSyncState | undefined): ChangesFrom {
  return state?.cursor === undefined ? { since: state?.version ?? 0 } : { after: state.cursor };
}

export async function readCatalogueSyncState(given?: ForgelineDatabase): Promise<CatalogueSyncState | undefined> {
  const db = given ?? (await database());
  const entry = await db.meta.get(CATALOGUE_SYNC_KEY);
  return entry ? (entry.value as CatalogueSyncState) : undefined;
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Writes changed tools in chunks, each in its own transaction, yielding to the page between them. */
async function writeProducts(db: ForgelineDatabase, products: Product[], now: number): Promise<SavedProduct[]> {
  // A tool this device has not seen before goes in front of every other (newest first); one it knows keeps its place.
  // The server lists changes oldest first, so the last of them ends up first.
  const first = await db.products.orderBy('position').first();
  let nextNew = Math.min(first?.position ?? 0, 0) - 1;
  const written: SavedProduct[] = [];
  for (let start = 0; start < products.length; start += CHUNK) {
    const chunk = products.slice(start, start + CHUNK);
    await db.transaction('rw', db.products, async () => {
      const known = await db.products.bulkGet(chunk.map((product) => product._id));
      const rows: SavedProduct[] = chunk.map((product, i) => productRow(product, now, known[i]?.position ?? nextNew--));
      await db.products.bulkPut(rows);
      written.push(...rows);
    });
    if (start + CHUNK < products.length) await yieldToPage();
  }
  return written;
}

const syncState = (from: { version: number; cursor?: number | undefined }, syncedAt: number): CatalogueSyncState => ({
  version: from.version,
  ...(from.cursor === undefined ? {} : { cursor: from.cursor }),
  syncedAt,
});

async function applyChanges(db: ForgelineDatabase, changes: CatalogueChanges, now: number): Promise<SavedProduct[]> {
  const rows = await writeProducts(db, changes.products, now);
  // The cursor is stored last, with the deletions: a sync cut short is simply asked for again.
  await db.transaction('rw', db.products, db.meta, async () => {
    // Not even an empty delete when nothing was deleted: it counts as a change of the products, and each one
    // costs the next search a rebuild of the index (search.ts).
    if (changes.deleted.length > 0) await db.products.bulkDelete(changes.deleted);
    await db.meta.put({ key: CATALOGUE_SYNC_KEY, value: syncState(changes, now) });
  });
  return rows;
}

export interface SyncOptions {
  db?: ForgelineDatabase;
  fetchChanges?: (ask: ChangesAsk) => Promise<CatalogueChanges>;
  now?: () => number;
  /** While an empty copy fills: after each page (and once at the start of a resumed fill). */
  onProgress?: (progress: CatalogueFillProgress) => void;
  /** After a sync of a saved copy wrote its changes: the rows written and the tools deleted. */
  onApplied?: (rows: SavedProduct[], deleted: string[]) => void;
}

/** What one sync did, and the changed tools with distinct pictures (the page warms its image cache with them). */
export interface SyncOutcome {
  result: CatalogueSyncResult;
  pictures: Product[];
}

/** Why a sync failed, as it crosses from the worker to the page. */
export interface SyncFailure {
  /** No answer or a 5xx: the saved copy stays and is served offline. */
  unreachable: boolean;
  /** The 4xx or 5xx status, for an ApiError; null for a network failure or a local one. */
  status: number | null;
  code: string;
  message: string;
  /** When the saved copy was synced last, if there is one. */
  savedAt: number | null;
}

/** One tool per picture: thousands of tools often share a few dozen pictures. */
function distinctPictures(products: Product[]): Product[] {
  const seen = new Set<string>();
  return products.filter((product) => !seen.has(product.imageUrl) && Boolean(seen.add(product.imageUrl)));
}

/**
 * The sync itself, where it runs (the worker, or the page without one): reads the stored cursor, asks for
 * what changed since, writes it. Throws a SyncFailure-carrying error when it cannot.
 */
export async function runCatalogueSync(options: SyncOptions = {}): Promise<SyncOutcome> {
  const db = options.db ?? (await database());
  const state = await readCatalogueSyncState(db);
  if (!state) return fillCatalogue(db, options);
  let changes: CatalogueChanges;
  try {
    changes = await (options.fetchChanges ?? fetchCatalogueChanges)(changesFrom(state));
  } catch (error) {
    throw new CatalogueSyncError(toFailure(error, state.syncedAt));
  }
  const now = options.now?.() ?? Date.now();
  const rows = await applyChanges(db, changes, now);
  options.onApplied?.(rows, changes.deleted);
  return {
    result: { version: changes.version, syncedAt: now, changed: changes.products.length, deleted: changes.deleted.length },
    pictures: distinctPictures(changes.products),
  };
}

/**
 * The first copy, page by page (`?after=0&pageAfter=N`): each page's tools are written as it arrives (the
 * next page is fetched meanwhile), and where the next page starts is stored with the last of them, so a fill
 * cut short resumes from its last page, never from nothing. The copy counts as saved (the sync state is
 * written) only with its last page.
 */
async function fillCatalogue(db: ForgelineDatabase, options: SyncOptions): Promise<SyncOutcome> {
  const fetchChanges = options.fetchChanges ?? fetchCatalogueChanges;
  let fill = await readCatalogueFillState(db);
  if (fill) options.onProgress?.({ saved: fill.saved, total: fill.total });
  let changed = 0;
  const pictures: Product[] = [];
  const ask = (pageAfter: number) => {
    const asked = fetchChanges({ after: 0, pageAfter });
    // Fetched while the page before is written; its failure is met when it is awaited.
    asked.catch(() => undefined);
    return asked;
  };
  let coming = ask(fill?.next ?? 0);
  for (;;) {
    let page: CatalogueChanges;
    try {
      page = await coming;
    } catch (error) {
      throw new CatalogueSyncError(toFailure(error, null));
    }
    if (page.total !== undefined && page.next !== undefined) coming = ask(page.next);
    const now = options.now?.() ?? Date.now();
    changed += page.products.length;
    pictures.push(...page.products);
    const total = page.total;
    if (total === undefined) {
      // A server without pages answered with the whole copy.
      await applyChanges(db, page, now);
      return { result: { ...syncState(page, now), changed, deleted: page.deleted.length, first: true }, pictures: distinctPictures(pictures) };
    }
    const first = fill ?? { version: page.version, cursor: page.cursor };
    const next = page.next;
    await writeProducts(db, page.products, now);
    const saved = await db.transaction('rw', db.products, db.meta, async () => {
      const count = await db.products.count();
      if (next === undefined) {
        await db.meta.put({ key: CATALOGUE_SYNC_KEY, value: syncState(first, now) });
        await db.meta.delete(CATALOGUE_FILL_KEY);
      } else {
        const progress: CatalogueFillState = { ...syncState(first, now), next, saved: count, total, savedAt: now };
        await db.meta.put({ key: CATALOGUE_FILL_KEY, value: progress });
        fill = progress;
      }
      return count;
    });
    options.onProgress?.({ saved: Math.min(saved, total), total });
    if (next === undefined) return { result: { ...syncState(first, now), changed, deleted: 0, first: true }, pictures: distinctPictures(pictures) };
  }
}

export class CatalogueSyncError extends Error {
  constructor(readonly failure: SyncFailure) {
    super(failure.message);
    this.name = 'CatalogueSyncError';
  }
}

export function toFailure(error: unknown, savedAt: number | null): SyncFailure {
  if (error instanceof CatalogueSyncError) return error.failure;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError) return { unreachable: isUnreachable(error), status: error.status, code: error.code, message, savedAt };
  return { unreachable: error instanceof NetworkError, status: null, code: error instanceof NetworkError ? 'network' : 'failed', message, savedAt };
}

/** The error the page throws for a failed sync: the API client's own types, so callers treat it like any read. */
function toError(failure: SyncFailure): Error {
  if (failure.status !== null) return new ApiError(failure.status, failure.code, failure.message);
  if (failure.code === 'network') return new NetworkError();
  return new Error(failure.message);
}

/** Runs one sync elsewhere (the dedicated worker, worker-client.ts); resolves with its outcome or rejects with its failure. */
export type SyncRunner = () => Promise<SyncOutcome>;

/** Page -> worker: run one sync. */
export interface SyncRequest {
  type: 'sync';
  id: number;
}

/** Worker -> page: how it went. */
export type SyncReply = { type: 'sync'; id: number; ok: true; outcome: SyncOutcome } | { type: 'sync'; id: number; ok: false; failure: SyncFailure };

const running = new WeakMap<object, Promise<CatalogueSyncResult>>();
const WORKER_KEY = {};

/**
 * Brings the saved catalogue up to the server's latest change, through `runner` when given (the worker),
 * else on this thread. Syncs
 * asked for while one runs share it. When the server cannot be reached the saved copy stays, the screens
 * say from when it is, and the error is thrown.
 */
export async function syncCatalogue(options: SyncOptions & { runner?: SyncRunner | null } = {}): Promise<CatalogueSyncResult> {
  const runner = options.runner ?? null;
  const db = runner ? null : (options.db ?? (await database()));
  const key: object = db ?? WORKER_KEY;
  const inFlight = running.get(key);
  if (inFlight) return inFlight;
  const sync = (async () => {
    let outcome: SyncOutcome;
    try {
      outcome = runner ? await runner() : await runCatalogueSync({ onProgress: reportCatalogueFill, ...options, ...(db ? { db } : {}) });
    } catch (error) {
      const failure = toFailure(error, null);
      if (failure.unreachable) {
        // The worker does not know the saved time when it failed before reading; ask the database here.
        const savedAt = failure.savedAt ?? (await readCatalogueSyncState(db ?? undefined).catch(() => undefined))?.syncedAt ?? null;
        if (savedAt !== null) reportServedOffline('catalogue', savedAt);
      }
      throw toError(failure);
    }
    reportServedLive();
    reportCatalogueFill(null);
    if (outcome.pictures.length > 0) announceProductsSaved(outcome.pictures);
    return outcome.result;
  })();
  running.set(key, sync);
  try {
    return await sync;
  } finally {
    running.delete(key);
  }
}
