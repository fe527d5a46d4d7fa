// Notifications on a device (Web Push, docs/notifications.md): who hears of what, queued in the transaction of
// the event so a message goes out only once that event is committed, and the sender the background job runs
// every PUSH_INTERVAL_SECONDS. A message is encrypted for its device (RFC 8291) and signed with the shop's VAPID
// key by the web-push library; a push service that is down is tried again later as the mail server is
// (docs/decisions/013), and a device its push service says is gone (404, 410) is forgotten.

import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import { formatPrice, isCurrency } from '../../src/contract/money';
import { SHIP_UNDO_MS } from '../../src/contract/order';
import { orderScreenUrl, PUSH_KIND_INFO, type PushKind, type PushPayload } from '../../src/contract/push';
import type { PushConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { findOrder, type OrderRow } from '../repositories/orders';
import {
  claimDuePushes,
  countWaitingFor,
  deleteSubscriptionById,
  markPushFailed,
  markPushSent,
  queuePushes,
  type ClaimedPush,
  type PushRecipients,
} from '../repositories/push';
import type { ApprovalNotice } from './approvals';
import type { OrderEvent } from './mail';

export interface PushMessage {
  /** The order it tells of, if any: a device gets one message of a kind about one order. */
  orderId?: string;
  title: string;
  body: string;
  /** The shop's screen a tap opens, a path such as /dashboard/my-orders?order=O-2026-00042. */
  url: string;
  /** Notifications of one tag replace each other on the device; by default one per kind and order. */
  tag?: string;
  /** Wait this long before sending (a shipping can be undone for a while). */
  delayMs?: number;
}

/**
 * The one call an event makes to tell people on their devices, inside the transaction that makes the change:
 * the message goes to every device of the recipients who have not switched its kind off on My Profile, once the
 * transaction commits. Quotes and approvals plug in here with their kinds (src/contract/push.ts).
 */
export async function queuePush(tx: Tx, kind: PushKind, to: PushRecipients, message: PushMessage): Promise<void> {
  await queuePushes(
    tx,
    to,
    {
      kind,
      orderId: message.orderId ?? null,
      title: message.title,
      body: message.body,
      url: message.url,
      tag: message.tag ?? `${kind}:${message.orderId ?? message.url}`,
    },
    message.delayMs ?? 0,
  );
}

function orderTotal(order: OrderRow): string {
  return isCurrency(order.currency) ? formatPrice(order.totalMinor, order.currency, 'en-US') : `${order.totalMinor} ${order.currency}`;
}

/** Who placed the order, as an admin knows it: the company, else the person. */
function orderedBy(order: OrderRow): string {
  return order.companyName ?? (order.userName || order.userEmail);
}

/**
 * The notifications an order event sends, beside its mails (queueOrderMails):
 * - every admin, when an order is paid (by card, or its deposit) and waits to ship, and when an order on account
 *   is placed on hold for their decision;
 * - the dealer who placed the order, when it ships, once shipping can no longer be undone.
 */
export async function queueOrderPushes(tx: Tx, event: OrderEvent, orderId: string): Promise<void> {
  if (event !== 'paid' && event !== 'deposit_paid' && event !== 'placed' && event !== 'shipped') return;
  const order = await findOrder(tx, orderId);
  if (!order) return;
  const no = order.number;
  if ((event === 'paid' && order.status === 'Paid') || event === 'deposit_paid') {
    await queuePush(
      tx,
      'order_paid',
      { admins: true },
      {
        orderId,
        title: event === 'paid' ? `Order ${no} is paid` : `The deposit of order ${no} is paid`,
        body: `${orderedBy(order)}, ${orderTotal(order)}. It waits to ship.`,
        url: orderScreenUrl('admin', no),
      },
    );
  }
  if (event === 'placed' && order.status === 'On hold') {
    await queuePush(
      tx,
      'order_on_hold',
      { admins: true },
      {
        orderId,
        title: `Order ${no} is on hold`,
        body: `${orderedBy(order)}, ${orderTotal(order)} on account. Release or refuse it.`,
        url: orderScreenUrl('admin', no),
      },
    );
  }
  if (event === 'shipped' && order.userId) {
    const tracking = order.carrier && order.trackingNumber ? ` with ${order.carrier}, tracking ${order.trackingNumber}` : '';
    await queuePush(
      tx,
      'order_shipped',
      { userIds: [order.userId] },
      {
        orderId,
        title: `Your order ${no} has shipped`,
        body: `It is on its way${tracking}.`,
        url: orderScreenUrl('dealer', no),
        // As the shipping mail, it waits until the shipping can no longer be taken back.
        delayMs: SHIP_UNDO_MS + 5_000,
      },
    );
  }
}

/**
 * The notifications of a buyer's order over a spending limit (docs/decisions/055): to the company's approvers while
 * it waits for them, to the buyer once it is approved or declined (with the reason).
 */
export async function queueApprovalPush(tx: Tx, notice: ApprovalNotice, userIds: string[]): Promise<void> {
  const order = await findOrder(tx, notice.order.id);
  if (!order || userIds.length === 0) return;
  const no = order.number;
  if (notice.kind === 'waiting') {
    await queuePush(
      tx,
      'approval_waiting',
      { userIds },
      {
        orderId: order.id,
        title: `Order ${no} waits for your approval`,
        body: `${order.userName || order.userEmail}, ${orderTotal(order)}: over their spending limit. Approve or decline it.`,
        url: orderScreenUrl('approver', no),
      },
    );
    return;
  }
  const approved = notice.decision === 'approved';
  await queuePush(
    tx,
    'approval_decided',
    { userIds },
    {
      orderId: order.id,
      title: approved ? `Your order ${no} is approved` : `Your order ${no} was declined`,
      body: approved ? `${orderTotal(order)}: it goes on as ordered.` : (order.statusReason ?? 'See the reason on My Orders.'),
      url: orderScreenUrl('dealer', no),
    },
  );
}

/** Push services the shop sends to in production: the browsers' own, over HTTPS. */
const BROWSER_PUSH_SERVICES = [/^fcm\.googleapis\.com$/u, /(^|\.)push\.services\.mozilla\.com$/u, /(^|\.)push\.apple\.com$/u, /\.notify\.windows\.com$/u];

/** Whether a subscription's endpoint is one the shop will send to. */
export function isAllowedEndpoint(endpoint: string, anyPushService: boolean): boolean {
  const url = new URL(endpoint);
  if (anyPushService) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && BROWSER_PUSH_SERVICES.some((host) => host.test(url.hostname));
}

/** One message is claimed at a time, for longer than its send can take with the timeout below. */
const LEASE_MS = 60_000;
const SEND_TIMEOUT_MS = 15_000;
/** The most messages one run sends; the rest wait for the next. */
const MAX_PER_RUN = 500;

export interface PushRun {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for the last time, or refused by the push service: given up. */
  failed: number;
  /** Devices the push service said are gone, forgotten. */
  removed: number;
}

export interface PushService {
  /** Sends every message that is due, one at a time. */
  sendDue(): Promise<PushRun>;
}

/** The wait after the `attempts`-th failed try: the base, doubled each time, at most the maximum. */
export function pushRetryDelay(config: Pick<PushConfig, 'retryBaseMs' | 'retryMaxMs'>, attempts: number): number {
  return Math.min(config.retryBaseMs * 2 ** Math.max(0, attempts - 1), config.retryMaxMs);
}

export function pushService(deps: { db: Db; push: PushConfig; log: FastifyBaseLogger }): PushService {
  const { db, push, log } = deps;

  async function send(claimed: ClaimedPush): Promise<Response> {
    const payload: PushPayload = {
      kind: claimed.kind,
      title: claimed.title,
      body: claimed.body,
      url: claimed.url,
      tag: claimed.tag,
      badge: await countWaitingFor(db, claimed.userId, claimed.role),
    };
    const info = PUSH_KIND_INFO[claimed.kind];
    const request = webPush.generateRequestDetails(
      { endpoint: claimed.endpoint, keys: { p256dh: claimed.p256dh, auth: claimed.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: push.vapid,
        TTL: info.ttlSeconds,
        urgency: info.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    return fetch(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(request.body),
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  }

  async function sendDue(): Promise<PushRun> {
    const run: PushRun = { sent: 0, retrying: 0, failed: 0, removed: 0 };
    for (let n = 0; n < MAX_PER_RUN; n += 1) {
      const [claimed] = await claimDuePushes(db, 1, LEASE_MS);
      if (!claimed) return run;
      const facts = { pushId: claimed.id, kind: claimed.kind, orderId: claimed.orderId, attempts: claimed.attempts };
      let reason: string;
      let transient: boolean;
      try {
        if (!isAllowedEndpoint(claimed.endpoint, push.anyPushService)) {
          await deleteSubscriptionById(db, claimed.subscriptionId);
          run.removed += 1;
          log.warn(facts, 'notification not sent: its device names a push service the shop does not send to; the device is forgotten');
          continue;
        }
        const answer = await send(claimed);
        await answer.body?.cancel();
        if (answer.ok) {
          await markPushSent(db, claimed.id);
          run.sent += 1;
          continue;
        }
        if (answer.status === 404 || answer.status === 410) {
          // The browser unsubscribed, or the subscription expired: it will never receive again.
          await deleteSubscriptionById(db, claimed.subscriptionId);
          run.removed += 1;
          continue;
        }
        reason = `the push service answered ${answer.status}`;
        transient = answer.status === 429 || answer.status >= 500;
      } catch (error) {
        reason = `the push service could not be reached: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
        transient = true;
      }
      const last = !transient || claimed.attempts >= push.maxAttempts;
      const retryAt = last ? null : new Date(Date.now() + pushRetryDelay(push, claimed.attempts));
      await markPushFailed(db, claimed.id, reason, retryAt);
      if (last) {
        run.failed += 1;
        log.error({ ...facts, reason }, 'notification given up');
      } else {
        run.retrying += 1;
        log.warn({ ...facts, reason, retryAt }, 'notification not sent; it is tried again later');
      }
    }
    return run;
  }

  return { sendDue };
}
