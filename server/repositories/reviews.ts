// Data access for reviews.

import { count, desc, eq } from 'drizzle-orm';
import type { AdminReview, Review } from '../../src/contract/review';
import type { Tx } from '../db/client';
import { reviews } from '../db/schema';

type ReviewRecord = typeof reviews.$inferSelect;

/** The public shape: the reviewer's e-mail is not published (docs/decisions/003). */
export function toReview(row: ReviewRecord): Review {
  return {
    _id: row.id,
    review: row.review,
    rating: String(row.rating),
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The newest reviews the public may see: hidden ones never leave the server. */
export async function listReviews(tx: Tx, limit = 100): Promise<Review[]> {
  const rows = await tx.select().from(reviews).where(eq(reviews.hidden, false)).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit);
  return rows.map(toReview);
}

/** Manage Reviews: one page of every review, hidden ones included, newest first, with the reviewer's e-mail. */
export async function listAllReviewsPage(tx: Tx, query: { page: number; pageSize: number }): Promise<{ items: AdminReview[]; total: number }> {
  const [rows, totals] = await Promise.all([
    tx
      .select()
      .from(reviews)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    tx.select({ n: count() }).from(reviews),
  ]);
  return { items: rows.map((row) => ({ ...toReview(row), userEmail: row.userEmail, hidden: row.hidden })), total: totals[0]?.n ?? 0 };
}

/** Hides a review from the public list, or shows it again; false when there is no such review. */
export async function setReviewHidden(tx: Tx, id: string, hidden: boolean): Promise<boolean> {
  const rows = await tx.update(reviews).set({ hidden }).where(eq(reviews.id, id)).returning({ id: reviews.id });
  return rows.length > 0;
}

export async function deleteReview(tx: Tx, id: string): Promise<number> {
  const rows = await tx.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  return rows.length;
}

export interface NewReview {
  userId: string | null;
  userName: string;
  userEmail: string;
  review: string;
  rating: number;
}

export async function insertReview(tx: Tx, review: NewReview): Promise<string> {
  const [row] = await tx.insert(reviews).values(review).returning({ id: reviews.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
