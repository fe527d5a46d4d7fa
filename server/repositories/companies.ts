// Data access for dealer companies, their locations and their members (docs/decisions/040-dealer-companies.md).
// Every change to a company's locations locks the company's row first, so two changes to its default at
// the same moment are made one after the other and the company never ends up with none or two.

import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_COUNTRY,
  type Company,
  type CompanyUpdateBody,
  type Location,
  type LocationForm,
  type LocationUpdateBody,
  type Member,
  type MemberRole,
} from '../../src/contract/dealer-company';
import type { Tx } from '../db/client';
import { companies, companyLocations, companyMembers, users } from '../db/schema';

type CompanyRecord = typeof companies.$inferSelect;
type LocationRecord = typeof companyLocations.$inferSelect;

export interface Membership {
  companyId: string;
  role: MemberRole;
  canSeeAllOrders: boolean;
}

function toCompany(row: CompanyRecord): Company {
  return { id: row.id, name: row.name, country: row.country, taxNumber: row.taxNumber, status: row.status };
}

function toLocation(row: LocationRecord): Location {
  return { id: row.id, name: row.name, address: row.address, phone: row.phone, contactName: row.contactName, isDefault: row.isDefault };
}

/**
 * A newly registered customer's own company: approved, with the customer as its company admin, named after
 * them (their name, else their e-mail). Called in the transaction that creates the account.
 */
export async function createCompanyOfOne(tx: Tx, user: { id: string; email: string; displayName: string }): Promise<string> {
  const name = user.displayName.trim() || user.email;
  const [company] = await tx.insert(companies).values({ name, country: DEFAULT_COUNTRY, status: 'approved' }).returning({ id: companies.id });
  if (!company) throw new Error('the company was not created');
  await tx.insert(companyMembers).values({ userId: user.id, companyId: company.id, role: 'company_admin' });
  return company.id;
}

export async function findMembership(tx: Tx, userId: string): Promise<Membership | null> {
  const [row] = await tx
    .select({ companyId: companyMembers.companyId, role: companyMembers.role, canSeeAllOrders: companyMembers.canSeeAllOrders })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function findCompany(tx: Tx, companyId: string): Promise<Company | null> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ? toCompany(row) : null;
}

/** The company's locations, the default first, then in the order they were added. */
export async function listLocations(tx: Tx, companyId: string): Promise<Location[]> {
  const rows = await tx
    .select()
    .from(companyLocations)
    .where(eq(companyLocations.companyId, companyId))
    .orderBy(desc(companyLocations.isDefault), asc(companyLocations.createdAt), asc(companyLocations.id));
  return rows.map(toLocation);
}

/** The company's members, company admins first, then by when they joined. */
export async function listMembers(tx: Tx, companyId: string): Promise<Member[]> {
  const rows = await tx
    .select({
      userId: companyMembers.userId,
      email: users.email,
      name: users.displayName,
      role: companyMembers.role,
      canSeeAllOrders: companyMembers.canSeeAllOrders,
      joinedAt: companyMembers.createdAt,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(sql`${companyMembers.role} = 'company_admin' desc`, asc(companyMembers.createdAt), asc(users.email));
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
}

export async function updateCompany(tx: Tx, companyId: string, changes: CompanyUpdateBody): Promise<Company | null> {
  const [row] = await tx
    .update(companies)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId))
    .returning();
  return row ? toCompany(row) : null;
}

async function lockCompany(tx: Tx, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** Adds a location; the company's first location is its default. */
export async function addLocation(tx: Tx, companyId: string, input: LocationForm): Promise<Location> {
  return tx.transaction(async (inner) => {
    await lockCompany(inner, companyId);
    const [existing] = await inner.select({ id: companyLocations.id }).from(companyLocations).where(eq(companyLocations.companyId, companyId)).limit(1);
    const [row] = await inner
      .insert(companyLocations)
      .values({ companyId, ...input, isDefault: existing === undefined })
      .returning();
    if (!row) throw new Error('the location was not added');
    return toLocation(row);
  });
}

/** Changes a location of this company; null when the company has no such location. */
export async function updateLocation(tx: Tx, companyId: string, locationId: string, changes: LocationUpdateBody): Promise<Location | null> {
  const ofThisCompany = and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId));
  // A change of nothing answers the location as it is: there is no column to set.
  const [row] =
    Object.keys(changes).length === 0
      ? await tx.select().from(companyLocations).where(ofThisCompany).limit(1)
      : await tx.update(companyLocations).set(changes).where(ofThisCompany).returning();
  return row ? toLocation(row) : null;
}

export type LocationDeletion = 'deleted' | 'not_found' | 'default_in_use';

/** Deletes a location of this company; its default only when it is the last one. */
export async function deleteLocation(tx: Tx, companyId: string, locationId: string): Promise<LocationDeletion> {
  return tx.transaction(async (inner) => {
    await lockCompany(inner, companyId);
    const [target] = await inner
      .select({ isDefault: companyLocations.isDefault })
      .from(companyLocations)
      .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId)))
      .limit(1);
    if (!target) return 'not_found';
    if (target.isDefault) {
      const [other] = await inner
        .select({ id: companyLocations.id })
        .from(companyLocations)
        .where(and(eq(companyLocations.companyId, companyId), ne(companyLocations.id, locationId)))
        .limit(1);
      if (other) return 'default_in_use';
    }
    await inner.delete(companyLocations).where(eq(companyLocations.id, locationId));
    return 'deleted';
  });
}

/** Makes a location of this company its default; null when the company has no such location. */
export async function makeDefaultLocation(tx: Tx, companyId: string, locationId: string): Promise<Location | null> {
  return tx.transaction(async (inner) => {
    await lockCompany(inner, companyId);
    const [target] = await inner
      .select({ id: companyLocations.id })
      .from(companyLocations)
      .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId)))
      .limit(1);
    if (!target) return null;
    // Two statements: the unique index on the default is checked row by row, so the old default is
    // cleared before the new one is set.
    await inner
      .update(companyLocations)
      .set({ isDefault: false })
      .where(and(eq(companyLocations.companyId, companyId), eq(companyLocations.isDefault, true), ne(companyLocations.id, locationId)));
    const [row] = await inner.update(companyLocations).set({ isDefault: true }).where(eq(companyLocations.id, locationId)).returning();
    return row ? toLocation(row) : null;
  });
}

/**
 * Deletes the company, with its locations, once nobody is a member of it any more: called after a member's
 * account is deleted. Orders do not name a company yet, so nothing else holds it.
 */
export async function deleteCompanyIfEmpty(tx: Tx, companyId: string): Promise<boolean> {
  const rows = await tx
    .delete(companies)
    .where(and(eq(companies.id, companyId), sql`not exists (select 1 from ${companyMembers} where ${companyMembers.companyId} = ${companies.id})`))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** What the shop's answer to a company tells one of its company admins: the company, its status and reason, and their name. */
export interface CompanyDecisionForMail {
  companyName: string;
  status: Company['status'];
  statusReason: string | null;
  recipientName: string;
}

export async function findCompanyDecisionForMail(tx: Tx, companyId: string, recipient: string): Promise<CompanyDecisionForMail | null> {
  const [row] = await tx
    .select({ companyName: companies.name, status: companies.status, statusReason: companies.statusReason })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return null;
  const [person] = await tx.select({ name: users.displayName }).from(users).where(eq(users.email, recipient)).limit(1);
  return { ...row, recipientName: person?.name ?? '' };
}
