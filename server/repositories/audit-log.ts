// The audit log: who did what to companies, members, invitations and the shop's settings, with the state
// before and after (docs/decisions/042-company-members-and-the-audit-log.md). Entries are written in the
// transaction of the change they describe, so a change and its entry commit together or not at all. The
// table is append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE, whoever asks.

import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

/** Who acted, and as what: the shop's role, or the role in the company it acted for. */
export interface AuditActor {
  id: string;
  email: string;
  role: 'admin' | 'rep' | 'company_admin' | 'buyer' | 'customer';
}

export interface AuditEntry {
  /** `<subject>.<verb>`, past tense: `company.approved`, `member.role_changed`, `invitation.sent`… */
  action: string;
  subjectType: 'company' | 'location' | 'member' | 'invitation' | 'setting' | 'user' | 'order' | 'price_list' | 'tax_rate' | 'saved_list' | 'quote';
  subjectId: string | null;
  /** The company concerned, when there is one: the log is filtered by it. */
  companyId: string | null;
  before?: unknown;
  after?: unknown;
}

/** The actor of a request, as the shop's role (admin, sales rep); a company role is given when the action is the company's. */
export function actorOf(user: { id: string; email: string; role: string }, companyRole?: 'company_admin' | 'buyer'): AuditActor {
  const role = user.role === 'admin' || user.role === 'rep' ? user.role : (companyRole ?? 'customer');
  return { id: user.id, email: user.email, role };
}

export async function recordAudit(tx: Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    actorRole: actor.role,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    companyId: entry.companyId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditFilter {
  companyId?: string;
  actorId?: string;
  /** Ignoring case; kept in the entry, so it finds the actions of an account deleted since. */
  actorEmail?: string;
  action?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /**
   * The id of the last entry of the previous page: older entries follow. Its time is read from the row itself,
   * at the database's precision (microseconds), which a JavaScript date would round to milliseconds.
   */
  before?: number;
  limit: number;
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Entries newest first, filtered; a page ends where `before` says the previous one did. */
export async function listAudit(tx: Tx, filter: AuditFilter): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.companyId) where.push(eq(auditLog.companyId, filter.companyId));
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.actorEmail) where.push(sql`lower(${auditLog.actorEmail}) = ${filter.actorEmail.toLowerCase()}`);
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  if (filter.before !== undefined) {
    where.push(sql`(${auditLog.at}, ${auditLog.id}) < (select prev.at, prev.id from ${auditLog} as prev where prev.id = ${filter.before})`);
  }
  return tx
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.limit);
}
