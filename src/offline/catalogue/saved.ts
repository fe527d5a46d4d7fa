// The catalogue and reviews as last fetched, kept in IndexedDB so a dealer can browse them offline.

import type { Product } from '../../contract/product';
import type { Review } from '../../contract/review';
import type { Table } from 'dexie';
import { createNotifier } from '../../lib/notify';
import { productWords } from '../store/product-words';
import type { ForgelineDatabase, Saved, SavedProduct } from '../store/database';

// Dexie is loaded on first use, not with the app: the home page renders from the network, and the
// write-through that follows is what pulls it in (first-load JavaScript budget, docs/performance.md).
const database = (): Promise<ForgelineDatabase> => import('../store/database').then((m) => m.getDatabase());

/** What a reader found: the data and when it was saved (the oldest row, for lists). */
export interface SavedRead<T> {
  data: T;
  savedAt: number;
  /** Read from a first copy still being saved: how many tools it holds so far, of how many. */
  partial?: { saved: number; total: number };
}

const productsSaved = createNotifier<Product[]>();

/** Called after the product list was saved (the offline feature warms the image cache with it). */
export const onProductsSaved = productsSaved.subscribe;

function strip<T extends object>(row: Saved<T>): T {
  const { savedAt: _savedAt, position: _position, ...rest } = row as Saved<T> & Partial<Pick<SavedProduct, 'words' | 'nameWords'>>;
  // A product row also carries its search words; removing the added fields gives back exactly the T that was saved.
  delete rest.words;
  delete rest.nameWords;
  return rest as unknown as T;
}

/** A product as the products table keeps it: with its search words (store/database.ts, version 3). */
export function productRow(product: Product, savedAt: number, position: number): SavedProduct {
  return { ...product, ...productWords(product), savedAt, position };
}

type SavedTable<T> = Table<Saved<T>, string>;

async function replaceAll<T extends { _id: string }, R extends Saved<T>>(
  table: Table<R, string>,
  rows: T[],
  now: number,
  toRow: (row: T, position: number) => R,
): Promise<void> {
  const saved = rows.map((row, position) => toRow(row, position));
  await table.db.transaction('rw', table, async () => {
    // The server's list is the whole truth: rows it no longer has (deleted products) go.
    await table
      .where('_id')
      .noneOf(rows.map((row) => row._id))
      .delete();
    await table.bulkPut(saved);
  });
}

async function readAll<T extends object>(table: SavedTable<T>): Promise<SavedRead<T[]> | undefined> {
  const rows = await table.toArray();
  if (rows.length === 0) return undefined;
  rows.sort((a, b) => a.position - b.position);
  return { data: rows.map(strip), savedAt: Math.min(...rows.map((row) => row.savedAt)) };
}

/** Tells the listeners of onProductsSaved that these products were saved. */
export const announceProductsSaved = productsSaved.notify;

export async function saveProducts(products: Product[], db?: ForgelineDatabase, now = Date.now()): Promise<void> {
  await replaceAll((db ?? (await database())).products, products, now, (product, position) => productRow(product, now, position));
  announceProductsSaved(products);
}

export async function saveProduct(product: Product, given?: ForgelineDatabase, now = Date.now()): Promise<void> {
  const db = given ?? (await database());
  await db.transaction('rw', db.products, async () => {
    const existing = await db.products.get(product._id);
    await db.products.put(productRow(product, now, existing?.position ?? Number.MAX_SAFE_INTEGER));
  });
}

export async function readSavedProducts(db?: ForgelineDatabase): Promise<SavedRead<Product[]> | undefined> {
  return readAll<Product>((db ?? (await database())).products);
}

export async function readSavedProduct(id: string, db?: ForgelineDatabase): Promise<SavedRead<Product> | undefined> {
  const row = await (db ?? (await database())).products.get(id);
  return row ? { data: strip(row), savedAt: row.savedAt } : undefined;
}

export async function saveReviews(reviews: Review[], db?: ForgelineDatabase, now = Date.now()): Promise<void> {
  await replaceAll((db ?? (await database())).reviews, reviews, now, (review, position) => ({ ...review, savedAt: now, position }));
}

export async function readSavedReviews(db?: ForgelineDatabase): Promise<SavedRead<Review[]> | undefined> {
  return readAll<Review>((db ?? (await database())).reviews);
}
