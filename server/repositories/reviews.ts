// Data access for reviews.

import { desc } from 'drizzle-orm';
import type { Review } from '../../src/contract/review';
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

export async function listReviews(tx: Tx, limit = 100): Promise<Review[]> {
  const rows = await tx.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit);
  return rows.map(toReview);
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
