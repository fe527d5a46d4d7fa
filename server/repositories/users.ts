// Data access for users.

import { and, asc, count, eq, getTableColumns, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Role, UserProfile, UserRow } from '../../src/contract/user';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { actorOf, recordAudit } from './audit-log';
import { createCompanyOfOne, deleteCompanyIfEmpty, findMembership } from './companies';

export type UserRecord = typeof users.$inferSelect;

export function toProfile(row: UserRecord, adminEmails: readonly string[] = []): UserProfile {
  return {
    ...(row.role !== 'admin' && adminEmails.includes(row.email) ? { adminPending: true } : {}),
    admin: row.role === 'admin',
    ...(row.role === 'rep' ? { rep: true } : {}),
    email: row.email,
    displayName: row.displayName,
    address: row.address,
    phone: row.phone,
    linkedin: row.linkedin,
    emailVerified: row.emailVerified,
    // Only admins get the paid-order mail, so only their profile has the switch.
    ...(row.role === 'admin' ? { notifyPaidOrders: row.notifyPaidOrders } : {}),
  };
}

/** The spec's row of the users list: `{_id, email, role}`. */
export function toUserRow(row: UserRecord): UserRow {
  return { _id: row.id, email: row.email, role: row.role };
}

/** Make Admin's paged row also says whether the shop trusts the account to hold stock (docs/decisions/027). */
function toAdminUserRow(row: UserRecord): UserRow {
  return { ...toUserRow(row), trusted: row.trustedAt !== null };
}

export interface SignInFacts {
  email: string;
  firebaseUid: string;
  displayName: string | null;
  emailVerified: boolean;
  /** ADMIN_EMAILS and a verified e-mail: promote on sign-in; never demotes. */
  promote: boolean;
}

/**
 * Creates the user on first sign-in, or refreshes what the identity provider knows. A row made by
 * another identity-provider account (the old account was deleted there and the address registered
 * again) passes to the new account only once that account has verified the e-mail: before that, null.
 * A customer created here gets a company of its own in the same transaction (docs/decisions/040): approved, or
 * applied when the shop's setting says new customers apply and wait for approval.
 */
export async function upsertOnSignIn(tx: Tx, facts: SignInFacts): Promise<UserRecord | null> {
  return tx.transaction(async (inner) => {
    const row = await upsertUserRow(inner, facts);
    if (!row) return null;
    const { created, ...user } = row;
    if (created && user.role === 'customer') {
      const { id: companyId, status } = await createCompanyOfOne(inner, user);
      // The shop may want to approve each new dealer first: the company then applies, and orders once approved.
      if (status === 'applied') {
        await recordAudit(inner, actorOf(user, 'company_admin'), {
          action: 'company.applied',
          subjectType: 'company',
          subjectId: companyId,
          companyId,
          after: { status: 'applied' },
        });
      }
    }
    return user;
  });
}

async function upsertUserRow(tx: Tx, facts: SignInFacts): Promise<(UserRecord & { created: boolean }) | null> {
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
      setWhere: facts.emailVerified ? undefined : or(isNull(users.firebaseUid), eq(users.firebaseUid, facts.firebaseUid)),
    })
    // A row the statement inserted has no deleting transaction yet; one it updated has this one's.
    .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
  return row ?? null;
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

/**
 * One page of accounts for Make Admin, oldest first, and how many match. `q` is any part of the e-mail
 * (`%`, `_` and `\` literal), answered by the trigram index `users_email_trgm_idx`; the order by
 * `users_created_at_idx` (docs/architecture.md, "Data model").
 */
export async function listUsersPage(tx: Tx, query: { page: number; pageSize: number; q?: string | undefined }): Promise<{ items: UserRow[]; total: number }> {
  const where = query.q ? ilike(users.email, `%${query.q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`) : undefined;
  const [rows, totals] = await Promise.all([
    tx
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.email))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    tx.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toAdminUserRow), total: totals[0]?.n ?? 0 };
}

export interface ProfileChanges {
  displayName?: string;
  address: string;
  phone: string;
  linkedin: string;
  notifyPaidOrders?: boolean;
}

export async function updateProfile(tx: Tx, email: string, changes: ProfileChanges): Promise<number> {
  const rows = await tx
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return rows.length;
}

/** Promotes a customer; zero when the user is missing, already admin, or a sales rep (made a customer first). */
export async function makeAdmin(tx: Tx, email: string): Promise<number> {
  const rows = await tx
    .update(users)
    .set({ role: 'admin', updatedAt: sql`now()` })
    .where(and(eq(users.email, email), eq(users.role, 'customer')))
    .returning({ id: users.id });
  return rows.length;
}

export async function countByRole(tx: Tx, role: Role): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, role));
  return row?.n ?? 0;
}

/** Deletes the account with its membership; a company left without members goes too (docs/decisions/040). */
export async function deleteUserRow(tx: Tx, id: string): Promise<number> {
  return tx.transaction(async (inner) => {
    const membership = await findMembership(inner, id);
    const rows = await inner.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (membership) await deleteCompanyIfEmpty(inner, membership.companyId);
    return rows.length;
  });
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

/** Whether this account's own address is `email` and verified: the only address the shop writes to (docs/decisions/026). */
export async function hasVerifiedAddress(tx: Tx, userId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.email, email), eq(users.emailVerified, true)))
    .limit(1);
  return row !== undefined;
}

/** The verified addresses of the admins who want a mail for every paid order. */
export async function adminsToTellOfPayments(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.notifyPaidOrders, true), eq(users.emailVerified, true)))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

/**
 * The shop trusts the account to hold stock with unpaid orders from now on: an admin approved it as a dealer,
 * or it paid for the first time (docs/decisions/027). False when it was trusted already.
 */
export async function trustUser(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ trustedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.trustedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
