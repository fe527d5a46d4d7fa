// Seeds a fresh local install: the catalogue with its pictures, reviews, and the two demo users.

import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { ImageStore } from '../images/storage';
import { toolSvg } from '../images/tool-art';
import { countProducts, insertProduct } from '../repositories/products';
import { insertReview } from '../repositories/reviews';
import type { Db } from './client';
import { reviews } from './schema';
import { seedProducts, seedReviews } from './seed-data';

export async function renderToolImage(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize({ width: 800 }).webp({ quality: 80 }).toBuffer();
}

/** Seeds the catalogue and reviews once: only when the catalogue is empty. Returns whether it did. */
export async function seedCatalogue(db: Db, images: ImageStore): Promise<boolean> {
  if ((await countProducts(db)) > 0) return false;
  const pictures = await Promise.all(seedProducts.map(async (p) => images.put(await renderToolImage(toolSvg(p)))));
  await db.transaction(async (tx) => {
    for (const [i, p] of seedProducts.entries()) {
      await insertProduct(tx, {
        name: p.name,
        description: p.description,
        imageUrl: pictures[i] ?? '',
        price: p.price,
        available: p.available,
        minOrder: p.minOrder,
      });
      // Distinct creation times keep the seeded order stable (newest first).
      await tx.execute(sql`select pg_sleep(0.001)`);
    }
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(reviews);
    if (n === 0) {
      for (const r of seedReviews) {
        // Seeded reviews belong to no account of this install.
        await insertReview(tx, { userId: null, userEmail: 'reviews@forgeline.test', userName: r.userName, review: r.review, rating: r.rating });
      }
    }
  });
  return true;
}
