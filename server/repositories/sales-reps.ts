// Data access for sales reps (docs/decisions/043-sales-reps.md): the accounts whose role is `rep`, and the
// companies admins assigned to them (`company_reps`). A rep belongs to no company: making a customer a rep
// takes it out of its company, and making a rep a customer again gives it a company of its own, as a newly
// registered customer gets.

import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { RepCompany, AdminRep, CompanyRep } from '../../src/contract/sales-rep';
import type { Tx } from '../db/client';
import { companies, companyMembers, companyReps, users } from '../db/schema';
import { createCompanyOfOne, deleteCompanyIfEmpty, findCompany, listLocations } from './companies';

/** The companies assigned to this rep, by name, each with its locations (the default first). */
export async function listRepCompanies(tx: Tx, repId: string): Promise<RepCompany[]> {
  const rows = await tx
    .select({ id: companies.id, name: companies.name, country: companies.country, taxNumber: companies.taxNumber, status: companies.status })
    .from(companyReps)
    .innerJoin(companies, eq(companies.id, companyReps.companyId))
    .where(eq(companyReps.userId, repId))
    .orderBy(asc(companies.name), asc(companies.id));
  return Promise.all(
    rows.map(async (row) => {
      const [company, locations] = await Promise.all([findCompany(tx, row.id), listLocations(tx, row.id)]);
      return { ...row, taxExempt: company?.taxExempt ?? false, taxRateMicros: company?.taxRateMicros ?? 0, taxName: company?.taxName ?? null, locations };
    }),
  );
}

/** Whether the company is assigned to this account, and the account is a rep now. */
export async function isRepOf(tx: Tx, repId: string, companyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: companyReps.companyId })
    .from(companyReps)
    .innerJoin(users, eq(users.id, companyReps.userId))
    .where(and(eq(companyReps.userId, repId), eq(companyReps.companyId, companyId), eq(users.role, 'rep')))
    .limit(1);
  return row !== undefined;
}

/** Every sales rep, by e-mail, with how many companies each orders for. */
export async function listReps(tx: Tx): Promise<AdminRep[]> {
  const rows = await tx
    .select({ id: users.id, email: users.email, name: users.displayName, companyCount: count(companyReps.companyId) })
    .from(users)
    .leftJoin(companyReps, eq(companyReps.userId, users.id))
    .where(eq(users.role, 'rep'))
    .groupBy(users.id)
    .orderBy(asc(users.email));
  return rows.map((row) => ({ ...row, companyCount: Number(row.companyCount) }));
}

/** The reps assigned to the company, by e-mail. */
export async function listCompanyReps(tx: Tx, companyId: string): Promise<CompanyRep[]> {
  const rows = await tx
    .select({ id: users.id, email: users.email, name: users.displayName, assignedAt: companyReps.assignedAt })
    .from(companyReps)
    .innerJoin(users, eq(users.id, companyReps.userId))
    .where(eq(companyReps.companyId, companyId))
    .orderBy(asc(users.email));
  return rows.map((row) => ({ ...row, assignedAt: row.assignedAt.toISOString() }));
}

export type Assignment = { outcome: 'assigned' | 'already' } | { outcome: 'no_company' } | { outcome: 'no_user' } | { outcome: 'not_rep' };

/**
 * Assigns the company to the rep. The rep's row is locked for the check, so a rep made a customer at the
 * same moment (which drops its assignments under the same lock) never keeps one.
 */
export async function assignRep(tx: Tx, companyId: string, userId: string): Promise<Assignment> {
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return { outcome: 'no_company' };
  const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1).for('update');
  if (!user) return { outcome: 'no_user' };
  if (user.role !== 'rep') return { outcome: 'not_rep' };
  const inserted = await tx.insert(companyReps).values({ companyId, userId }).onConflictDoNothing().returning({ userId: companyReps.userId });
  return { outcome: inserted.length > 0 ? 'assigned' : 'already' };
}

/** Takes the company from the rep; false when it was not assigned. */
export async function unassignRep(tx: Tx, companyId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(companyReps)
    .where(and(eq(companyReps.companyId, companyId), eq(companyReps.userId, userId)))
    .returning({ userId: companyReps.userId });
  return rows.length > 0;
}

export type RoleChange =
  | {
      outcome: 'changed';
      left: { companyId: string; companyName: string; deleted: boolean } | null;
      ownCompany: { id: string; name: string } | null;
      companyIds: string[];
    }
  | { outcome: 'not_found' }
  | { outcome: 'unchanged' }
  | { outcome: 'not_customer' }
  | { outcome: 'last_company_admin'; companyName: string };

/**
 * Makes a customer a sales rep. It leaves its company: a company it was the only member of goes (its orders
 * keep the name copied on them); the last company admin of a company with other members is refused, as when
 * it would join another company. Locks the user's row and its company's membership.
 */
export async function makeRep(tx: Tx, email: string): Promise<RoleChange> {
  const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).limit(1).for('update');
  if (!user) return { outcome: 'not_found' };
  if (user.role === 'rep') return { outcome: 'unchanged' };
  if (user.role !== 'customer') return { outcome: 'not_customer' };
  const [membership] = await tx
    .select({ companyId: companyMembers.companyId, role: companyMembers.role, companyName: companies.name })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, user.id))
    .for('update');
  let left: { companyId: string; companyName: string; deleted: boolean } | null = null;
  if (membership) {
    // The company's row first, as every change of its members does, then its other company admins.
    await tx.execute(sql`select 1 from companies where id = ${membership.companyId}::uuid for update`);
    const [others] = await tx
      .select({ all: count(), admins: sql<number>`count(*) filter (where ${companyMembers.role} = 'company_admin')` })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, membership.companyId), sql`${companyMembers.userId} <> ${user.id}::uuid`));
    if (membership.role === 'company_admin' && Number(others?.all ?? 0) > 0 && Number(others?.admins ?? 0) === 0) {
      return { outcome: 'last_company_admin', companyName: membership.companyName };
    }
    await tx.delete(companyMembers).where(eq(companyMembers.userId, user.id));
    left = { companyId: membership.companyId, companyName: membership.companyName, deleted: await deleteCompanyIfEmpty(tx, membership.companyId) };
  }
  // Staff: its orders for a company hold stock as a trusted dealer's do (docs/decisions/027).
  await tx
    .update(users)
    .set({ role: 'rep', trustedAt: sql`coalesce(${users.trustedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  return { outcome: 'changed', left, ownCompany: null, companyIds: [] };
}

/**
 * Makes a sales rep a customer again: its companies are no longer its, and it gets a company of its own
 * (createCompanyOfOne, as a newly registered customer).
 */
export async function makeCustomerOfRep(tx: Tx, email: string): Promise<RoleChange> {
  const [user] = await tx
    .select({ id: users.id, role: users.role, email: users.email, displayName: users.displayName })
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .for('update');
  if (!user) return { outcome: 'not_found' };
  if (user.role === 'customer') return { outcome: 'unchanged' };
  if (user.role !== 'rep') return { outcome: 'not_customer' };
  const dropped = await tx.delete(companyReps).where(eq(companyReps.userId, user.id)).returning({ companyId: companyReps.companyId });
  await tx
    .update(users)
    .set({ role: 'customer', updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  const { id } = await createCompanyOfOne(tx, user);
  // Named as createCompanyOfOne names it.
  const ownCompany = { id, name: user.displayName.trim() || user.email };
  return { outcome: 'changed', left: null, ownCompany, companyIds: dropped.map((row) => row.companyId) };
}
