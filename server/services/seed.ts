// Seeds a fresh local install: the catalogue with its pictures, reviews, and the two demo users.

import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { products, reviews } from '../db/schema';
import { seedGtin } from '../../src/contract/gtin';
import { CATEGORY_OF_SHAPE, seedProducts, seedReviews, seedSku, type SeedProduct } from '../db/seed-data';
import { processImage, type ProcessedImage } from '../images/process';
import type { ImageStore } from '../images/storage';
import { toolSvg } from '../images/tool-art';
import { countProducts, insertProduct } from '../repositories/products';
import { insertReview } from '../repositories/reviews';

/** A seeded picture as an upload would store it: WebP with its narrower copies (docs/architecture.md, "Images"). */
export async function renderToolImage(svg: string): Promise<ProcessedImage> {
  return processImage(await sharp(Buffer.from(svg)).resize({ width: 800 }).png().toBuffer());
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
        sku: seedSku(p),
        gtin: seedGtin(i + 1),
        category: CATEGORY_OF_SHAPE[p.shape],
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

/** The generated tools' barcode numbers start after the demo catalogue's. */
const GENERATED_GTIN_FROM = 10_000;

/**
 * Gives the demo catalogue's tools their barcode numbers where an install seeded before barcodes has none (and
 * no other tool has taken the number), so the counter can scan them. Once: a tool an admin gave a number keeps it.
 */
export async function giveSeededBarcodes(db: Db): Promise<number> {
  let given = 0;
  for (const [i, p] of seedProducts.entries()) {
    const gtin = seedGtin(i + 1);
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`update products set gtin = ${gtin} where sku = ${seedSku(p)} and gtin is null and not exists (select 1 from products other where other.gtin = ${gtin}) returning id`,
    );
    given += rows.length;
  }
  return given;
}

const MODEL_WORDS = ['Pro', 'Max', 'Compact', 'Heavy-Duty', 'Site', 'Workshop', 'Cordless', 'Brushless'];

/**
 * Adds `count` generated tools (SEED_PRODUCTS, local mode) after the demo catalogue, for benchmarks and
 * demos at trade scale: varied names, SKUs, categories, prices and rules, sharing the seeded pictures.
 * Runs once: only when the catalogue holds no generated tool yet.
 */
export async function seedGeneratedProducts(db: Db, count: number): Promise<number> {
  if (count <= 0) return 0;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(sql`${products.sku} like 'FL-G%'`);
  if (n > 0) return 0;
  const pictures = await db.select({ imageUrl: products.imageUrl, name: products.name }).from(products).limit(seedProducts.length);
  if (pictures.length === 0) return 0;
  const rows = Array.from({ length: count }, (_, i) => {
    const base: SeedProduct = seedProducts[i % seedProducts.length] as SeedProduct;
    const word = MODEL_WORDS[i % MODEL_WORDS.length] ?? 'Pro';
    const model = `${base.label.split(' ')[0] ?? 'X'}-${word.slice(0, 1)}${1000 + i}`;
    return {
      name: `Forgeline ${model} ${word} ${base.label.split(' ').slice(1).join(' ')}`,
      sku: `FL-G${String(i + 1).padStart(5, '0')}`,
      gtin: seedGtin(GENERATED_GTIN_FROM + i),
      category: CATEGORY_OF_SHAPE[base.shape],
      description: `${base.description} Generated catalogue entry ${i + 1} of ${count}, ${word.toLowerCase()} edition.`,
      imageUrl: pictures[i % pictures.length]?.imageUrl ?? '',
      price: base.price + (i % 37),
      available: 100 + ((i * 37) % 2000),
      minOrder: 1 + (i % 10),
    };
  });
  // In chunks, so one statement never carries thousands of rows.
  for (let i = 0; i < rows.length; i += 500) await db.insert(products).values(rows.slice(i, i + 500));
  return rows.length;
}
