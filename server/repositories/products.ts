// Data access for products. Route handlers call these; none of them writes SQL itself.

import { desc, eq, sql } from 'drizzle-orm';
import type { Product } from '../../src/contract/product';
import type { Tx } from '../db/client';
import { products } from '../db/schema';

export type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    price: row.price,
    availableQnt: row.available,
    minOrderQnt: row.minOrder,
  };
}

export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * Tells every process (NOTIFY is delivered on commit) that the cached catalogue is stale. Changes to the
 * products table do this by themselves (trigger, migration 0001); this is for anything else the
 * catalogue comes to depend on.
 */
export async function notifyCatalogueChanged(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}

export async function listProducts(tx: Tx): Promise<Product[]> {
  const rows = await tx.select().from(products).orderBy(desc(products.createdAt), products.id);
  return rows.map(toProduct);
}

export async function findProduct(tx: Tx, id: string): Promise<ProductRow | null> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

export interface NewProduct {
  name: string;
  description: string;
  imageUrl: string;
  price: number;
  available: number;
  minOrder: number;
}

export async function insertProduct(tx: Tx, product: NewProduct): Promise<string> {
  const [row] = await tx.insert(products).values(product).returning({ id: products.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function deleteProduct(tx: Tx, id: string): Promise<number> {
  const rows = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length;
}

/** Reserves stock: zero rows when there is not enough (DESIGN section 6). */
export async function reserveStock(tx: Tx, id: string, quantity: number): Promise<ProductRow | null> {
  const [row] = await tx
    .update(products)
    .set({ available: sql`${products.available} - ${quantity}` })
    .where(sql`${products.id} = ${id} and ${products.available} >= ${quantity}`)
    .returning();
  return row ?? null;
}

export async function returnStock(tx: Tx, id: string, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ available: sql`${products.available} + ${quantity}` })
    .where(eq(products.id, id));
}

export async function countProducts(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(products);
  return row?.n ?? 0;
}
