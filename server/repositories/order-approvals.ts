// Data access for buyer approvals and spending limits (docs/decisions/055-buyer-approvals-and-spending-limits.md):
// a member's limits and whether they approve, what a buyer's orders of the month come to, and each order that
// waited for an approver with the decision on it. A decision is a conditional update of a row locked first, so of
// two approvers deciding at once the second finds it decided.

import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { ApprovalDecision, LimitExceeded, OrderApproval, SpendingLimits } from '../../src/contract/spending-limits';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { companyMembers, orderApprovals, orders, users } from '../db/schema';

export type ApprovalRow = typeof orderApprovals.$inferSelect;

/** What placing an order needs of its buyer's place in the company: the role and the limits. */
export interface BuyerLimits extends SpendingLimits {
  role: 'company_admin' | 'buyer';
}

/** The member's limits in this company; null when the user is not a member of it. */
export async function findBuyerLimits(tx: Tx, userId: string, companyId: string): Promise<BuyerLimits | null> {
  const [row] = await tx
    .select({ role: companyMembers.role, orderLimitMinor: companyMembers.orderLimitMinor, monthlyLimitMinor: companyMembers.monthlyLimitMinor })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/**
 * What the buyer's orders for this company placed this calendar month (UTC) come to in this currency, refused and
 * declined ones left out; orders waiting for approval count, so a buyer cannot slip several orders under the limit
 * while the first waits. Read under the buyer's row lock (lockUserForOrder), so two orders of one buyer are counted
 * one after the other.
 */
export async function monthSpent(tx: Tx, userId: string, companyId: string, currency: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string | null>`sum(${orders.totalMinor})` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.companyId, companyId),
        eq(orders.currency, currency),
        notInArray(orders.status, ['Refused', 'Declined']),
        sql`${orders.createdAt} >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`,
      ),
    );
  return Number(row?.sum ?? 0);
}

export async function insertApproval(tx: Tx, orderId: string, companyId: string, exceeded: LimitExceeded): Promise<void> {
  await tx.insert(orderApprovals).values({ orderId, companyId, ...exceeded });
}

export function toApproval(row: ApprovalRow): OrderApproval {
  return {
    limitKind: row.limitKind,
    limitMinor: row.limitMinor,
    spentMinor: row.spentMinor,
    requestedAt: row.requestedAt.toISOString(),
    decision: row.decision,
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
  };
}

/** The approvals of these orders, by order id, one query for all of them; an order that never waited has none. */
export async function approvalsOf(tx: Tx, orderIds: string[]): Promise<Map<string, OrderApproval>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx.select().from(orderApprovals).where(inArray(orderApprovals.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, toApproval(row)]));
}

export async function findApproval(tx: Tx, orderId: string): Promise<ApprovalRow | null> {
  const [row] = await tx.select().from(orderApprovals).where(eq(orderApprovals.orderId, orderId)).limit(1);
  return row ?? null;
}

/** The approval a decision with this id was taken on, if any: a decision sent again finds it. */
export async function findApprovalByDecisionId(tx: Tx, decisionId: string): Promise<ApprovalRow | null> {
  const [row] = await tx.select().from(orderApprovals).where(eq(orderApprovals.decisionId, decisionId)).limit(1);
  return row ?? null;
}

/** The approval's row locked until the transaction ends (after the order's own row). */
export async function lockApproval(tx: Tx, orderId: string): Promise<ApprovalRow | null> {
  const [row] = await tx.select().from(orderApprovals).where(eq(orderApprovals.orderId, orderId)).for('update');
  return row ?? null;
}

/** The decision, once: null when the order was decided already. */
export async function setApprovalDecided(
  tx: Tx,
  orderId: string,
  decided: { decision: ApprovalDecision; decidedById: string; decidedByName: string; reason: string | null; decisionId: string },
): Promise<ApprovalRow | null> {
  const [row] = await tx
    .update(orderApprovals)
    .set({ ...decided, decidedAt: sql`now()` })
    .where(and(eq(orderApprovals.orderId, orderId), isNull(orderApprovals.decision)))
    .returning();
  return row ?? null;
}

/** The company's orders waiting for an approver, the longest waiting first. */
export async function listWaitingOrders(tx: Tx, companyId: string): Promise<(typeof orders.$inferSelect)[]> {
  const rows = await tx
    .select({ order: orders })
    .from(orderApprovals)
    .innerJoin(orders, eq(orders.id, orderApprovals.orderId))
    .where(and(eq(orderApprovals.companyId, companyId), isNull(orderApprovals.decision), eq(orders.status, 'Awaiting approval')))
    .orderBy(asc(orderApprovals.requestedAt), asc(orderApprovals.orderId));
  return rows.map((row) => row.order);
}

/** Approvers are the company's admins and the members named approvers. */
const approves = or(eq(companyMembers.role, 'company_admin'), eq(companyMembers.isApprover, true));

/** Whether the user approves orders of this company. */
export async function isApproverOf(tx: Tx, userId: string, companyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId), approves))
    .limit(1);
  return row !== undefined;
}

/** Whether the user approves the orders of the company they belong to. */
export async function approvesOrders(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), approves))
    .limit(1);
  return row !== undefined;
}

/** The company's approvers other than the buyer, each with their verified address (the others get no mail, docs/decisions/026). */
export async function approversToTell(tx: Tx, companyId: string, buyerId: string | null): Promise<{ id: string; email: string }[]> {
  return tx
    .select({ id: users.id, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), approves, eq(users.emailVerified, true), buyerId ? ne(users.id, buyerId) : undefined))
    .orderBy(asc(users.email));
}

/** Whether this address is a verified approver of the order's company, other than its buyer: the sender checks before it sends. */
export async function isApproverAddressOf(tx: Tx, orderId: string, email: string): Promise<boolean> {
  const [row] = await rowsOf<{ ok: boolean }>(
    tx,
    sql`select exists (
      select 1 from orders o
        join company_members m on m.company_id = o.company_id and (m.role = 'company_admin' or m.is_approver)
        join users u on u.id = m.user_id
       where o.id = ${orderId}::uuid and u.email = ${email} and u.email_verified and u.id is distinct from o.user_id) as ok`,
  );
  return row?.ok === true;
}
