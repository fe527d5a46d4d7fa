// An order over its buyer's spending limit, step by step, as My Orders and the approvers' list show it: why it
// waited, and who approved or declined it, when, and why (docs/decisions/055-buyer-approvals-and-spending-limits.md).

import { formatMoney, type CurrencyCode } from '../contract/money';
import { limitReason, type OrderApproval } from '../contract/spending-limits';

const formatDay = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export function ApprovalSteps({ approval, currency }: { approval: OrderApproval; currency: CurrencyCode }) {
  const reason = limitReason(approval, (minor) => formatMoney(minor, currency));
  return (
    <ol className="grid max-w-72 gap-0.5 text-xs whitespace-normal" aria-label="Approval" data-testid="approval-steps">
      <li className="text-base-content/80">
        Sent for approval <span className="whitespace-nowrap">{formatDay(approval.requestedAt)}</span>: {reason}
      </li>
      {approval.decision === null ? (
        <li className="font-semibold">Waiting for an approver of your company</li>
      ) : (
        <li className="font-semibold">
          {approval.decision === 'approved' ? 'Approved' : 'Declined'} by {approval.decidedByName ?? 'an approver'}
          {approval.decidedAt ? (
            <>
              {' '}
              <span className="whitespace-nowrap">{formatDay(approval.decidedAt)}</span>
            </>
          ) : null}
          {approval.decision === 'declined' && approval.reason ? (
            <>
              : <span className="break-words font-normal">{approval.reason}</span>
            </>
          ) : null}
        </li>
      )}
    </ol>
  );
}
