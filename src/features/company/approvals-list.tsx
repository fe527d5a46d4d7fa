// To approve, on My Company for its approvers: the orders over a buyer's spending limit, the longest waiting
// first, each with its buyer, total, lines and the limit it went over; Approve, or Decline with a reason the buyer
// reads (docs/decisions/055-buyer-approvals-and-spending-limits.md). Offline, a decision is saved on the device and
// sent once when the connection is back (the order says so meanwhile); when another approver was quicker, the
// server says who decided and the list shows what is left.

import { useId, useRef, useState } from 'react';
import { errorMessage, isSessionRefused } from '../../api/errors';
import { formatPrice } from '../../contract/money';
import { orderAmount, type Order } from '../../contract/order';
import { approvalMessages, DECLINE_REASON_MAX_LENGTH } from '../../contract/spending-limits';
import { ApprovalSteps } from '../../ui/approval-steps';
import { ConfirmModal } from '../../ui/confirm-modal';
import { QueryError } from '../../ui/query-error';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { reportSessionExpired, useSession } from '../auth/session';
import { useDecideApproval, useSavedDecisions } from './decide-approval';
import { useApprovals } from './get-approvals';

const SAVED = 'It is sent when the connection is back; This Device shows it until then.';

const placedOn = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export function ApprovalsList({ online }: { online: boolean }) {
  const id = useId();
  const approvals = useApprovals(true);
  const email = useSession().user?.email ?? '';
  const decide = useDecideApproval(email);
  const saved = useSavedDecisions(email);
  const [declining, setDeclining] = useState<Order | null>(null);
  const [reason, setReason] = useState('');
  const [declineError, setDeclineError] = useState<string | null>(null);
  // One id per decision taken on this screen: pressing again after a lost answer sends the same decision.
  const decisionIds = useRef(new Map<string, string>());
  const decisionIdFor = (order: Order, decision: string) => {
    const key = `${order._id}:${decision}`;
    const known = decisionIds.current.get(key);
    if (known) return known;
    const made = crypto.randomUUID();
    decisionIds.current.set(key, made);
    return made;
  };
  const name = (order: Order) => order.number ?? 'The order';

  const approve = async (order: Order) => {
    try {
      const outcome = await decide.mutateAsync({ order, body: { decision: 'approve', decisionId: decisionIdFor(order, 'approve') } });
      if (outcome.kind === 'saved') toast.success(`Your approval of ${name(order)} is saved on this device`, { description: SAVED });
      else toast.success(`${name(order)} is approved`, { description: `${order.userName} is told, and the order goes on.` });
    } catch (error) {
      if (isSessionRefused(error)) reportSessionExpired();
      else toast.error(errorMessage(error));
    }
  };

  const onDecline = async () => {
    if (!declining) return;
    const why = reason.trim();
    if (why === '') {
      setDeclineError(approvalMessages.reasonRequired);
      return;
    }
    setDeclineError(null);
    try {
      const outcome = await decide.mutateAsync({
        order: declining,
        body: { decision: 'decline', reason: why, decisionId: decisionIdFor(declining, 'decline') },
      });
      if (outcome.kind === 'saved') toast.success(`Your decline of ${name(declining)} is saved on this device`, { description: SAVED });
      else toast.success(`${name(declining)} is declined`, { description: `${declining.userName} reads your reason in My Orders.` });
      setDeclining(null);
    } catch (error) {
      if (isSessionRefused(error)) {
        reportSessionExpired();
        return;
      }
      setDeclineError(errorMessage(error));
    }
  };

  let body;
  if (approvals.data) {
    body =
      approvals.data.length === 0 ? (
        <p className="text-sm text-base-content/70">Nothing waits for your approval. When a buyer’s order goes over their spending limit, it shows here.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Orders to approve">
          {approvals.data.map((order) => {
            const amount = orderAmount(order);
            const pending = saved.get(order._id);
            return (
              <li key={order._id} aria-label={name(order)} className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-semibold">
                    {name(order)} · <span className="whitespace-nowrap">{formatPrice(amount.minor, amount.currency)}</span>
                  </p>
                  <p className="text-sm text-base-content/70">Placed {placedOn(order.createdAt)}</p>
                </div>
                <p className="text-sm break-words">
                  By <span className="font-medium">{order.userName}</span> ({order.userEmail}){order.locationName ? ` for ${order.locationName}` : ''}
                  {order.poNumber ? ` · PO ${order.poNumber}` : ''}
                </p>
                {order.approval ? <ApprovalSteps approval={order.approval} currency={amount.currency} /> : null}
                <ul className="grid gap-1 text-sm" aria-label={`Lines of ${name(order)}`}>
                  {(order.lines ?? []).map((line, i) => (
                    <li key={`${line.productId ?? 'gone'}-${i}`} className="flex justify-between gap-3">
                      <span className="min-w-0 break-words">
                        {line.quantity} × {line.productName}
                      </span>
                      <span className="whitespace-nowrap">{formatPrice(line.lineTotalMinor ?? 0, amount.currency)}</span>
                    </li>
                  ))}
                </ul>
                {pending ? (
                  <p className="text-sm font-medium text-info-content" role="status">
                    {pending.decision === 'approve' ? 'Your approval' : 'Your decline'} is saved on this device and is sent when the connection is back.
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-primary min-h-11 sm:min-h-8"
                    disabled={pending !== undefined || decide.isPending}
                    aria-label={`Approve ${name(order)}`}
                    onClick={() => void approve(order)}
                  >
                    Approve
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline min-h-11 sm:min-h-8"
                    disabled={pending !== undefined || decide.isPending}
                    aria-label={`Decline ${name(order)}`}
                    onClick={() => {
                      setReason('');
                      setDeclineError(null);
                      setDeclining(order);
                    }}
                  >
                    Decline…
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      );
  } else if (approvals.isError) {
    body = <QueryError what="orders to approve" query={approvals} />;
  } else {
    body = <Spinner label="Loading the orders to approve" />;
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold" id={`${id}-title`}>
          To approve
        </h2>
        {approvals.data && approvals.data.length > 0 ? <span className="badge badge-warning">{approvals.data.length} waiting</span> : null}
      </div>
      {online ? null : (
        <p className="text-sm text-warning-content" role="status">
          You are offline: a decision is saved on this device and sent when the connection is back.
        </p>
      )}
      {body}
      <ConfirmModal
        open={declining !== null}
        title={`Decline ${declining ? name(declining) : ''}?`}
        confirmLabel="Decline the order"
        busy={decide.isPending}
        error={declineError}
        onConfirm={() => void onDecline()}
        onClose={() => setDeclining(null)}
      >
        <div className="grid gap-2">
          <p>
            {declining
              ? `${declining.userName} is told ${online ? 'at once' : 'once the connection is back'}, with your reason. Nothing is reserved, charged or shipped for it.`
              : null}
          </p>
          <label className="grid gap-1" htmlFor={`${id}-reason`}>
            <span className="font-medium">Reason</span>
            <textarea
              id={`${id}-reason`}
              className="textarea w-full"
              rows={3}
              maxLength={DECLINE_REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
        </div>
      </ConfirmModal>
    </div>
  );
}
