// Data access for the mail queue (docs/decisions/013-invoices-and-mail-queue.md). Mails are put in within the
// transaction that changes an order, sends an invitation or decides on a company, to whom the mail
// service's rules say (server/services/mail.ts); the sender claims, sends and settles them.

import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { CompanyDecisionMailKind, MailFailures, MailKind, OrderMailKind } from '../../src/contract/mail';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { mailQueue } from '../db/schema';

export interface ClaimedMail {
  id: string;
  kind: MailKind;
  orderId: string | null;
  invitationId: string | null;
  companyId: string | null;
  recipient: string;
  /** Counting this one. */
  attempts: number;
}

/**
 * Claims up to `limit` mails that are due, for `leaseMs`: a mail waiting for its time, or one whose sender
 * died mid-send (its lease ran out). Rows another sender is claiming at this moment are skipped, and a row
 * is taken only while it is still claimable, so of any number of senders racing each mail goes to one.
 */
export async function claimDueMails(tx: Tx, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
  // Materialized: the locking select runs once. As an IN (...) subquery the planner may run it again for
  // every row it compares, each time locking and returning another row, and claim far more than `limit`.
  const rows = await rowsOf<{
    id: string;
    kind: MailKind;
    order_id: string | null;
    invitation_id: string | null;
    company_id: string | null;
    recipient: string;
    attempts: number;
  }>(
    tx,
    sql`
    with due as materialized (
      select id from mail_queue
       where (state = 'queued' and next_attempt_at <= now()) or (state = 'sending' and locked_until < now())
       order by next_attempt_at, id
       limit ${limit}
         for update skip locked
    )
    update mail_queue m
       set state = 'sending', attempts = m.attempts + 1, locked_until = now() + ${leaseMs} * interval '1 millisecond'
      from due
     where m.id = due.id
    returning m.id, m.kind, m.order_id, m.invitation_id, m.company_id, m.recipient, m.attempts`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    orderId: row.order_id,
    invitationId: row.invitation_id,
    companyId: row.company_id,
    recipient: row.recipient,
    attempts: Number(row.attempts),
  }));
}

/**
 * Queues one mail of this kind about the order to each recipient, due at once or after `delayMs`; a mail
 * already queued is not queued twice.
 */
export async function queueMails(tx: Tx, kind: OrderMailKind, orderId: string, recipients: string[], delayMs = 0): Promise<void> {
  if (recipients.length === 0) return;
  const nextAttemptAt = delayMs > 0 ? sql`now() + ${delayMs} * interval '1 millisecond'` : sql`now()`;
  await tx
    .insert(mailQueue)
    .values(recipients.map((recipient) => ({ kind, orderId, recipient, nextAttemptAt })))
    .onConflictDoNothing();
}

/**
 * Queues the invitation's mail to the address invited. That address is nobody's verified one yet: the
 * verified company admin who sent the invitation vouches for it, and a company sends only so many a day
 * (docs/decisions/042-company-members-and-the-audit-log.md).
 */
export async function queueInvitationMail(tx: Tx, invitationId: string, recipient: string): Promise<void> {
  await tx.insert(mailQueue).values({ kind: 'company_invitation', invitationId, recipient }).onConflictDoNothing();
}

/**
 * Queues the shop's answer to the company, one mail to each of its company admins whose address is
 * verified; a company admin who has not verified gets none (docs/decisions/026-mail-only-to-verified-addresses.md).
 */
export async function queueCompanyDecisionMails(tx: Tx, companyId: string, kind: CompanyDecisionMailKind): Promise<void> {
  await tx.execute(sql`
    insert into mail_queue (kind, company_id, recipient)
    select ${kind}, m.company_id, u.email
      from company_members m join users u on u.id = m.user_id
     where m.company_id = ${companyId}::uuid and m.role = 'company_admin' and u.email_verified`);
}

/** Drops the invitation's mail while it still waits to go: the invitation was revoked. */
export async function dropInvitationMails(tx: Tx, invitationId: string): Promise<void> {
  await tx.delete(mailQueue).where(and(eq(mailQueue.invitationId, invitationId), eq(mailQueue.state, 'queued')));
}

/** Drops the mails of this kind about the order that are still waiting to go (not claimed by a sender). */
export async function dropQueuedMails(tx: Tx, kind: MailKind, orderId: string): Promise<void> {
  await tx.delete(mailQueue).where(and(eq(mailQueue.kind, kind), eq(mailQueue.orderId, orderId), eq(mailQueue.state, 'queued')));
}

/** The mail went out; only while this sender still holds it. */
export async function markMailSent(tx: Tx, id: string): Promise<void> {
  await tx
    .update(mailQueue)
    .set({ state: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.state, 'sending')));
}

/** A failed try: the mail waits until `retryAt`, or is given up when that is null. */
export async function markMailFailed(tx: Tx, id: string, error: string, retryAt: Date | null): Promise<void> {
  await tx
    .update(mailQueue)
    .set(retryAt ? { state: 'queued', nextAttemptAt: retryAt, lockedUntil: null, lastError: error } : { state: 'failed', lockedUntil: null, lastError: error })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.state, 'sending')));
}

/** Mails that failed at least once and have not gone out since: given up, and waiting to be retried. */
export async function listMailFailures(tx: Tx, limit: number): Promise<MailFailures> {
  const failing = and(isNotNull(mailQueue.lastError), ne(mailQueue.state, 'sent'));
  const [rows, [counts]] = await Promise.all([
    tx.select().from(mailQueue).where(failing).orderBy(desc(mailQueue.createdAt), desc(mailQueue.id)).limit(limit),
    tx
      .select({
        failed: sql<number>`count(*) filter (where ${mailQueue.state} = 'failed')::int`,
        retrying: sql<number>`count(*) filter (where ${mailQueue.state} <> 'failed')::int`,
      })
      .from(mailQueue)
      .where(failing),
  ]);
  return {
    failed: Number(counts?.failed ?? 0),
    retrying: Number(counts?.retrying ?? 0),
    items: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      orderId: row.orderId,
      recipient: row.recipient,
      state: row.state,
      attempts: row.attempts,
      lastError: row.lastError ?? '',
      nextAttemptAt: row.state === 'failed' ? null : row.nextAttemptAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Whether the mail may go to its recipient now: the verified address of the order's own account, of an
 * admin for the admins' notice, or of a company admin of the company for the shop's answer to it. The shop
 * never writes to an address nobody has proven to own (docs/decisions/026-mail-only-to-verified-addresses.md);
 * the one exception, an invitation, is checked by the sender against the invitation itself.
 */
export async function recipientIsVerified(tx: Tx, mail: Pick<ClaimedMail, 'kind' | 'orderId' | 'companyId' | 'recipient'>): Promise<boolean> {
  let whose;
  switch (mail.kind) {
    case 'order_paid_admin':
    case 'order_on_hold_admin':
      whose = sql`u.role = 'admin'`;
      break;
    case 'company_approved':
    case 'company_rejected':
      whose = sql`exists (select 1 from company_members m where m.user_id = u.id and m.company_id = ${mail.companyId}::uuid and m.role = 'company_admin')`;
      break;
    case 'company_invitation':
      return false;
    case 'order_approval_waiting':
      // An approver of the order's company, never the buyer who placed it (docs/decisions/055).
      whose = sql`exists (select 1 from orders o join company_members m on m.company_id = o.company_id and (m.role = 'company_admin' or m.is_approver)
        where o.id = ${mail.orderId}::uuid and m.user_id = u.id and u.id is distinct from o.user_id)`;
      break;
    default:
      whose = sql`u.id = (select o.user_id from orders o where o.id = ${mail.orderId}::uuid)`;
  }
  const [row] = await rowsOf<{ ok: boolean }>(
    tx,
    sql`select exists (select 1 from users u where u.email = ${mail.recipient} and u.email_verified and ${whose}) as ok`,
  );
  return row?.ok === true;
}

/**
 * An invoice may be reminded of more than once, but the queue keeps one mail of a kind per order and address
 * (mail_queue_once_key): a reminder sent (or given up) before is put back in the queue to go again, and
 * one still waiting stays as it is. The audit log keeps every reminder asked for.
 */
export async function requeueSentReminder(tx: Tx, orderId: string, recipient: string): Promise<void> {
  await tx
    .update(mailQueue)
    .set({ state: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, lastError: null, sentAt: null, createdAt: sql`now()` })
    .where(
      and(
        eq(mailQueue.kind, 'invoice_reminder'),
        eq(mailQueue.orderId, orderId),
        eq(mailQueue.recipient, recipient),
        inArray(mailQueue.state, ['sent', 'failed']),
      ),
    );
}
