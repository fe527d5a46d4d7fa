// Data access for products. Route handlers call these; none of them writes SQL itself.

import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ChangesFrom, Product } from '../../src/contract/product';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { productDeletions, products } from '../db/schema';

/** Every column but the search vector and the writing transaction, which only the database reads. */
const { search: _search, writtenBy: _writtenBy, ...columns } = getTableColumns(products);
export const productColumns = columns;
export type ProductRow = Omit<typeof products.$inferSelect, 'search' | 'writtenBy'>;

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    price: row.price,
    availableQnt: row.available,
    minOrderQnt: row.minOrder,
    sku: row.sku,
    // Left out when there is none: the offline copy carries thousands of tools.
    ...(row.gtin ? { gtin: row.gtin } : {}),
    category: row.category,
    maxOrderQnt: row.maxOrder,
    packSize: row.packSize,
    priceTiers: row.priceTiers,
  };
}

export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * Rows per statement when the whole catalogue is read: between two statements the other requests run (PGlite
 * serves one statement at a time, in this process). At 50,000 tools one statement held a search typed meanwhile
 * for seconds.
 */
export const WHOLE_CATALOGUE_CHUNK = 2000;

/**
 * Lets the event loop take other requests between two chunks: PGlite answers in the same process, so its
 * promises settle without the loop ever reaching the sockets of the requests waiting meanwhile.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every product, newest first (then by id), read a chunk at a time by its place in that order. */
export async function listProducts(tx: Tx, chunk = WHOLE_CATALOGUE_CHUNK): Promise<Product[]> {
  const all: Product[] = [];
  // The place of the last row read: its time as the database writes it (microseconds, which a Date would cut).
  let last: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await tx
      .select({ ...productColumns, place: sql<string>`${products.createdAt}::text` })
      .from(products)
      .where(
        last
          ? or(
              sql`${products.createdAt} < ${last.createdAt}::timestamptz`,
              and(sql`${products.createdAt} = ${last.createdAt}::timestamptz`, gt(products.id, last.id)),
            )
          : undefined,
      )
      .orderBy(desc(products.createdAt), products.id)
      .limit(chunk);
    for (const row of rows) all.push(toProduct(row));
    const end = rows.at(-1);
    if (!end || rows.length < chunk) return all;
    last = { createdAt: end.place, id: end.id };
    await nextTurn();
  }
}

/**
 * Up to this many matches a search is ordered by rank; past it, newest first, as the catalogue is. A search that
 * matches most of a trade catalogue (a first letter, the brand's SKU prefix "FL" typed on the way to a SKU)
 * would rank every tool, tens of milliseconds at 50,000 on PGlite where queries run one at a time, for an
 * order that tells the dealer nothing; the count it needs anyway says which case it is.
 */
export const RANKED_MATCHES_UP_TO = 20_000;

/**
 * One page of the catalogue for a search (every word a prefix of a word of the name, SKU or description, or
 * the whole search a tool's barcode number, `gtin`) and a category: the best matches first (name and SKU
 * weigh more than the description), then the newest.
 */
export async function searchProducts(
  tx: Tx,
  query: { words: string[]; gtin?: string | null; category?: string | undefined; page: number; pageSize: number },
  rankedUpTo = RANKED_MATCHES_UP_TO,
): Promise<{ items: Product[]; total: number }> {
  const filters: SQL[] = [];
  const tsquery = query.words.map((word) => `${word}:*`).join(' & ');
  const match = sql`${products.search} @@ to_tsquery('simple', ${tsquery})`;
  if (query.words.length > 0) filters.push(query.gtin ? (or(match, eq(products.gtin, query.gtin)) ?? match) : match);
  if (query.category) filters.push(eq(products.category, query.category));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const newest = [desc(products.createdAt), products.id];
  const page = (order: (SQL | typeof products.id)[]) =>
    tx
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  const counted = tx.select({ n: count() }).from(products).where(where);
  if (query.words.length === 0) {
    const [rows, totals] = await Promise.all([page(newest), counted]);
    return { items: rows.map(toProduct), total: totals[0]?.n ?? 0 };
  }
  const total = (await counted)[0]?.n ?? 0;
  if (total <= (query.page - 1) * query.pageSize) return { items: [], total };
  const rows = await page(total <= rankedUpTo ? [sql`ts_rank(${products.search}, to_tsquery('simple', ${tsquery})) desc`, ...newest] : newest);
  return { items: rows.map(toProduct), total };
}

/** The categories in use, with how many tools each has, by name. */
export async function listCategories(tx: Tx): Promise<{ name: string; count: number }[]> {
  return tx.select({ name: products.category, count: count() }).from(products).groupBy(products.category).orderBy(products.category);
}

/**
 * What changed for an offline copy (decision 023): with `after`, every product and deletion written by a
 * transaction at or past that cursor; with `since` (copies saved before cursors), those numbered after
 * that version. The answer's `cursor` is read first: every transaction below it had ended, so the reads
 * that follow, each at least as recent, see all it wrote, and a transaction still running is at or past
 * it, so the next sync gets its changes. `version` stays the newest number, for the older copies.
 */
export async function catalogueChanges(tx: Tx, from: ChangesFrom): Promise<{ version: number; cursor: number; products: Product[]; deleted: string[] }> {
  const { versions: _versions, ...changes } = await catalogueChangesWithVersions(tx, from);
  return changes;
}

/** The whole catalogue as `catalogueChanges` answers it, with each tool's change number (in the same order, ascending): the pages of the first sync are cut by it. */
/**
 * The whole catalogue for a first offline copy, a chunk at a time in the order of the products' versions. The
 * cursor is read first, as for any delta: a tool changed while the chunks are read comes again in the next
 * sync (decision 023), and one read twice here (it moved to a later version between two chunks) is kept once.
 */
export async function catalogueCopy(tx: Tx, chunk = WHOLE_CATALOGUE_CHUNK): Promise<CatalogueCopy> {
  const [snapshot] = await rowsOf<{ cursor: string }>(tx, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as cursor`);
  const byId = new Map<string, ProductRow>();
  let after = -1;
  for (;;) {
    const rows = await tx.select(productColumns).from(products).where(gt(products.version, after)).orderBy(products.version).limit(chunk);
    for (const row of rows) {
      // Its latest version last, so the copy stays in the order of versions.
      byId.delete(row.id);
      byId.set(row.id, row);
    }
    const end = rows.at(-1);
    if (!end || rows.length < chunk) break;
    after = end.version;
    await nextTurn();
  }
  // The deletions after the tools, so a tool deleted while they were read is listed: the whole copy also
  // answers a device whose own copy is long behind (the large-delta shortcut), which must drop it.
  const [deleted, [latest]] = await Promise.all([
    tx.select({ id: productDeletions.productId }).from(productDeletions),
    rowsOf<{ v: string | number }>(
      tx,
      sql`select greatest(coalesce((select max(version) from products), 0), coalesce((select max(version) from product_deletions), 0))::bigint as v`,
    ),
  ]);
  const changed = [...byId.values()];
  return {
    version: Number(latest?.v ?? 0),
    cursor: Number(snapshot?.cursor),
    products: changed.map(toProduct),
    // A product deleted and then inserted again with the same id is a change, not a deletion.
    deleted: deleted.map((d) => d.id).filter((id) => !byId.has(id)),
    versions: changed.map((p) => Number(p.version)),
  };
}

export interface CatalogueCopy {
  version: number;
  cursor: number;
  products: Product[];
  deleted: string[];
  versions: number[];
}

async function catalogueChangesWithVersions(tx: Tx, from: ChangesFrom): Promise<CatalogueCopy> {
  const [snapshot] = await rowsOf<{ cursor: string }>(tx, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as cursor`);
  const cursor = Number(snapshot?.cursor);
  const written = (table: typeof products | typeof productDeletions) =>
    'after' in from ? sql`${table.writtenBy} >= ${String(from.after)}::xid8` : gt(table.version, from.since);
  const [changed, deleted, latest] = await Promise.all([
    tx.select(productColumns).from(products).where(written(products)).orderBy(products.version),
    tx.select({ id: productDeletions.productId }).from(productDeletions).where(written(productDeletions)),
    rowsOf<{ v: string | number }>(
      tx,
      sql`select greatest(coalesce((select max(version) from products), 0), coalesce((select max(version) from product_deletions), 0))::bigint as v`,
    ),
  ]);
  const [row] = latest;
  // A product deleted and then inserted again with the same id is a change, not a deletion.
  const alive = new Set(changed.map((p) => p.id));
  return {
    version: Number(row?.v ?? 0),
    cursor,
    products: changed.map(toProduct),
    deleted: deleted.map((d) => d.id).filter((id) => !alive.has(id)),
    versions: changed.map((p) => Number(p.version)),
  };
}

/** How many products changed since a position, counted up to `atMost + 1` only: enough to tell a large delta. */
export async function countCatalogueChanges(tx: Tx, from: ChangesFrom, atMost: number): Promise<number> {
  const written = 'after' in from ? sql`${products.writtenBy} >= ${String(from.after)}::xid8` : gt(products.version, from.since);
  const changed = tx
    .select({ id: products.id })
    .from(products)
    .where(written)
    .limit(atMost + 1)
    .as('changed');
  const [row] = await tx.select({ n: count() }).from(changed);
  return row?.n ?? 0;
}

export async function findProduct(tx: Tx, id: string): Promise<ProductRow | null> {
  const [row] = await tx.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

export interface NewProduct {
  name: string;
  description: string;
  imageUrl: string;
  price: number;
  available: number;
  minOrder: number;
  /** Made from random digits when not given. */
  sku?: string;
  /** The barcode number, normalized (src/contract/gtin.ts); none when not given. */
  gtin?: string | null;
  category?: string;
  maxOrder?: number | null;
  packSize?: number;
  priceTiers?: { minQnt: number; price: number }[];
}

/** A SKU for a tool added without one: the brand's prefix and eight random hex digits. */
export function newSku(): string {
  return `FL-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export async function insertProduct(tx: Tx, product: NewProduct): Promise<string> {
  const [row] = await tx
    .insert(products)
    .values({ ...product, sku: product.sku ?? newSku() })
    .returning({ id: products.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** What an edit changes; a field left undefined keeps its value. */
export type ProductChanges = { [K in keyof NewProduct]?: NewProduct[K] | undefined };

/**
 * Changes a tool; null when there is no such tool. The table's triggers give the row a new change number and
 * tell every process, so the catalogue's caches and the offline copies' next sync see the change.
 */
export async function updateProduct(tx: Tx, id: string, changes: ProductChanges): Promise<ProductRow | null> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<typeof products.$inferInsert>;
  if (Object.keys(set).length === 0) return findProduct(tx, id);
  const [row] = await tx.update(products).set(set).where(eq(products.id, id)).returning(productColumns);
  return row ?? null;
}

export async function deleteProduct(tx: Tx, id: string): Promise<number> {
  const rows = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length;
}

export async function countProducts(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(products);
  return row?.n ?? 0;
}

/**
 * Locks these products in id order, so two orders that share tools never wait on each other crosswise (no
 * deadlock, whatever order their lines are in), and returns them as they are now.
 */
export async function lockProducts(tx: Tx, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(productColumns)
    .from(products)
    .where(inArray(products.id, [...ids].sort()))
    .orderBy(asc(products.id))
    .for('update');
}

/** So many pieces of each product, summed per product; a piece of a deleted product (null) counts for none. */
export interface Pieces {
  productId: string | null;
  quantity: number;
}

function perProduct(pieces: Pieces[]): [string, number][] {
  const sums = new Map<string, number>();
  for (const piece of pieces) if (piece.productId) sums.set(piece.productId, (sums.get(piece.productId) ?? 0) + piece.quantity);
  return [...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Moves pieces off the shelf (-1) or back onto it (+1), in one statement over the products' id order. */
async function moveStock(tx: Tx, pieces: Pieces[], sign: 1 | -1): Promise<void> {
  const sums = perProduct(pieces);
  if (sums.length === 0) return;
  const values = sql.join(
    sums.map(([id, quantity]) => sql`(${id}::uuid, ${sign * quantity}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update products set available = products.available + s.quantity
      from (values ${values}) as s(product_id, quantity)
     where products.id = s.product_id`);
}

/**
 * Takes pieces off the shelf. The caller holds the products' locks and has checked there are enough, so the
 * stock cannot go below zero here (and the table's CHECK would refuse it if it did).
 */
export async function takePieces(tx: Tx, pieces: Pieces[]): Promise<void> {
  await moveStock(tx, pieces, -1);
}

/** Puts pieces back on the shelf, locking the products in id order first. */
export async function returnPieces(tx: Tx, pieces: Pieces[]): Promise<void> {
  await lockProducts(
    tx,
    perProduct(pieces).map(([id]) => id),
  );
  await moveStock(tx, pieces, 1);
}
