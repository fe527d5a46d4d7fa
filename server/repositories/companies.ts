// Data access for dealer companies, their locations and their members (docs/decisions/040-dealer-companies.md).
// Every change to a company's locations locks the company's row first, so two changes to its default at
// the same moment are made one after the other and the company never ends up with none or two.

import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_COUNTRY,
  type Company,
  type CompanyStatus,
  type CompanyUpdateBody,
  type Location,
  type LocationForm,
  type LocationUpdateBody,
  type Member,
  type MemberRole,
  type MemberUpdateBody,
} from '../../src/contract/dealer-company';
import type { Tx } from '../db/client';
import { companies, companyLocations, companyMembers, users } from '../db/schema';
import { taxRatesOf, taxTermsAmong, taxTermsFor } from './tax-rates';
import { getShopSettings } from './shop-settings';

type CompanyRecord = typeof companies.$inferSelect;
type LocationRecord = typeof companyLocations.$inferSelect;

export interface Membership {
  companyId: string;
  role: MemberRole;
  canSeeAllOrders: boolean;
}

/** The company as the API shows it, with the tax of an order to an address typed for it (its country's rate). */
async function toCompany(tx: Tx, row: CompanyRecord): Promise<Company> {
  const tax = await taxTermsFor(tx, { country: row.country, region: '' }, row.taxExempt);
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    taxNumber: row.taxNumber,
    status: row.status,
    ...(row.statusReason ? { statusReason: row.statusReason } : {}),
    taxExempt: row.taxExempt,
    taxRateMicros: tax.rateMicros,
    taxName: tax.name,
  };
}

/** Locations as the API shows them, each with the tax of an order shipped there, with one query for the rates. */
async function toLocations(tx: Tx, rows: readonly LocationRecord[]): Promise<Location[]> {
  const [first] = rows;
  if (!first) return [];
  const [company] = await tx.select({ taxExempt: companies.taxExempt }).from(companies).where(eq(companies.id, first.companyId)).limit(1);
  const exempt = company?.taxExempt ?? false;
  const rates = exempt
    ? []
    : await taxRatesOf(
        tx,
        rows.map((row) => row.country),
      );
  return rows.map((row) => {
    const tax = taxTermsAmong(rates, row, exempt);
    return {
      id: row.id,
      name: row.name,
      address: row.address,
      phone: row.phone,
      contactName: row.contactName,
      isDefault: row.isDefault,
      country: row.country,
      region: row.region,
      taxRateMicros: tax.rateMicros,
      taxName: tax.name,
    };
  });
}

async function toLocation(tx: Tx, row: LocationRecord): Promise<Location> {
  const [location] = await toLocations(tx, [row]);
  if (!location) throw new Error('a location row gave no location');
  return location;
}

/**
 * A customer's own company, with the customer as its company admin, named after them (their name, else their
 * e-mail): for a newly registered customer, in the transaction that creates the account, and for a member
 * removed from a company. Approved, or applied when the shop's setting says new customers apply and wait
 * (docs/decisions/042-company-members-and-the-audit-log.md): one rule for every company a person starts with.
 */
export async function createCompanyOfOne(tx: Tx, user: { id: string; email: string; displayName: string }): Promise<{ id: string; status: CompanyStatus }> {
  const name = user.displayName.trim() || user.email;
  const status: CompanyStatus = (await getShopSettings(tx)).newCustomers === 'apply_and_wait' ? 'applied' : 'approved';
  const [company] = await tx.insert(companies).values({ name, country: DEFAULT_COUNTRY, status }).returning({ id: companies.id });
  if (!company) throw new Error('the company was not created');
  await tx.insert(companyMembers).values({ userId: user.id, companyId: company.id, role: 'company_admin' });
  return { id: company.id, status };
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
  return row ? toCompany(tx, row) : null;
}

/** The company's locations, the default first, then in the order they were added. */
export async function listLocations(tx: Tx, companyId: string): Promise<Location[]> {
  const rows = await tx
    .select()
    .from(companyLocations)
    .where(eq(companyLocations.companyId, companyId))
    .orderBy(desc(companyLocations.isDefault), asc(companyLocations.createdAt), asc(companyLocations.id));
  return toLocations(tx, rows);
}

/** A member as the API shows one: the person's account and their place in the company. */
const MEMBER_COLUMNS = {
  userId: companyMembers.userId,
  email: users.email,
  name: users.displayName,
  role: companyMembers.role,
  canSeeAllOrders: companyMembers.canSeeAllOrders,
  joinedAt: companyMembers.createdAt,
  orderLimitMinor: companyMembers.orderLimitMinor,
  monthlyLimitMinor: companyMembers.monthlyLimitMinor,
  isApprover: companyMembers.isApprover,
};

/** The company's members, company admins first, then by when they joined. */
export async function listMembers(tx: Tx, companyId: string): Promise<Member[]> {
  const rows = await tx
    .select(MEMBER_COLUMNS)
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
  return row ? toCompany(tx, row) : null;
}

async function lockCompany(tx: Tx, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** Adds a location; the company's first location is its default. */
export async function addLocation(tx: Tx, companyId: string, input: LocationForm): Promise<Location> {
  return tx.transaction(async (inner) => {
    await lockCompany(inner, companyId);
    const [existing] = await inner.select({ id: companyLocations.id }).from(companyLocations).where(eq(companyLocations.companyId, companyId)).limit(1);
    const [company] = await inner.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId)).limit(1);
    const [row] = await inner
      .insert(companyLocations)
      .values({ companyId, ...input, country: input.country ?? company?.country ?? DEFAULT_COUNTRY, isDefault: existing === undefined })
      .returning();
    if (!row) throw new Error('the location was not added');
    return toLocation(inner, row);
  });
}

/** A location of this company; null when the company has no such location. */
export async function findLocation(tx: Tx, companyId: string, locationId: string): Promise<Location | null> {
  const [row] = await tx
    .select()
    .from(companyLocations)
    .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId)))
    .limit(1);
  return row ? toLocation(tx, row) : null;
}

/** Changes a location of this company; null when the company has no such location. */
export async function updateLocation(tx: Tx, companyId: string, locationId: string, changes: LocationUpdateBody): Promise<Location | null> {
  const ofThisCompany = and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId));
  // A change of nothing answers the location as it is: there is no column to set.
  const [row] =
    Object.keys(changes).length === 0
      ? await tx.select().from(companyLocations).where(ofThisCompany).limit(1)
      : await tx.update(companyLocations).set(changes).where(ofThisCompany).returning();
  return row ? toLocation(tx, row) : null;
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
    return row ? toLocation(tx, row) : null;
  });
}

/**
 * Deletes the company, with its locations, once nobody is a member of it any more: called after a member's
 * account is deleted or its last member joined another company. Orders keep its name, copied on them.
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

/** One member of this company, or null when the user is not one of its members. */
export async function findMember(tx: Tx, companyId: string, userId: string): Promise<Member | null> {
  const [row] = await tx
    .select(MEMBER_COLUMNS)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return row ? { ...row, joinedAt: row.joinedAt.toISOString() } : null;
}

async function companyAdminCount(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'company_admin')));
  return Number(row?.n ?? 0);
}

export type MemberChange = { outcome: 'changed'; before: Member; after: Member } | { outcome: 'not_found' } | { outcome: 'last_admin' };

/**
 * Changes a member's role or whether they see all the company's orders. The company's last company admin
 * stays one. Locks the company's row, so two admins demoting each other at once leave one of them.
 */
export async function updateMember(tx: Tx, companyId: string, userId: string, changes: MemberUpdateBody): Promise<MemberChange> {
  await lockCompany(tx, companyId);
  const before = await findMember(tx, companyId, userId);
  if (!before) return { outcome: 'not_found' };
  if (before.role === 'company_admin' && changes.role === 'buyer' && (await companyAdminCount(tx, companyId)) <= 1) return { outcome: 'last_admin' };
  if (Object.keys(changes).length > 0) {
    await tx
      .update(companyMembers)
      .set(changes)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  }
  const after = await findMember(tx, companyId, userId);
  if (!after) throw new Error('the member was not found after the change');
  return { outcome: 'changed', before, after };
}

export type MemberRemoval =
  { outcome: 'removed'; member: Member; ownCompany: { id: string; status: CompanyStatus } } | { outcome: 'not_found' } | { outcome: 'last_admin' };

/**
 * Removes a member from the company. They get a company of one of their own at once, as a newly registered
 * customer does (createCompanyOfOne), so they can still order for themselves. The company's last
 * company admin is not removed.
 */
export async function removeMember(tx: Tx, companyId: string, userId: string): Promise<MemberRemoval> {
  await lockCompany(tx, companyId);
  const member = await findMember(tx, companyId, userId);
  if (!member) return { outcome: 'not_found' };
  if (member.role === 'company_admin' && (await companyAdminCount(tx, companyId)) <= 1) return { outcome: 'last_admin' };
  await tx.delete(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  const ownCompany = await createCompanyOfOne(tx, { id: userId, email: member.email, displayName: member.name });
  return { outcome: 'removed', member, ownCompany };
}

export type Joining =
  | { outcome: 'joined'; left: { companyId: string; companyName: string; deleted: boolean } | null }
  | { outcome: 'already_member' }
  | { outcome: 'other_members'; companyName: string };

/**
 * Makes the user a member of the company with the role. The company they belong to now is left: deleted
 * when they are its only member (their past orders keep its name, copied on them), refused when it has
 * other members, who must remove them first. Locks the user's membership and their company's row.
 */
export async function joinCompany(tx: Tx, userId: string, companyId: string, role: MemberRole): Promise<Joining> {
  const [current] = await tx.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId)).for('update');
  let left: { companyId: string; companyName: string; deleted: boolean } | null = null;
  if (current) {
    if (current.companyId === companyId) return { outcome: 'already_member' };
    await lockCompany(tx, current.companyId);
    const [old] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, current.companyId)).limit(1);
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, current.companyId), ne(companyMembers.userId, userId)));
    if (Number(others?.n ?? 0) > 0) return { outcome: 'other_members', companyName: old?.name ?? '' };
    await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
    left = { companyId: current.companyId, companyName: old?.name ?? '', deleted: await deleteCompanyIfEmpty(tx, current.companyId) };
  }
  const inserted = await tx.insert(companyMembers).values({ userId, companyId, role }).onConflictDoNothing().returning({ userId: companyMembers.userId });
  // Another acceptance of this user's joined a company in the meantime.
  if (inserted.length === 0) return { outcome: 'already_member' };
  return { outcome: 'joined', left };
}
