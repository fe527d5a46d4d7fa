// On Manage Orders: e-mails to dealers or admins that could not be sent, so an admin learns that the mail
// server is down or refusing mail (docs/decisions/013-invoices-and-mail-queue.md). Nothing shows while
// every mail goes out.

import type { MailFailure, MailKind } from '../../contract/mail';
import { useMailFailures } from './get-mail-failures';

const WHAT: Record<MailKind, string> = {
  order_placed: 'order received',
  order_paid: 'payment received, with the invoice',
  order_shipped: 'order shipped',
  order_paid_admin: 'paid order, to an admin',
  order_on_hold_admin: 'order on hold, to an admin',
  order_released: 'order on hold released',
  order_refused: 'order on hold refused',
  invoice_reminder: 'reminder of an unpaid invoice',
  order_deposit_paid: 'deposit received',
  order_deposit_paid_admin: 'deposit paid, to an admin',
  order_approval_waiting: 'order to approve, to a company’s approver',
  order_approved: 'order approved by the company',
  order_declined: 'order declined by the company',
  company_invitation: 'invitation to join a company',
  company_approved: 'company approved',
  company_rejected: 'company rejected',
};

const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function FailureRow({ failure }: { failure: MailFailure }) {
  return (
    <li className="grid gap-0.5">
      <span>
        <strong>{failure.recipient}</strong>: {WHAT[failure.kind]}
        {failure.orderId ? ` (order ${failure.orderId.slice(0, 8).toUpperCase()})` : ''}
      </span>
      <span className="text-sm">
        {failure.state === 'failed'
          ? `Given up after ${failure.attempts} tries.`
          : `Tried ${failure.attempts} ${failure.attempts === 1 ? 'time' : 'times'}; next try ${failure.nextAttemptAt ? when(failure.nextAttemptAt) : 'soon'}.`}{' '}
        The mail server said: <span className="font-mono text-xs break-all">{failure.lastError}</span>
      </span>
    </li>
  );
}

export function MailFailuresNotice() {
  const failures = useMailFailures();
  const data = failures.data;
  if (!data || data.failed + data.retrying === 0) return null;
  const parts = [data.failed > 0 ? `${data.failed} given up` : null, data.retrying > 0 ? `${data.retrying} waiting to be tried again` : null].filter(Boolean);
  const count = data.failed + data.retrying;
  return (
    // The soft warning's amber text is too faint on its tint (axe): the text keeps the page's colour.
    <div role="status" className="alert alert-warning alert-soft mb-4 grid justify-items-start gap-2 text-base-content">
      <p>
        <strong>
          {count} {count === 1 ? 'e-mail' : 'e-mails'} to dealers or admins could not be sent
        </strong>{' '}
        ({parts.join(', ')}). Check the mail server settings (SMTP_URL) and the server log.
      </p>
      <details>
        <summary className="cursor-pointer">Which e-mails</summary>
        <ul className="mt-2 grid gap-2">
          {data.items.map((failure) => (
            <FailureRow key={failure._id} failure={failure} />
          ))}
        </ul>
      </details>
    </div>
  );
}
