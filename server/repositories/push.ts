// Data access for notifications on a device (docs/notifications.md): the browsers' subscriptions, each user's
// kinds switched off, and the queue of messages, put in by the transaction of the event they tell of and
// claimed, sent and settled by the sender (server/services/push.ts) as mails are (docs/decisions/013).

import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { PushKind, PushSubscriptionBody } from '../../src/contract/push';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { orders, pushQueue, pushSubscriptions, quotes, users } from '../db/schema';

/** The most devices one user receives notifications on; subscribing another forgets the oldest. */
export const MAX_DEVICES_PER_USER = 20;

/**
 * Keeps the browser's subscription for this user: a device subscribed before under another account (a shared
 * counter tablet) now notifies the one signed in. True when the device is new to the shop.
 */
export async function saveSubscription(tx: Tx, userId: string, subscription: PushSubscriptionBody): Promise<boolean> {
  const [row] = await rowsOf<{ created: boolean }>(
    tx,
    sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        values (${userId}::uuid, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth})
        on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()
        returning (xmax = 0) as created`,
  );
  // A user's oldest devices beyond the most they keep are forgotten, so no account fills the table.
  await tx.execute(sql`
    delete from push_subscriptions where id in (
      select id from push_subscriptions where user_id = ${userId}::uuid order by created_at desc, id offset ${MAX_DEVICES_PER_USER})`);
  return row?.created === true;
}

/** Forgets the user's device; false when no device of theirs has that address. */
export async function deleteSubscription(tx: Tx, userId: string, endpoint: string): Promise<boolean> {
  const removed = await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Forgets a device its push service says is gone; its waiting messages go with it. */
export async function deleteSubscriptionById(tx: Tx, id: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function findMutedKinds(tx: Tx, userId: string): Promise<PushKind[]> {
  const [row] = await tx.select({ muted: users.pushMuted }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.muted ?? [];
}

export async function setMutedKinds(tx: Tx, userId: string, muted: PushKind[]): Promise<PushKind[]> {
  const [row] = await tx
    .update(users)
    .set({ pushMuted: muted, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ muted: users.pushMuted });
  return row?.muted ?? [];
}

/** Who a message goes to: every admin, or these users. */
export type PushRecipients = { admins: true } | { userIds: string[] };

export interface QueuedPush {
  kind: PushKind;
  orderId: string | null;
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * Queues the message to every device of the recipients who have not switched its kind off, due at once or
 * after `delayMs`; a device that has the same message about the same order waiting does not get it twice.
 */
export async function queuePushes(tx: Tx, recipients: PushRecipients, message: QueuedPush, delayMs = 0): Promise<void> {
  if ('userIds' in recipients && recipients.userIds.length === 0) return;
  const whose =
    'admins' in recipients
      ? sql`u.role = 'admin'`
      : sql`u.id in (${sql.join(
          recipients.userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const due = delayMs > 0 ? sql`now() + ${delayMs} * interval '1 millisecond'` : sql`now()`;
  await tx.execute(sql`
    insert into push_queue (subscription_id, kind, order_id, title, body, url, tag, next_attempt_at)
    select s.id, ${message.kind}, ${message.orderId}::uuid, ${message.title}, ${message.body}, ${message.url}, ${message.tag}, ${due}
      from push_subscriptions s join users u on u.id = s.user_id
     where ${whose} and not (${message.kind} = any(u.push_muted))
    on conflict do nothing`);
}

/** Drops the messages of this kind about the order that still wait to go (a shipping taken back). */
export async function dropQueuedPushes(tx: Tx, kind: PushKind, orderId: string): Promise<void> {
  await tx.delete(pushQueue).where(and(eq(pushQueue.kind, kind), eq(pushQueue.orderId, orderId), eq(pushQueue.state, 'queued')));
}

/** A message claimed for sending, with the device it goes to and that device's user. */
export interface ClaimedPush extends QueuedPush {
  id: string;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: string;
  role: 'admin' | 'customer' | 'rep';
  /** Counting this one. */
  attempts: number;
}

/**
 * Claims up to `limit` messages that are due, for `leaseMs`, as the mail queue does (claimDueMails): of any
 * number of senders racing, each message goes to one.
 */
export async function claimDuePushes(tx: Tx, limit: number, leaseMs: number): Promise<ClaimedPush[]> {
  const rows = await rowsOf<{
    id: string;
    kind: PushKind;
    order_id: string | null;
    title: string;
    body: string;
    url: string;
    tag: string;
    attempts: number;
    subscription_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    user_id: string;
    role: ClaimedPush['role'];
  }>(
    tx,
    sql`
    with due as materialized (
      select id from push_queue
       where (state = 'queued' and next_attempt_at <= now()) or (state = 'sending' and locked_until < now())
       order by next_attempt_at, id
       limit ${limit}
         for update skip locked
    ), claimed as (
      update push_queue q
         set state = 'sending', attempts = q.attempts + 1, locked_until = now() + ${leaseMs} * interval '1 millisecond'
        from due
       where q.id = due.id
      returning q.*
    )
    select c.id, c.kind, c.order_id, c.title, c.body, c.url, c.tag, c.attempts, c.subscription_id,
           s.endpoint, s.p256dh, s.auth, s.user_id, u.role
      from claimed c join push_subscriptions s on s.id = c.subscription_id join users u on u.id = s.user_id`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    orderId: row.order_id,
    title: row.title,
    body: row.body,
    url: row.url,
    tag: row.tag,
    attempts: Number(row.attempts),
    subscriptionId: row.subscription_id,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    userId: row.user_id,
    role: row.role,
  }));
}

/** The message reached the push service: nothing more to keep of it. */
export async function markPushSent(tx: Tx, id: string): Promise<void> {
  await tx.delete(pushQueue).where(and(eq(pushQueue.id, id), eq(pushQueue.state, 'sending')));
}

/** A failed try: the message waits until `retryAt`, or is given up when that is null. */
export async function markPushFailed(tx: Tx, id: string, error: string, retryAt: Date | null): Promise<void> {
  await tx
    .update(pushQueue)
    .set(retryAt ? { state: 'queued', nextAttemptAt: retryAt, lockedUntil: null, lastError: error } : { state: 'failed', lockedUntil: null, lastError: error })
    .where(and(eq(pushQueue.id, id), eq(pushQueue.state, 'sending')));
}

/**
 * What waits for this user, for the app's badge: for an admin the orders waiting for the shop (to ship, or on
 * hold for a decision); for a dealer their own orders waiting to be paid, and, for an approver, the other buyers'
 * orders of the company waiting for an approval (docs/decisions/055).
 */
export async function countWaitingFor(tx: Tx, userId: string, role: ClaimedPush['role']): Promise<number> {
  const toApprove = sql`(${orders.status} = 'Awaiting approval' and ${orders.userId} is distinct from ${userId}::uuid and exists (
    select 1 from company_members m
     where m.company_id = ${orders.companyId} and m.user_id = ${userId}::uuid and (m.role = 'company_admin' or m.is_approver)))`;
  const where =
    role === 'admin' ? inArray(orders.status, ['Paid', 'Confirmed', 'On hold']) : or(and(eq(orders.userId, userId), eq(orders.status, 'Unpaid')), toApprove);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  // Quotes too (docs/decisions/058-quotes.md): for an admin the requests waiting for prices, for a sales rep those of its
  // companies; for a dealer its company's quotes priced and open to accept.
  const today = new Date().toISOString().slice(0, 10);
  const quotesWaiting =
    role === 'admin'
      ? eq(quotes.status, 'requested')
      : role === 'rep'
        ? and(eq(quotes.status, 'requested'), sql`${quotes.companyId} in (select company_id from company_reps where user_id = ${userId}::uuid)`)
        : and(
            eq(quotes.status, 'quoted'),
            sql`${quotes.expiresOn} >= ${today}`,
            sql`${quotes.companyId} = (select company_id from company_members where user_id = ${userId}::uuid)`,
          );
  const [quoted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(quotes)
    .where(quotesWaiting);
  return Number(row?.n ?? 0) + Number(quoted?.n ?? 0);
}
