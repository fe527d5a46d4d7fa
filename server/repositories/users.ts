// Data access for users.

import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Role, UserProfile, UserRow } from '../../src/contract/user';
import type { Tx } from '../db/client';
import { orders, users } from '../db/schema';
import { returnStock } from './products';

export type UserRecord = typeof users.$inferSelect;

export function toProfile(row: UserRecord): UserProfile {
  return {
    admin: row.role === 'admin',
    email: row.email,
    displayName: row.displayName,
    address: row.address,
    phone: row.phone,
    linkedin: row.linkedin,
    emailVerified: row.emailVerified,
  };
}

export function toUserRow(row: UserRecord): UserRow {
  return { _id: row.id, email: row.email, role: row.role };
}

export interface SignInFacts {
  email: string;
  firebaseUid: string;
  displayName: string | null;
  emailVerified: boolean;
  /** ADMIN_EMAILS: promote on sign-in; never demotes. */
  promote: boolean;
}

/** Creates the user on first sign-in, or refreshes what the identity provider knows. */
export async function upsertOnSignIn(tx: Tx, facts: SignInFacts): Promise<UserRecord> {
  const [row] = await tx
    .insert(users)
    .values({
      email: facts.email,
      firebaseUid: facts.firebaseUid,
      displayName: facts.displayName ?? '',
      emailVerified: facts.emailVerified,
      role: facts.promote ? 'admin' : 'customer',
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        firebaseUid: facts.firebaseUid,
        emailVerified: facts.emailVerified,
        // Keep a name the user set in My Profile; fill it from the identity provider only when empty.
        displayName: sql`case when ${users.displayName} = '' then ${facts.displayName ?? ''} else ${users.displayName} end`,
        role: facts.promote ? sql`'admin'` : sql`${users.role}`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function findUserById(tx: Tx, id: string): Promise<UserRecord | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRecord | null> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function listUsers(tx: Tx): Promise<UserRow[]> {
  const rows = await tx.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
  return rows.map(toUserRow);
}

export interface ProfileChanges {
  displayName?: string;
  address: string;
  phone: string;
  linkedin: string;
}

export async function updateProfile(tx: Tx, email: string, changes: ProfileChanges): Promise<number> {
  const rows = await tx
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return rows.length;
}

/** Promotes a customer; zero when the user is missing or already admin. */
export async function makeAdmin(tx: Tx, email: string): Promise<number> {
  const rows = await tx
    .update(users)
    .set({ role: 'admin', updatedAt: sql`now()` })
    .where(and(eq(users.email, email), ne(users.role, 'admin')))
    .returning({ id: users.id });
  return rows.length;
}

export async function countByRole(tx: Tx, role: Role): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, role));
  return row?.n ?? 0;
}

export async function deleteUserRow(tx: Tx, id: string): Promise<number> {
  const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length;
}

/**
 * Locks every admin row (in id order, so two callers never wait on each other crosswise) and returns
 * their ids. Callers that check "is this the last admin?" hold these locks until they commit.
 */
export async function lockAdminIds(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
  return rows.map((row) => row.id);
}

export async function lockUserById(tx: Tx, id: string): Promise<UserRecord | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row ?? null;
}

/**
 * Deletes a user and their unpaid orders, returning those orders' stock. Paid and shipped orders stay
 * for the records: orders.user_id is ON DELETE SET NULL and they keep the e-mail and name snapshot.
 * Run it inside a transaction.
 */
export async function deleteUserWithUnpaidOrders(tx: Tx, id: string): Promise<number> {
  const removed = await tx
    .delete(orders)
    .where(and(eq(orders.userId, id), eq(orders.status, 'Unpaid')))
    .returning({ productId: orders.productId, quantity: orders.quantity });
  const perProduct = new Map<string, number>();
  for (const order of removed) {
    if (order.productId) perProduct.set(order.productId, (perProduct.get(order.productId) ?? 0) + order.quantity);
  }
  // Product rows are updated in id order, so two such deletions lock them in the same order.
  for (const productId of [...perProduct.keys()].sort()) await returnStock(tx, productId, perProduct.get(productId) ?? 0);
  return deleteUserRow(tx, id);
}
