// THE flush of the order outbox, used by the page (start-up, 'online', a timer) and by the service
// worker's Background Sync 'sync' event. One sender at a time across tabs and the worker: a Web Lock
// where the browser has one, and always a lease with an expiry in IndexedDB (which every context shares,
// and which frees itself if its holder dies mid-send). Under the Web Lock a lease left by another holder
// can only be a dead one (a tab reloaded mid-flush: the browser freed its lock), so it is taken over
// at once instead of waiting for it to expire. Each send reuses the item's clientOrderId, so the server
// answers a repeat with the first order: a lost answer never becomes a second order.

import { ApiError } from '../../api/errors';
import { orderRefusal, refusalMessage } from '../../api/order-refusal';
import { tokenEmail } from '../../api/token-store';
import type { OrderBody, OrderLineProblem } from '../../contract/order';
import type { OrderStatus } from '../../contract/order-status';
import { getDatabase, type ApprovalToSend, type ForgelineDatabase, type OutboxItem, type OutboxLine } from '../store/database';
import { ownerKey } from '../store/owner';
import { keepSentOrder, listOutbox } from './queue';
import { approvalOf, isQuoteRequest, queuedOrderName, SEND_LEASE_MS } from './queued-order';
import type { QuoteRequestBody } from '../../contract/quote';
import { orderBody, postApprovalDecision, postOrder, postQuoteRequest, quoteRequestBody } from './post-order';

export const OUTBOX_LOCK_NAME = 'forgeline-outbox';
const LEASE_KEY = 'outbox-lease';
/** A holder renews before every send; a send times out well inside it, so a live holder never loses it. */
export const LEASE_MS = SEND_LEASE_MS;
export const SEND_TIMEOUT_MS = 20_000;
export const RETRY_BASE_MS = 5_000;
export const RETRY_CAP_MS = 5 * 60_000;

export type SendOrder = (
  body: OrderBody,
  token: string,
  signal: AbortSignal,
) => Promise<{ insertedId: string; number?: string | undefined; status?: OrderStatus | undefined; depositMinor?: number | undefined }>;

/** Sends a saved quote request (docs/decisions/058-quotes.md): answered with the quote's id and number. */
export type SendQuoteRequest = (body: QuoteRequestBody, token: string, signal: AbortSignal) => Promise<{ id: string; number: string }>;

/** Sends a saved approver's decision: answered with the order as it now stands. */
export type SendDecision = (
  approval: ApprovalToSend,
  decisionId: string,
  token: string,
  signal: AbortSignal,
) => Promise<{ _id: string; number?: string | undefined; status: OrderStatus }>;

export interface FlushDeps {
  db: ForgelineDatabase;
  send: SendOrder;
  sendQuote: SendQuoteRequest;
  sendDecision: SendDecision;
  now: () => number;
  /** 0..1; spreads retries of many tablets after an outage. */
  random: () => number;
  /** navigator.locks where present; the IndexedDB lease guards alone where it is not. */
  locks: LockManager | null;
  newHolderId: () => string;
}

export interface FlushSession {
  email: string;
  /** Our access token; null when the user must sign in again. */
  token: string | null;
}

export interface FlushOptions {
  /** Ignore backoff times: the connection just came back, or the browser fired a sync. */
  force?: boolean;
}

export interface FlushReport {
  /** False when another tab or the worker was already flushing. */
  ran: boolean;
  /** `orderName`: its first tool and how many more, as lists name it. */
  /** `orderNumber`: the number the server gave the order (`O-2026-00042`), null from a server without numbers. */
  /** `status`: Unpaid (to pay by card), or Confirmed or On hold on account; null from a server before accounts. */
  /** `quote`: a quote request, whose number is the quote's (`Q-2026-00012`); `approval`: an approver's decision on the order named. */
  sent: {
    clientOrderId: string;
    orderId: string;
    orderName: string;
    orderNumber: string | null;
    status: OrderStatus | null;
    depositDue: boolean;
    quote: boolean;
    approval: ApprovalToSend | null;
  }[];
  /** Items that turned 'Needs attention' in this pass. */
  needsAttention: { clientOrderId: string; orderName: string; message: string }[];
  /** A 401 (or no token): the items wait until the user signs in again. */
  signInRequired: boolean;
  /** Items of this user still waiting to be sent. */
  waiting: number;
  /** The earliest time the timer should try again, or null when nothing waits. */
  nextAttemptAt: number | null;
}

export const sendOrderRequest: SendOrder = (body, token, signal) => postOrder(body, token, signal);

function resolveDeps(overrides: Partial<FlushDeps>): FlushDeps {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
  return {
    db: overrides.db ?? getDatabase(),
    send: overrides.send ?? sendOrderRequest,
    sendQuote: overrides.sendQuote ?? ((body, token, signal) => postQuoteRequest(body, token, signal)),
    sendDecision: overrides.sendDecision ?? ((approval, decisionId, token, signal) => postApprovalDecision(approval, decisionId, token, signal)),
    now: overrides.now ?? (() => Date.now()),
    random: overrides.random ?? Math.random,
    locks: overrides.locks === undefined ? locks : overrides.locks,
    newHolderId: overrides.newHolderId ?? (() => crypto.randomUUID()),
  };
}

/** Exponential backoff from 5 s, doubled per failed attempt, capped at 5 minutes, with +-20 % jitter. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

interface Lease {
  holder: string;
  expiresAt: number;
}

/**
 * Takes or renews the lease in one IndexedDB transaction, which IndexedDB serialises across contexts.
 * `takeOver`: the caller holds the Web Lock, so another holder's lease is stale.
 */
async function claimLease(d: FlushDeps, holder: string, takeOver: boolean): Promise<boolean> {
  return d.db.transaction('rw', d.db.meta, async () => {
    const now = d.now();
    const current = (await d.db.meta.get(LEASE_KEY))?.value as Lease | undefined;
    if (!takeOver && current && current.holder !== holder && current.expiresAt > now) return false;
    await d.db.meta.put({ key: LEASE_KEY, value: { holder, expiresAt: now + LEASE_MS } satisfies Lease });
    return true;
  });
}

async function releaseLease(d: FlushDeps, holder: string): Promise<void> {
  await d.db.transaction('rw', d.db.meta, async () => {
    const current = (await d.db.meta.get(LEASE_KEY))?.value as Lease | undefined;
    if (current?.holder === holder) await d.db.meta.delete(LEASE_KEY);
  });
}

type Outcome =
  | { kind: 'sent'; orderId: string; orderNumber: string | null; status: OrderStatus | null; depositDue: boolean }
  | { kind: 'retry'; error: { status: number; code: string; message: string } }
  | { kind: 'sign-in'; error: { status: number; code: string; message: string } }
  | { kind: 'attention'; error: { status: number; code: string; message: string }; lines: OrderLineProblem[] };

const NETWORK_MESSAGE = 'No connection to the server; it will be sent when the connection is back.';
const SIGN_IN_MESSAGE = 'Sign in again to send this order.';

function classify(error: unknown, item: OutboxItem): Outcome {
  if (error instanceof ApiError) {
    const detail = { status: error.status, code: error.code, message: error.message };
    if (error.status === 401) return { kind: 'sign-in', error: { ...detail, message: SIGN_IN_MESSAGE } };
    // An order refused line by line is the server's definitive answer, whatever its code (a tool gone
    // from the catalogue leads with 'conflict').
    // A decision another approver made first, or on an order no longer waiting, is the server's last word on it.
    if (approvalOf(item) && error.status === 409) return { kind: 'attention', error: detail, lines: [] };
    const refusal = orderRefusal(error);
    if (refusal) return { kind: 'attention', error: { ...detail, message: refusalMessage(refusal, item.lines.length) }, lines: refusal.lines };
    // The server or a proxy is struggling, we are rate limited, or the same order is being placed right
    // now by another request (409 conflict): the order itself is fine, ask again later.
    if (error.status >= 500 || error.status === 429 || error.status === 408 || (error.status === 409 && error.code === 'conflict')) {
      return { kind: 'retry', error: detail };
    }
    return { kind: 'attention', error: detail, lines: [] };
  }
  // NetworkError, or anything else without an answer from our API: the order may or may not have arrived.
  return { kind: 'retry', error: { status: 0, code: 'network', message: NETWORK_MESSAGE } };
}

async function sendOne(d: FlushDeps, item: OutboxItem, token: string): Promise<Outcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The send timed out.', 'TimeoutError')), SEND_TIMEOUT_MS);
  try {
    // A quote request is kept and sent as an order is, under its clientOrderId; the server's number is the quote's.
    const approval = approvalOf(item);
    if (approval) {
      const order = await d.sendDecision(approval, item.clientOrderId, token, controller.signal);
      return { kind: 'sent', orderId: order._id, orderNumber: order.number ?? approval.orderNumber, status: order.status, depositDue: false };
    }
    if (isQuoteRequest(item)) {
      const quote = await d.sendQuote(quoteRequestBody(item), token, controller.signal);
      return { kind: 'sent', orderId: quote.id, orderNumber: quote.number, status: null, depositDue: false };
    }
    const created = await d.send(orderBody(item), token, controller.signal);
    return {
      kind: 'sent',
      orderId: created.insertedId,
      orderNumber: created.number ?? null,
      status: created.status ?? null,
      depositDue: created.status === 'Confirmed' && (created.depositMinor ?? 0) > 0,
    };
  } catch (error) {
    if (controller.signal.aborted) return { kind: 'retry', error: { status: 0, code: 'timeout', message: NETWORK_MESSAGE } };
    return classify(error, item);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * In one transaction: renews the lease (taken only when there is something to send; renewed before each
 * send, which keeps it ours for the whole send since SEND_TIMEOUT_MS < LEASE_MS) and marks the item as in
 * flight, unless the user discarded or changed it since it was read.
 */
async function startSend(d: FlushDeps, claim: Claim, item: OutboxItem): Promise<OutboxItem | null | 'lease-lost'> {
  return d.db.transaction('rw', d.db.meta, d.db.outbox, async () => {
    if (!(await claimLease(d, claim.holder, claim.takeOver))) return 'lease-lost';
    claim.claimed = true;
    const current = await d.db.outbox.get(item.clientOrderId);
    if (!current || current.state !== 'waiting' || current.ownerEmail !== item.ownerEmail) return null;
    const now = d.now();
    const sending = { ...current, sendingSince: now, lastAttemptAt: now };
    await d.db.outbox.put(sending);
    return sending;
  });
}

async function record(d: FlushDeps, item: OutboxItem, outcome: Outcome): Promise<void> {
  const id = item.clientOrderId;
  const now = d.now();
  if (outcome.kind === 'sent') {
    // Out of the outbox and into the device's record of what it sent, in one write: a reload between the two
    // neither sends it again nor forgets its number.
    await d.db.transaction('rw', d.db.outbox, d.db.sentOrders, async () => {
      const current = (await d.db.outbox.get(id)) ?? item;
      await d.db.outbox.delete(id);
      await keepSentOrder(
        { ...current, sendingSince: null, sentAt: now, orderId: outcome.orderId, orderNumber: outcome.orderNumber, status: outcome.status },
        d.db,
      );
    });
    return;
  }
  await d.db.transaction('rw', d.db.outbox, async () => {
    const current = await d.db.outbox.get(id);
    // Discarded by the user while in flight: their say stands.
    if (!current) return;
    if (outcome.kind === 'retry') {
      const attempts = current.attempts + 1;
      await d.db.outbox.put({
        ...current,
        sendingSince: null,
        attempts,
        nextAttemptAt: now + retryDelayMs(attempts, d.random),
        maybeDelivered: true,
        lastError: outcome.error,
        updatedAt: now,
      });
    } else if (outcome.kind === 'sign-in') {
      await d.db.outbox.put({ ...current, sendingSince: null, lastError: outcome.error, updatedAt: now });
    } else {
      // A 4xx is the server's definitive answer: no order was made, so the same clientOrderId is free to resend.
      await d.db.outbox.put({
        ...current,
        sendingSince: null,
        state: 'needs-attention',
        maybeDelivered: false,
        lastError: outcome.error,
        lines: withProblems(current.lines, outcome.lines),
        updatedAt: now,
      });
    }
  });
}

/** The server's reason for a line as kept: a price list's price change with the price seen and the price now. */
function problemOf(problem: OrderLineProblem): NonNullable<OutboxLine['problem']> {
  return {
    code: problem.code,
    message: problem.message,
    ...(problem.seenPriceMinor !== undefined ? { seenPriceMinor: problem.seenPriceMinor } : {}),
    ...(problem.priceMinor !== undefined ? { priceMinor: problem.priceMinor } : {}),
    ...(problem.currency !== undefined ? { currency: problem.currency } : {}),
  };
}

/** Each line of the item with the server's reason for it (none for a line it did not refuse). */
function withProblems(lines: OutboxLine[], problems: OrderLineProblem[]): OutboxLine[] {
  const byId = new Map(problems.map((problem) => [problem.productId, problem]));
  return lines.map((line) => {
    const problem = byId.get(line.productId);
    return { ...line, problem: problem ? problemOf(problem) : null, serverProduct: problem?.product ?? line.serverProduct };
  });
}

interface Claim {
  holder: string;
  takeOver: boolean;
  claimed: boolean;
}

async function sendDue(d: FlushDeps, claim: Claim, session: FlushSession, options: FlushOptions): Promise<FlushReport> {
  const report: FlushReport = { ran: true, sent: [], needsAttention: [], signInRequired: false, waiting: 0, nextAttemptAt: null };
  const items = await listOutbox(session.email, d.db);
  for (const item of items) {
    if (item.state !== 'waiting') continue;
    if (!options.force && item.nextAttemptAt > d.now()) continue;
    if (!session.token) {
      report.signInRequired = true;
      break;
    }
    const sending = await startSend(d, claim, item);
    if (sending === 'lease-lost') {
      if (!claim.claimed) report.ran = false;
      break;
    }
    if (!sending) continue;
    const outcome = await sendOne(d, sending, session.token);
    await record(d, sending, outcome);
    const orderName = queuedOrderName(item.lines);
    if (outcome.kind === 'sent') {
      report.sent.push({
        clientOrderId: item.clientOrderId,
        orderId: outcome.orderId,
        orderName,
        orderNumber: outcome.orderNumber,
        status: outcome.status,
        quote: isQuoteRequest(item),
        approval: approvalOf(item),
        depositDue: outcome.depositDue,
      });
    }
    if (outcome.kind === 'attention') report.needsAttention.push({ clientOrderId: item.clientOrderId, orderName, message: outcome.error.message });
    if (outcome.kind === 'sign-in') report.signInRequired = true;
    // No connection, a failing server or a refused token affects every other item the same way: stop here.
    if (outcome.kind === 'retry' || outcome.kind === 'sign-in') break;
  }
  return summarise(d, session.email, report);
}

async function summarise(d: FlushDeps, email: string, report: FlushReport): Promise<FlushReport> {
  const waiting = (await listOutbox(email, d.db)).filter((item) => item.state === 'waiting');
  report.waiting = waiting.length;
  report.nextAttemptAt = waiting.length === 0 ? null : Math.min(...waiting.map((item) => item.nextAttemptAt));
  return report;
}

/**
 * Sends the signed-in user's due outbox items, oldest first, each at most once at a time across every
 * tab and the service worker. Returns what happened; never throws for an order's own failure.
 */
export async function flushOutbox(session: FlushSession, options: FlushOptions = {}, overrides: Partial<FlushDeps> = {}): Promise<FlushReport> {
  const d = resolveDeps(overrides);
  const owner = { ...session, email: ownerKey(session.email) };
  // Only the items of the account the token was issued to go with it, whoever asks: a session read while
  // one dealer signs out and another signs in on the same tablet must never send the first one's order
  // with the second one's token (docs/decisions/029-a-shared-counter-tablet.md).
  const holder = session.token ? tokenEmail(session.token) : null;
  if (holder !== null && ownerKey(holder) !== owner.email) {
    return summarise(d, owner.email, { ran: false, sent: [], needsAttention: [], signInRequired: false, waiting: 0, nextAttemptAt: null });
  }
  const underLease = async (takeOver: boolean): Promise<FlushReport> => {
    const claim: Claim = { holder: d.newHolderId(), takeOver, claimed: false };
    try {
      return await sendDue(d, claim, owner, options);
    } finally {
      if (claim.claimed) await releaseLease(d, claim.holder);
    }
  };
  const report = d.locks ? await d.locks.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? underLease(true) : null)) : await underLease(false);
  return report ?? summarise(d, owner.email, { ran: false, sent: [], needsAttention: [], signInRequired: false, waiting: 0, nextAttemptAt: null });
}
