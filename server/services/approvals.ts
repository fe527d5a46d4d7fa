// Buyer approvals and spending limits (docs/decisions/055-buyer-approvals-and-spending-limits.md): whether an
// order waits for its company's approver when it is placed, and the one point where the news of an approval
// (waiting, decided) is sent: the mails now, and whatever else is to tell someone of it. The approver's decision
// is ./approval-decisions.ts.

import type { Company } from '../../src/contract/dealer-company';
import { limitExceeded, type LimitExceeded } from '../../src/contract/spending-limits';
import type { AuthUser } from '../auth/guards';
import type { Tx } from '../db/client';
import { actorOf, recordAudit } from '../repositories/audit-log';
import { queueMails } from '../repositories/mail-queue';
import { approversToTell, findBuyerLimits, insertApproval, monthSpent } from '../repositories/order-approvals';
import type { OrderRow } from '../repositories/orders';
import { adminsToTellOfPayments, hasVerifiedAddress } from '../repositories/users';
import { queueApprovalPush } from './push';

/** What happened to an order over a limit, for everyone who is to hear of it. */
export type ApprovalNotice =
  | { kind: 'waiting'; order: Pick<OrderRow, 'id' | 'userId' | 'companyId'> }
  | { kind: 'decided'; decision: 'approved' | 'declined'; order: Pick<OrderRow, 'id' | 'userId' | 'userEmail' | 'companyId' | 'status'> };

/**
 * The one point where the news of an approval goes out, in the transaction of the change, so it is queued once,
 * exactly when that commits: a waiting order to the company's approvers (never the buyer who placed it), a decision
 * to the buyer, and an approved order on account that went on hold to the shop's admins, as placing it would have;
 * the approvers and the buyer also hear of it on their devices (server/services/push.ts).
 */
export async function queueApprovalNotices(tx: Tx, notice: ApprovalNotice): Promise<void> {
  const { order } = notice;
  if (notice.kind === 'waiting') {
    if (!order.companyId) return;
    const approvers = await approversToTell(tx, order.companyId, order.userId);
    await queueMails(
      tx,
      'order_approval_waiting',
      order.id,
      approvers.map((approver) => approver.email),
    );
    await queueApprovalPush(
      tx,
      notice,
      approvers.map((approver) => approver.id),
    );
    return;
  }
  const { userId, userEmail } = notice.order;
  if (userId && (await hasVerifiedAddress(tx, userId, userEmail)))
    await queueMails(tx, notice.decision === 'approved' ? 'order_approved' : 'order_declined', order.id, [userEmail]);
  if (userId) await queueApprovalPush(tx, notice, [userId]);
  if (notice.decision === 'approved' && notice.order.status === 'On hold')
    await queueMails(tx, 'order_on_hold_admin', order.id, await adminsToTellOfPayments(tx));
}

/**
 * Whether a buyer's order of `totalMinor` (the gross, in `currency`) for this company waits for an approver: only
 * buyers have limits; a company admin's orders, and a sales rep's, never wait. Read under the placing user's row
 * lock, so one buyer's orders are counted one after the other.
 */
export async function limitExceededBy(
  tx: Tx,
  user: AuthUser,
  company: Pick<Company, 'id'>,
  totalMinor: number,
  currency: string,
): Promise<LimitExceeded | null> {
  if (user.role !== 'customer') return null;
  const limits = await findBuyerLimits(tx, user.id, company.id);
  if (!limits || limits.role !== 'buyer') return null;
  if (limits.orderLimitMinor === null && limits.monthlyLimitMinor === null) return null;
  const spent = limits.monthlyLimitMinor === null ? 0 : await monthSpent(tx, user.id, company.id, currency);
  return limitExceeded(limits, totalMinor, spent);
}

/** Records that the order just placed waits for an approver, and tells them. */
export async function requestApproval(tx: Tx, user: AuthUser, order: Pick<OrderRow, 'id' | 'userId' | 'companyId'>, exceeded: LimitExceeded): Promise<void> {
  if (!order.companyId) throw new Error('an order waiting for approval needs its company');
  await insertApproval(tx, order.id, order.companyId, exceeded);
  await recordAudit(tx, actorOf(user, 'buyer'), {
    action: 'order.awaiting_approval',
    subjectType: 'order',
    subjectId: order.id,
    companyId: order.companyId,
    after: { ...exceeded },
  });
  await queueApprovalNotices(tx, { kind: 'waiting', order });
}
