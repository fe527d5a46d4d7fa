// Data access for the shop's side of dealer companies: the Companies page's list and details, and the admins'
// decisions on a company (docs/decisions/040-dealer-companies.md). A decision locks the company's row, so two
// admins deciding at once are made one after the other and the second sees the status the first left.

import { and, asc, count, desc, eq, exists, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCompaniesQuery, AdminCompany, AdminCompanyDetail, CompanyDecision } from '../../src/contract/company-admin';
import type { CompanyStatus } from '../../src/contract/dealer-company';
import type { Tx } from '../db/client';
import { findAccountStanding } from './company-account';
import { companies, companyInvitations, companyMembers, users } from '../db/schema';
import { listLocations, listMembers } from './companies';
import { findCompanyPriceList } from './price-lists';
import { listCompanyReps } from './sales-reps';

type CompanyRecord = typeof companies.$inferSelect;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

// Written out with their tables' names: in a select list Drizzle leaves columns unqualified, and both tables have an id.
const memberCount = sql<number>`(select count(*)::int from company_members m where m.company_id = companies.id)`;
const adminEmail = sql<string | null>`(select u.email from company_members m join users u on u.id = m.user_id
  where m.company_id = companies.id and m.role = 'company_admin' order by m.created_at, u.email limit 1)`;

const companyColumns = {
  id: companies.id,
  name: companies.name,
  country: companies.country,
  taxNumber: companies.taxNumber,
  status: companies.status,
  statusReason: companies.statusReason,
  decidedAt: companies.decidedAt,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

function toAdminCompany(
  row: Omit<CompanyRecord, 'paymentTerms' | 'creditLimit' | 'poRequired' | 'priceListId' | 'taxExempt' | 'depositPercent'> & {
    memberCount: number;
    adminEmail: string | null;
  },
): AdminCompany {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    taxNumber: row.taxNumber,
    status: row.status,
    statusReason: row.statusReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    memberCount: Number(row.memberCount),
    adminEmail: row.adminEmail,
  };
}

/**
 * One page of companies and how many match, applications first (oldest first: they have waited longest),
 * then the newest. `search` is a part of the name or of a member's e-mail, ignoring case.
 */
export async function listCompaniesPage(tx: Tx, query: AdminCompaniesQuery): Promise<{ items: AdminCompany[]; total: number; appliedCount: number }> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(companies.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    const byMember = exists(
      tx
        .select({ one: sql`1` })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(and(eq(companyMembers.companyId, companies.id), ilike(users.email, pattern))),
    );
    const either = or(ilike(companies.name, pattern), byMember);
    if (either) where.push(either);
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, totals, applied] = await Promise.all([
    tx
      .select({ ...companyColumns, memberCount, adminEmail })
      .from(companies)
      .where(condition)
      .orderBy(
        sql`${companies.status} = 'applied' desc`,
        sql`case when ${companies.status} = 'applied' then ${companies.createdAt} end asc`,
        desc(companies.createdAt),
        asc(companies.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    tx.select({ n: count() }).from(companies).where(condition),
    tx.select({ n: count() }).from(companies).where(eq(companies.status, 'applied')),
  ]);
  return { items: rows.map(toAdminCompany), total: totals[0]?.n ?? 0, appliedCount: applied[0]?.n ?? 0 };
}

export async function findAdminCompany(tx: Tx, companyId: string): Promise<AdminCompany | null> {
  const [row] = await tx
    .select({ ...companyColumns, memberCount, adminEmail })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ? toAdminCompany(row) : null;
}

/** The company with its members, its locations, its sales reps and how many of its invitations are still open. */
export async function getCompanyDetail(tx: Tx, companyId: string): Promise<AdminCompanyDetail | null> {
  const company = await findAdminCompany(tx, companyId);
  if (!company) return null;
  const [members, locations, reps, invitations, account, priceList] = await Promise.all([
    listMembers(tx, companyId),
    listLocations(tx, companyId),
    listCompanyReps(tx, companyId),
    tx
      .select({ n: count() })
      .from(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, companyId),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.revokedAt),
          gt(companyInvitations.expiresAt, sql`now()`),
        ),
      ),
    findAccountStanding(tx, companyId),
    findCompanyPriceList(tx, companyId),
  ]);
  if (!account) return null;
  return {
    company,
    members: members.map((member) => ({ userId: member.userId, email: member.email, name: member.name, role: member.role })),
    locations,
    openInvitations: invitations[0]?.n ?? 0,
    reps,
    account,
    priceList,
  };
}

/** Which status each decision may be taken from, and the status it leaves. */
export const DECISIONS: Record<CompanyDecision, { from: readonly CompanyStatus[]; to: CompanyStatus }> = {
  // A rejected company may be reconsidered and approved after all.
  approve: { from: ['applied', 'rejected'], to: 'approved' },
  reject: { from: ['applied'], to: 'rejected' },
  suspend: { from: ['approved'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'approved' },
};

export interface CompanyStanding {
  status: CompanyStatus;
  statusReason: string | null;
}

export type DecisionOutcome =
  { kind: 'not_found' } | { kind: 'not_allowed'; status: CompanyStatus } | { kind: 'decided'; before: CompanyStanding; after: CompanyStanding };

/**
 * Takes the decision when the company's status allows it, in the caller's transaction: the status, the reason
 * (kept for a rejection or a suspension, cleared otherwise) and when it was decided.
 */
export async function decideCompany(tx: Tx, companyId: string, decision: CompanyDecision, reason: string | null): Promise<DecisionOutcome> {
  const [current] = await tx
    .select({ status: companies.status, statusReason: companies.statusReason })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!current) return { kind: 'not_found' };
  const rule = DECISIONS[decision];
  if (!rule.from.includes(current.status)) return { kind: 'not_allowed', status: current.status };
  const after: CompanyStanding = { status: rule.to, statusReason: rule.to === 'rejected' || rule.to === 'suspended' ? reason : null };
  await tx
    .update(companies)
    .set({ ...after, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId));
  return { kind: 'decided', before: current, after };
}

/** The names of the companies an audit page mentions, by id; a company deleted since is left out. */
export async function companyNames(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
