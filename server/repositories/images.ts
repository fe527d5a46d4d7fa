// Uploaded pictures kept in PostgreSQL under the SHA-256 of their bytes (docs/decisions/012), with their
// narrower copies (image_widths), and the question which pictures products and orders still show
// (docs/architecture.md, "Images").

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { images, imageWidths, orderLines, products } from '../db/schema';

export interface ImageRow {
  bytes: Buffer;
  storedAt: Date;
}

/**
 * Stores the bytes under their hash, with the narrower copies. The same picture stored again keeps its
 * bytes and starts its grace period again (created_at), so the clean-up never takes a picture an admin has
 * just uploaded.
 */
export async function insertImage(tx: Tx, hash: string, bytes: Buffer, widths: readonly { width: number; webp: Buffer }[] = []): Promise<void> {
  await tx
    .insert(images)
    .values({ hash, bytes })
    .onConflictDoUpdate({ target: images.hash, set: { createdAt: sql`now()` } });
  if (widths.length > 0) {
    await tx
      .insert(imageWidths)
      .values(widths.map((w) => ({ hash, width: w.width, bytes: w.webp })))
      .onConflictDoNothing();
  }
}

/** Adds one narrower copy of a stored picture; false when the picture is gone. */
export async function insertImageWidth(tx: Tx, hash: string, width: number, bytes: Buffer): Promise<boolean> {
  const rows = await rowsOf<{ hash: string }>(
    tx,
    sql`
    insert into image_widths (hash, width, bytes)
    select ${hash}, ${width}, ${bytes} from images where hash = ${hash}
    on conflict do nothing
    returning hash`,
  );
  return rows.length > 0 || (await findImageWidth(tx, hash, width)) !== null;
}

export async function findImage(tx: Tx, hash: string): Promise<ImageRow | null> {
  const [row] = await tx.select({ bytes: images.bytes, storedAt: images.createdAt }).from(images).where(eq(images.hash, hash));
  return row ?? null;
}

export async function findImageWidth(tx: Tx, hash: string, width: number): Promise<ImageRow | null> {
  const [row] = await tx
    .select({ bytes: imageWidths.bytes, storedAt: imageWidths.createdAt })
    .from(imageWidths)
    .where(and(eq(imageWidths.hash, hash), eq(imageWidths.width, width)));
  return row ?? null;
}

/**
 * Marks a stored picture as just named by a new product, so a clean-up running meanwhile leaves it: a
 * concurrent delete waits for this row and then finds it no longer past its grace. False when not stored.
 */
export async function touchImage(tx: Tx, hash: string): Promise<boolean> {
  const rows = await tx
    .update(images)
    .set({ createdAt: sql`now()` })
    .where(eq(images.hash, hash))
    .returning({ hash: images.hash });
  return rows.length > 0;
}

/** Which of these hashes are stored already. */
export async function storedImageHashes(tx: Tx, hashes: string[]): Promise<Set<string>> {
  const rows = await tx.select({ hash: images.hash }).from(images).where(inArray(images.hash, hashes));
  return new Set(rows.map((r) => r.hash));
}

/** The picture URL of a hash as products and orders keep it. */
const urlOf = sql`'/uploads/' || images.hash || '.webp'`;

/**
 * Deletes the pictures stored before `storedBefore` that no product or order line shows (their
 * copies go with them), and returns their hashes. One statement: a picture a new product names meanwhile
 * was touched (touchImage) and is no longer past its grace when the delete reaches it.
 */
export async function deleteUnusedImages(tx: Tx, storedBefore: Date): Promise<string[]> {
  const deleted = await rowsOf<{ hash: string }>(
    tx,
    sql`
    delete from images
     where created_at < ${storedBefore.toISOString()}::timestamptz
       and not exists (select 1 from ${products} where ${products.imageUrl} = ${urlOf})
       and not exists (select 1 from ${orderLines} where ${orderLines.imageUrl} = ${urlOf})
    returning hash`,
  );
  return deleted.map((r) => r.hash);
}

/** Of these picture URLs, the ones a product or an order line shows. */
export async function usedImageUrls(tx: Tx, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await rowsOf<{ url: string }>(
    tx,
    sql`
    select ${products.imageUrl} as url from ${products} where ${inArray(products.imageUrl, urls)}
    union select ${orderLines.imageUrl} from ${orderLines} where ${inArray(orderLines.imageUrl, urls)}`,
  );
  return new Set(rows.map((r) => r.url));
}
