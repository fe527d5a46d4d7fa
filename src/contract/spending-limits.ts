// Buyer approvals and spending limits as the server, My Company and My Orders agree on them
// (docs/decisions/055-buyer-approvals-and-spending-limits.md): a company admin gives each buyer a limit per order
// and per calendar month, in minor units of the company's currency, and names approvers; an order over a limit
// waits for one of them, who approves it or declines it with a reason.

import * as v from 'valibot';
import { MAX_CREDIT_LIMIT } from './account-terms';

/** Which limit an order went over: the one order's, or the calendar month's. */
export const LIMIT_KINDS = ['order', 'month'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const APPROVAL_DECISIONS = ['approved', 'declined'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** The most a limit may be: as much as a company's credit may be. */
export const MAX_SPENDING_LIMIT = MAX_CREDIT_LIMIT;
export const DECLINE_REASON_MAX_LENGTH = 500;

export const approvalMessages = {
  limit: `A spending limit is a whole number of minor units (cents) from 1 to ${MAX_SPENDING_LIMIT}, or null for none`,
  approverChoice: 'Choose whether this member approves orders over a limit',
  decisionChoice: 'Choose approve or decline',
  reasonRequired: 'Say why the order is declined: the buyer reads it',
  reasonTooLong: `A reason has at most ${DECLINE_REASON_MAX_LENGTH} characters`,
  decisionId: 'The decision needs its id, a UUID made on the device that took it',
  onlyApprovers: 'Only your company’s approvers can approve or decline orders: ask your company’s admin to name you one.',
  notYourOwn: 'You placed this order, so someone else must approve it: another approver of your company, or its admin.',
  notWaiting: 'This order is not waiting for approval.',
  decidedAlready: (decision: ApprovalDecision, by: string | null) =>
    `This order was ${decision} already${by ? ` by ${by}` : ''}; nothing was changed. Reload to see where it stands.`,
} as const;

/** A member's limits: minor units of the company's currency, null for none. */
export interface SpendingLimits {
  orderLimitMinor: number | null;
  monthlyLimitMinor: number | null;
}

/** The limit an order goes over, with the limit and what the buyer had spent that month before it. */
export interface LimitExceeded {
  limitKind: LimitKind;
  limitMinor: number;
  spentMinor: number;
}

/**
 * The one rule of when an order waits for approval: it is more than the buyer may spend on one order, or with
 * what the buyer's orders of this calendar month already come to (none refused or declined) it is more than the
 * monthly limit. The order's own limit is named first when both are exceeded. Null: it goes on at once.
 */
export function limitExceeded(limits: SpendingLimits, totalMinor: number, monthSpentMinor: number): LimitExceeded | null {
  if (limits.orderLimitMinor !== null && totalMinor > limits.orderLimitMinor) return { limitKind: 'order', limitMinor: limits.orderLimitMinor, spentMinor: 0 };
  if (limits.monthlyLimitMinor !== null && monthSpentMinor + totalMinor > limits.monthlyLimitMinor)
    return { limitKind: 'month', limitMinor: limits.monthlyLimitMinor, spentMinor: monthSpentMinor };
  return null;
}

/** A limit in a body: a positive whole number of minor units, or null for none. */
export const SpendingLimitSchema = v.nullable(
  v.pipe(
    v.number(approvalMessages.limit),
    v.integer(approvalMessages.limit),
    v.minValue(1, approvalMessages.limit),
    v.maxValue(MAX_SPENDING_LIMIT, approvalMessages.limit),
  ),
);

/** An order over its buyer's limit, as the order's answer carries it: why it waited and what was decided. */
export const OrderApprovalSchema = v.object({
  limitKind: v.picklist(LIMIT_KINDS),
  limitMinor: v.number(),
  /** Month limit: what the buyer's orders of the month came to before this one; 0 for the order limit. */
  spentMinor: v.number(),
  requestedAt: v.string(),
  /** Null while it waits. */
  decision: v.nullable(v.picklist(APPROVAL_DECISIONS)),
  decidedByName: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  /** A decline's reason, as the approver wrote it. */
  reason: v.nullable(v.string()),
});
export type OrderApproval = v.InferOutput<typeof OrderApprovalSchema>;

/**
 * Body of POST /api/orders/{id}/approval. `decisionId` is made on the approver's device when the decision is
 * taken, so the same decision sent again (a queued one retried after a lost answer) is taken once.
 */
export const ApprovalDecisionBodySchema = v.pipe(
  v.strictObject({
    decision: v.picklist(['approve', 'decline'], approvalMessages.decisionChoice),
    reason: v.optional(v.pipe(v.string(approvalMessages.reasonRequired), v.trim(), v.maxLength(DECLINE_REASON_MAX_LENGTH, approvalMessages.reasonTooLong))),
    decisionId: v.pipe(v.string(approvalMessages.decisionId), v.uuid(approvalMessages.decisionId)),
  }),
  v.forward(
    v.check((body) => body.decision === 'approve' || (body.reason ?? '') !== '', approvalMessages.reasonRequired),
    ['reason'],
  ),
);
export type ApprovalDecisionBody = v.InferOutput<typeof ApprovalDecisionBodySchema>;

/** Why an order waits, in the words My Company and My Orders show. */
export function limitReason(approval: Pick<OrderApproval, 'limitKind' | 'limitMinor' | 'spentMinor'>, money: (minor: number) => string): string {
  if (approval.limitKind === 'order') return `Over the limit of ${money(approval.limitMinor)} per order`;
  return `Over the monthly limit of ${money(approval.limitMinor)} (${money(approval.spentMinor)} ordered earlier this month)`;
}
