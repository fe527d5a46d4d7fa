// Stores processed images under their content hash, with their narrower copies, and reads them back for
// /uploads/<sha256>.webp and /uploads/<sha256>-<width>w.webp (docs/architecture.md, "Images"). On the local
// disk with PGlite; in PostgreSQL when the database is PostgreSQL, so every process and machine serves every
// picture (docs/decisions/012). Pictures no product or order shows are removed after a grace period.

import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parsePictureUrl, PICTURE_WIDTHS, pictureUrl, type PictureWidth } from '../../src/contract/pictures';
import type { Database, Db } from '../db/client';
import {
  deleteUnusedImages,
  findImage,
  findImageWidth,
  insertImage,
  insertImageWidth,
  storedImageHashes,
  touchImage,
  usedImageUrls,
} from '../repositories/images';
import type { PictureCopy } from './process';

/** The name of a full picture: the SHA-256 of its bytes, in lower-case hex, and `.webp`. */
export const IMAGE_FILE_NAME = /^([a-f0-9]{64})\.webp$/u;

export interface StoredImage {
  bytes: Buffer;
  storedAt: Date;
}

export interface ImageStore {
  /** Writes a picture and its narrower copies; resolves to its public URL (/uploads/<sha256>.webp). */
  put(picture: { webp: Buffer; widths: readonly PictureCopy[] }): Promise<string>;
  /** The picture stored under that hash (or its copy at that width), or null. */
  get(hash: string, width?: PictureWidth | null): Promise<StoredImage | null>;
  /** Keeps a copy made later of a stored picture; false when the picture is gone. */
  addWidth(hash: string, width: PictureWidth, webp: Buffer): Promise<boolean>;
  /**
   * Whether the picture is stored; if so, it counts as just stored, so the clean-up leaves it for another
   * grace period (a new product is about to name it).
   */
  claim(hash: string): Promise<boolean>;
  /** Removes the pictures stored before `storedBefore` that no product or order shows; resolves to how many. */
  removeUnused(storedBefore: Date): Promise<number>;
  /** Set when the pictures are files in this directory. */
  dir: string | null;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const fileName = (hash: string, width: PictureWidth | null = null) => path.basename(pictureUrl(hash, width));
const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Runs the functions given to it one at a time, in order. */
function serial(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (fn) => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** How many pictures the clean-up looks at per database question. */
const CLEANUP_BATCH = 500;

/**
 * Pictures as files in `dir` (PGlite, one process). Every change to the directory runs in one queue, so a
 * clean-up never removes a picture between an upload or a new product claiming it and its deletion check.
 */
export function diskImageStore(dir: string, db: Db): ImageStore {
  const exclusive = serial();
  const modifiedAt = (name: string) =>
    stat(path.join(dir, name)).then(
      (info) => info.mtime,
      (error: unknown) => (missing(error) ? null : Promise.reject(error)),
    );

  /** Write then rename, so a crash never leaves a half-written picture under its final name. */
  const writeOnce = async (name: string, bytes: Buffer) => {
    const target = path.join(dir, name);
    if ((await modifiedAt(name)) !== null) return;
    const tmp = `${target}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, target);
  };
  const unlinkIfThere = (name: string) => unlink(path.join(dir, name)).catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)));

  return {
    dir,
    put: ({ webp, widths }) =>
      exclusive(async () => {
        const hash = sha256(webp);
        await mkdir(dir, { recursive: true });
        for (const copy of widths) await writeOnce(fileName(hash, copy.width), copy.webp);
        await writeOnce(fileName(hash), webp);
        const now = new Date();
        await utimes(path.join(dir, fileName(hash)), now, now);
        return pictureUrl(hash);
      }),
    async get(hash, width = null) {
      const file = path.join(dir, fileName(hash, width));
      try {
        const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
        return { bytes, storedAt: info.mtime };
      } catch {
        return null;
      }
    },
    addWidth: (hash, width, webp) =>
      exclusive(async () => {
        if ((await modifiedAt(fileName(hash))) === null) return false;
        await writeOnce(fileName(hash, width), webp);
        return true;
      }),
    claim: (hash) =>
      exclusive(async () => {
        const now = new Date();
        try {
          await utimes(path.join(dir, fileName(hash)), now, now);
          return true;
        } catch (error) {
          if (missing(error)) return false;
          throw error;
        }
      }),
    async removeUnused(storedBefore) {
      const names = await readdir(dir).catch((error: unknown) => (missing(error) ? [] : Promise.reject(error)));
      const refs = names.flatMap((name) => parsePictureUrl(`/uploads/${name}`) ?? []);
      const full = new Set(refs.filter((r) => r.width === null).map((r) => r.hash));
      let removed = 0;
      const hashes = [...full];
      for (let start = 0; start < hashes.length; start += CLEANUP_BATCH) {
        const old: string[] = [];
        for (const hash of hashes.slice(start, start + CLEANUP_BATCH)) {
          const at = await modifiedAt(fileName(hash));
          if (at !== null && at < storedBefore) old.push(hash);
        }
        const used = await usedImageUrls(
          db,
          old.map((hash) => pictureUrl(hash)),
        );
        for (const hash of old.filter((h) => !used.has(pictureUrl(h)))) {
          removed += await exclusive(async () => {
            // Claimed or uploaded again since it was found unused: it stays for another grace period.
            const at = await modifiedAt(fileName(hash));
            if (at === null || at >= storedBefore) return 0;
            for (const width of PICTURE_WIDTHS) await unlinkIfThere(fileName(hash, width));
            await unlinkIfThere(fileName(hash));
            return 1;
          });
        }
      }
      // Copies left without their picture (a removal cut short) go too.
      for (const ref of refs.filter((r) => r.width !== null && !full.has(r.hash))) {
        await exclusive(async () => {
          if ((await modifiedAt(fileName(ref.hash))) === null) await unlinkIfThere(fileName(ref.hash, ref.width));
        });
      }
      return removed;
    },
  };
}

/** What one process keeps of the pictures it served from the database: about a catalogue page's worth many times over. */
const PICTURE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Pictures by name (hash and width), the least recently used dropped first once they add up to more than `maxBytes`. A
 * picture never changes under its hash, so nothing kept here can be stale.
 */
export function pictureCache(maxBytes: number) {
  // A Map iterates in insertion order: a hit is moved to the end, so the first entry is the oldest.
  const entries = new Map<string, StoredImage>();
  let bytes = 0;
  return {
    get(hash: string): StoredImage | undefined {
      const hit = entries.get(hash);
      if (hit) {
        entries.delete(hash);
        entries.set(hash, hit);
      }
      return hit;
    },
    set(hash: string, image: StoredImage): void {
      if (entries.has(hash) || image.bytes.length > maxBytes) return;
      entries.set(hash, image);
      bytes += image.bytes.length;
      for (const [oldest, old] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= old.bytes.length;
      }
    },
    delete(key: string): void {
      const hit = entries.get(key);
      if (!hit) return;
      entries.delete(key);
      bytes -= hit.bytes.length;
    },
    get size(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes };
    },
  };
}

export function databaseImageStore(db: Db, cacheBytes = PICTURE_CACHE_BYTES): ImageStore {
  const cache = pictureCache(cacheBytes);
  return {
    dir: null,
    async put({ webp, widths }) {
      const hash = sha256(webp);
      await db.transaction(async (tx) => insertImage(tx, hash, webp, widths));
      return pictureUrl(hash);
    },
    async get(hash, width = null) {
      const key = fileName(hash, width);
      const cached = cache.get(key);
      if (cached) return cached;
      const image = width === null ? await findImage(db, hash) : await findImageWidth(db, hash, width);
      if (image) cache.set(key, image);
      return image;
    },
    addWidth: (hash, width, webp) => insertImageWidth(db, hash, width, webp),
    claim: (hash) => touchImage(db, hash),
    async removeUnused(storedBefore) {
      const removed = await deleteUnusedImages(db, storedBefore);
      for (const hash of removed) for (const width of [null, ...PICTURE_WIDTHS]) cache.delete(fileName(hash, width));
      return removed.length;
    },
  };
}

/** PostgreSQL keeps the pictures for every process; PGlite, a single process, keeps them on its disk. */
export function imageStoreFor(database: Database, uploadsDir: string): ImageStore {
  return database.kind === 'postgres' ? databaseImageStore(database.db) : diskImageStore(uploadsDir, database.db);
}

/**
 * Copies the pictures of an uploads directory into the database that does not have them yet, so a shop
 * that kept them on disk keeps its product pictures when they move to PostgreSQL. Only files whose name
 * is the hash of their bytes are taken. Resolves to the number copied.
 */
export async function copyDiskImagesToDatabase(db: Db, dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const hashes = names.flatMap((name) => IMAGE_FILE_NAME.exec(name)?.[1] ?? []);
  if (hashes.length === 0) return 0;
  let copied = 0;
  // In slices, to stay far below PostgreSQL's limit of query parameters.
  for (let start = 0; start < hashes.length; start += 1000) {
    const slice = hashes.slice(start, start + 1000);
    const stored = await storedImageHashes(db, slice);
    for (const hash of slice) {
      if (stored.has(hash)) continue;
      const bytes = await readFile(path.join(dir, `${hash}.webp`));
      if (sha256(bytes) !== hash) continue;
      await insertImage(db, hash, bytes);
      copied += 1;
    }
  }
  return copied;
}
