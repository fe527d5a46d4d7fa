// An approver's decision on an order of their company over a buyer's spending limit
// (docs/decisions/055-buyer-approvals-and-spending-limits.md): approved, the order goes on as it would have without
// the limit; declined, it stops with the approver's reason.

import { approvalMessages, type ApprovalDecisionBody } from '../../src/contract/spending-limits';
import type { AuthUser } from '../auth/guards';
import type { Db } from '../db/client';
import { AppError, forbidden, notFound } from '../errors';
import { actorOf, recordAudit } from '../repositories/audit-log';
import { findMembership } from '../repositories/companies';
import { findApproval, findApprovalByDecisionId, isApproverOf, lockApproval, setApprovalDecided } from '../repositories/order-approvals';
import { findOrder, lockOrderIn, setOrderApproved, setOrderDeclined, type OrderRow } from '../repositories/orders';
import { queueApprovalNotices } from './approvals';
import { holdReasonFor, takeOrderPieces } from './orders';

/** What a decision came to: the order as it now stands, and whether this call took it (false: the same decision sent again). */
export interface DecisionResult {
  order: OrderRow;
  taken: boolean;
}

/**
 * An approver's decision on an order of their company waiting for approval, in one transaction: the order's row
 * locked, then its approval's, so of two approvers at once the second finds it decided (409 saying by whom). The
 * same decision sent again (its `decisionId`) answers as the first did. Approved, the order goes on exactly as it
 * would have without the limit: a card order becomes Unpaid, to be paid; one on account takes its pieces (all or
 * nothing, 409 out_of_stock otherwise, the order still waiting) and is Confirmed or On hold by the company's credit.
 * Declined, it is Declined with the reason. Audited, and the buyer is told.
 */
export async function decideApproval(db: Db, user: AuthUser, orderId: string, body: ApprovalDecisionBody): Promise<DecisionResult> {
  return db.transaction(async (tx) => {
    const membership = user.role === 'customer' ? await findMembership(tx, user.id) : null;
    const seen = await findOrder(tx, orderId);
    // Another company's order, or one that never waited, is answered as a missing one.
    if (!seen || !membership || seen.companyId !== membership.companyId || !(await findApproval(tx, orderId))) throw notFound('That order');

    const repeated = await findApprovalByDecisionId(tx, body.decisionId);
    if (repeated) {
      if (repeated.orderId !== orderId || repeated.decidedById !== user.id) throw new AppError('conflict', approvalMessages.decisionId);
      return { order: seen, taken: false };
    }
    if (!(await isApproverOf(tx, user.id, membership.companyId))) throw forbidden(approvalMessages.onlyApprovers);
    if (seen.userId === user.id) throw forbidden(approvalMessages.notYourOwn);

    const waiting = await lockOrderIn(tx, orderId, 'Awaiting approval');
    const approval = await lockApproval(tx, orderId);
    if (approval?.decision) throw new AppError('conflict', approvalMessages.decidedAlready(approval.decision, approval.decidedByName));
    if (!waiting || !approval) throw new AppError('invalid_state', approvalMessages.notWaiting);

    const decision = body.decision === 'approve' ? 'approved' : 'declined';
    const reason = decision === 'declined' ? (body.reason ?? '') : null;
    let order: OrderRow | null;
    if (decision === 'declined') {
      order = await setOrderDeclined(tx, orderId, reason ?? '');
    } else if (waiting.paymentTerms === 'card') {
      order = await setOrderApproved(tx, orderId, { status: 'Unpaid' });
    } else {
      // On account, as placing it would have done: its pieces, then the company's credit (docs/decisions/044, 047).
      const short = await takeOrderPieces(tx, orderId);
      if (short.length > 0) {
        const names = short.map((s) => (s.available === 0 ? `${s.productName} is sold out` : `only ${s.available} pcs. of ${s.productName} are left`));
        throw new AppError(
          'out_of_stock',
          `Sorry, ${names.join(' and ')}, so this order cannot be approved as it is. Decline it, and the buyer can order what is there.`,
        );
      }
      const holdReason = waiting.companyId ? await holdReasonFor(tx, waiting.companyId, waiting.totalMinor - waiting.depositMinor) : null;
      order = await setOrderApproved(tx, orderId, { status: holdReason ? 'On hold' : 'Confirmed', holdReason });
    }
    if (!order) throw new AppError('invalid_state', approvalMessages.notWaiting);
    const decidedByName = user.displayName.trim() || user.email;
    await setApprovalDecided(tx, orderId, { decision, decidedById: user.id, decidedByName, reason, decisionId: body.decisionId });
    await recordAudit(tx, actorOf(user, membership.role), {
      action: decision === 'approved' ? 'order.approved' : 'order.declined',
      subjectType: 'order',
      subjectId: orderId,
      companyId: order.companyId,
      before: { status: 'Awaiting approval' },
      after: { status: order.status, ...(reason ? { reason } : {}), total: order.totalMinor, currency: order.currency },
    });
    await queueApprovalNotices(tx, { kind: 'decided', decision, order });
    return { order, taken: true };
  });
}
