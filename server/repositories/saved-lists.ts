// A company's saved lists (docs/decisions/054-saved-lists.md). A list is saved whole under the id its app made,
// so the same save sent twice changes nothing. Its lines keep each tool's name and SKU as they were when it was
// saved; a tool deleted since stays named on the list until someone saves it without that tool. Every write
// locks the company's row first, so two lists made at once cannot pass the company's limit together.

import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SavedList, SavedListBody, SavedListLine } from '../../src/contract/saved-list';
import type { Tx } from '../db/client';
import { products, savedLists } from '../db/schema';

type SavedListRow = typeof savedLists.$inferSelect;

export const savedListView = (row: SavedListRow): SavedList => ({
  id: row.id,
  companyId: row.companyId,
  name: row.name,
  lines: row.lines,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedByName,
});

/** The company's lists, by name (any case). */
export async function listSavedLists(tx: Tx, companyId: string): Promise<SavedList[]> {
  const rows = await tx
    .select()
    .from(savedLists)
    .where(eq(savedLists.companyId, companyId))
    .orderBy(asc(sql`lower(${savedLists.name})`), asc(savedLists.id));
  return rows.map(savedListView);
}

/** The list with this id, whichever company's, locked for the save or deletion that follows. */
export async function lockSavedList(tx: Tx, id: string): Promise<SavedListRow | null> {
  const [row] = await tx.select().from(savedLists).where(eq(savedLists.id, id)).for('update');
  return row ?? null;
}

/** Makes a company's list writes, and the count of its lists, one after the other. */
export async function lockCompanyLists(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select 1 from companies where id = ${companyId}::uuid for no key update`);
}

export async function countSavedLists(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(savedLists).where(eq(savedLists.companyId, companyId));
  return row?.n ?? 0;
}

/** Whether another list of the company has this name, in any case. */
export async function isSavedListNameTaken(tx: Tx, companyId: string, name: string, exceptId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: savedLists.id })
    .from(savedLists)
    .where(and(eq(savedLists.companyId, companyId), sql`lower(${savedLists.name}) = lower(${name})`, ne(savedLists.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether a database error is the unique index on a company's list names refusing a write (two saves of one name at once). */
export function isSavedListNameConflict(error: unknown): boolean {
  const pg = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return pg.code === '23505' && pg.constraint === 'saved_lists_name_key';
}

/**
 * The list's lines with each tool's name and SKU from the catalogue, in the order sent; `missing` is the
 * 1-based place of the first line whose tool is not in the catalogue (null when every tool is).
 */
export async function linesOfTools(tx: Tx, lines: SavedListBody['lines']): Promise<{ lines: SavedListLine[]; missing: number | null }> {
  const ids = lines.map((line) => line.productId);
  const found = await tx.select({ id: products.id, name: products.name, sku: products.sku }).from(products).where(inArray(products.id, ids));
  const byId = new Map(found.map((tool) => [tool.id, tool]));
  const missing = lines.findIndex((line) => !byId.has(line.productId));
  if (missing >= 0) return { lines: [], missing: missing + 1 };
  return {
    lines: lines.map((line) => {
      const tool = byId.get(line.productId);
      return { productId: line.productId, quantity: line.quantity, productName: tool?.name ?? '', sku: tool?.sku ?? '' };
    }),
    missing: null,
  };
}

export interface SavedListWrite {
  id: string;
  companyId: string;
  name: string;
  lines: SavedListLine[];
  by: { id: string; name: string };
}

/** Makes the list, or replaces the one with this id; the caller has checked that it is the company's. */
export async function putSavedList(tx: Tx, write: SavedListWrite): Promise<SavedListRow> {
  const values = { name: write.name, lines: write.lines, updatedAt: new Date(), updatedById: write.by.id, updatedByName: write.by.name };
  const [row] = await tx
    .insert(savedLists)
    .values({ id: write.id, companyId: write.companyId, ...values })
    .onConflictDoUpdate({ target: savedLists.id, set: values })
    .returning();
  if (!row) throw new Error('The saved list was not written.');
  return row;
}

export async function deleteSavedList(tx: Tx, id: string): Promise<void> {
  await tx.delete(savedLists).where(eq(savedLists.id, id));
}

/** What the audit log records of a list: its name and size, not every line. */
export const auditOfList = (list: { name: string; lines: readonly { quantity: number }[] }) => ({
  name: list.name,
  tools: list.lines.length,
  pieces: list.lines.reduce((sum, line) => sum + line.quantity, 0),
});
