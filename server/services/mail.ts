// The shop's e-mails (docs/decisions/013-invoices-and-mail-queue.md): who gets which order mail, queued in
// the transaction that changes the order, and the sender of every mail of the queue, order mails,
// invitations to join a company and the shop's answer to a company alike. The background job calls sendDue() every
// MAIL_INTERVAL_SECONDS; requests only ever put mails in the queue, so a slow or broken mail server never
// slows or fails an order, a payment or a shipment.

import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { isCompanyDecisionMail, isOrderMail, type MailFailures, type OrderMailKind } from '../../src/contract/mail';
import { SHIP_UNDO_MS } from '../../src/contract/order';
import type { MailConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { invoiceFileName, renderInvoicePdf } from '../invoices/invoice-pdf';
import { invoiceOf } from '../invoices/issued-invoice';
import { invitationLink, invitationToken } from '../lib/invitation-token';
import { renderCompanyDecisionMail, renderInvitationMail, renderMail, type MailContent } from '../mail/templates';
import { findCompanyDecisionForMail } from '../repositories/companies';
import { findInvitationForMail } from '../repositories/company-invitations';
import { findOrderDocument } from '../repositories/invoices';
import { findApproval } from '../repositories/order-approvals';
import { claimDueMails, listMailFailures, markMailFailed, markMailSent, queueMails, recipientIsVerified, type ClaimedMail } from '../repositories/mail-queue';
import type { OrderRow } from '../repositories/orders';
import { adminsToTellOfPayments, hasVerifiedAddress } from '../repositories/users';
import { queueOrderPushes } from './push';

/** What happens to an order that its dealer hears of by mail. */
export type OrderEvent = 'placed' | 'paid' | 'deposit_paid' | 'shipped' | 'released' | 'refused' | 'reminder';

const DEALER_MAIL: Record<OrderEvent, OrderMailKind> = {
  placed: 'order_placed',
  paid: 'order_paid',
  deposit_paid: 'order_deposit_paid',
  shipped: 'order_shipped',
  released: 'order_released',
  refused: 'order_refused',
  reminder: 'invoice_reminder',
};

/**
 * The shipping notice waits until shipping can no longer be undone (SHIP_UNDO_MS), and a few seconds more,
 * so an undo always finds it still in the queue and the dealer never hears of a shipping taken back.
 */
const DEALER_MAIL_DELAY: Record<OrderEvent, number> = {
  placed: 0,
  paid: 0,
  deposit_paid: 0,
  shipped: SHIP_UNDO_MS + 5_000,
  released: 0,
  refused: 0,
  reminder: 0,
};

/**
 * Queues the mails an order event sends, inside the transaction that makes the change, so they are queued
 * once, exactly when it commits. Who gets which mail (docs/decisions/026-mail-only-to-verified-addresses.md):
 * - the dealer, at the address on the order, while their account still has that address and it is verified;
 * - for a payment, every admin who wants a mail for each paid order, at a verified address.
 * Nobody else, and never an address nobody has proven to own. The same event's notifications on devices are
 * queued with them (server/services/push.ts).
 */
export async function queueOrderMails(
  tx: Tx,
  event: OrderEvent,
  order: Pick<OrderRow, 'id' | 'userId' | 'userEmail'> & { status?: OrderRow['status'] },
): Promise<void> {
  if (order.userId && (await hasVerifiedAddress(tx, order.userId, order.userEmail)))
    await queueMails(tx, DEALER_MAIL[event], order.id, [order.userEmail], DEALER_MAIL_DELAY[event]);
  if (event === 'paid') await queueMails(tx, 'order_paid_admin', order.id, await adminsToTellOfPayments(tx));
  if (event === 'deposit_paid') await queueMails(tx, 'order_deposit_paid_admin', order.id, await adminsToTellOfPayments(tx));
  // An order on account on hold waits for an admin: the admins who hear of paid orders hear of it too.
  if (event === 'placed' && order.status === 'On hold') await queueMails(tx, 'order_on_hold_admin', order.id, await adminsToTellOfPayments(tx));
  await queueOrderPushes(tx, event, order.id);
}

/**
 * The mails the invoice PDF goes with: the payment confirmation of a card order, and for an order on account
 * the shipping notice (its invoice is issued when it ships) and the reminder of its unpaid invoice.
 */
export function invoiceAttached(kind: OrderMailKind, order: Pick<OrderRow, 'paymentTerms'>): boolean {
  if (kind === 'order_paid') return true;
  return order.paymentTerms !== 'card' && (kind === 'order_shipped' || kind === 'invoice_reminder');
}

/** One mail is claimed at a time, for longer than its send can take with the timeouts below. */
const LEASE_MS = 2 * 60_000;
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** A mail the shop will not send, whatever the mail server says. */
class NotSent extends Error {}

export interface MailRun {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for the last time: given up, and shown to admins. */
  failed: number;
}

export interface MailService {
  /** Sends every mail that is due, one at a time, until none is left or one fails. */
  sendDue(): Promise<MailRun>;
  failures(limit?: number): Promise<MailFailures>;
  close(): void;
}

/** The wait after the `attempts`-th failed try: the base, doubled each time, at most the maximum. */
export function retryDelay(config: Pick<MailConfig, 'retryBaseMs' | 'retryMaxMs'>, attempts: number): number {
  return Math.min(config.retryBaseMs * 2 ** Math.max(0, attempts - 1), config.retryMaxMs);
}

/** What an invitation's link is made of: the shop's public address and the secret its token is derived with. */
export interface InvitationLinks {
  publicUrl: string;
  secret: string;
}

export function mailService(deps: { db: Db; mail: MailConfig; heldFor: number; links: InvitationLinks; log: FastifyBaseLogger }): MailService {
  const { db, mail, heldFor, links, log } = deps;
  const transport = mail.smtpUrl ? createTransport({ url: mail.smtpUrl, ...TIMEOUTS }, { from: mail.from }) : null;

  /** The order mail's content and attachment; null when the order is gone (its rows cascade to its mails). */
  async function orderMail(
    claimed: ClaimedMail,
  ): Promise<{ content: MailContent; attachments: { filename: string; content: Buffer; contentType: string }[] } | null> {
    const kind = claimed.kind;
    if (!isOrderMail(kind) || !claimed.orderId) throw new NotSent(`Not sent: a ${kind} mail names no order.`);
    const doc = await findOrderDocument(db, claimed.orderId);
    if (!doc) return null;
    if (!(await recipientIsVerified(db, claimed))) throw new NotSent(`Not sent: ${claimed.recipient} is not a verified address of this order's account.`);
    // An approver is asked only while the order still waits: decided meanwhile, the buyer's mail says so instead.
    if (kind === 'order_approval_waiting' && doc.order.status !== 'Awaiting approval')
      throw new NotSent(`Not sent: the order was decided (${doc.order.status}) before the approvers' mail went out.`);
    const heldUntil = doc.order.status === 'Unpaid' ? new Date(doc.order.createdAt.getTime() + heldFor) : null;
    const approval = await findApproval(db, claimed.orderId);
    const content = renderMail(kind, { order: doc.order, lines: doc.lines, heldUntil, approval });
    const invoice = invoiceAttached(kind, doc.order) ? invoiceOf(doc) : null;
    const attachments = invoice
      ? [{ filename: invoiceFileName(invoice.invoiceNo), content: await renderInvoicePdf(invoice), contentType: 'application/pdf' }]
      : [];
    return { content, attachments };
  }

  /**
   * The invitation mail goes to the address invited, which nobody has verified yet: the verified company
   * admin who sent it vouches for it. It goes only while the invitation is open and names that address.
   */
  async function invitationMail(claimed: ClaimedMail): Promise<MailContent | null> {
    if (!claimed.invitationId) throw new NotSent('Not sent: the invitation mail names no invitation.');
    const invitation = await findInvitationForMail(db, claimed.invitationId);
    if (!invitation) return null;
    if (invitation.state !== 'open') throw new NotSent(`Not sent: the invitation was ${invitation.state} before its mail went out.`);
    if (invitation.email !== claimed.recipient) throw new NotSent(`Not sent: ${claimed.recipient} is not the address this invitation is for.`);
    if (!invitation.inviterEmail) throw new NotSent('Not sent: the account that sent the invitation is gone.');
    return renderInvitationMail({
      companyName: invitation.companyName,
      inviterName: invitation.inviterName,
      inviterEmail: invitation.inviterEmail,
      email: invitation.email,
      role: invitation.role,
      link: invitationLink(links.publicUrl, invitationToken(links.secret, claimed.invitationId)),
      expiresAt: invitation.expiresAt,
    });
  }

  /** The shop's answer to a company, to a verified company admin of it, while the company's status still says it. */
  async function decisionMail(claimed: ClaimedMail): Promise<MailContent | null> {
    const kind = claimed.kind;
    if (!isCompanyDecisionMail(kind) || !claimed.companyId) throw new NotSent(`Not sent: a ${kind} mail names no company.`);
    const company = await findCompanyDecisionForMail(db, claimed.companyId, claimed.recipient);
    if (!company) return null;
    const status = kind === 'company_approved' ? 'approved' : 'rejected';
    if (company.status !== status) throw new NotSent(`Not sent: the company is ${company.status} now, no longer ${status}.`);
    if (!(await recipientIsVerified(db, claimed)))
      throw new NotSent(`Not sent: ${claimed.recipient} is not a verified address of a company admin of this company.`);
    return renderCompanyDecisionMail(kind, { companyName: company.companyName, recipientName: company.recipientName, reason: company.statusReason });
  }

  async function send(claimed: ClaimedMail): Promise<void> {
    if (!transport) throw new Error('no mail server is configured');
    let made: { content: MailContent; attachments: { filename: string; content: Buffer; contentType: string }[] } | null;
    if (claimed.kind === 'company_invitation') {
      const content = await invitationMail(claimed);
      made = content && { content, attachments: [] };
    } else if (isCompanyDecisionMail(claimed.kind)) {
      const content = await decisionMail(claimed);
      made = content && { content, attachments: [] };
    } else {
      made = await orderMail(claimed);
    }
    // What the mail is about was deleted meanwhile (its rows cascade to its mails): nothing to say.
    if (!made) return;
    const { content, attachments } = made;
    await transport.sendMail({ to: claimed.recipient, subject: content.subject, text: content.text, html: content.html, attachments });
  }

  async function sendDue(): Promise<MailRun> {
    const run: MailRun = { sent: 0, retrying: 0, failed: 0 };
    if (!transport) return run;
    for (;;) {
      const [claimed] = await claimDueMails(db, 1, LEASE_MS);
      if (!claimed) return run;
      try {
        await send(claimed);
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        if (error instanceof NotSent) {
          // Not the mail server's fault: nothing to try again, and the other mails go on.
          await markMailFailed(db, claimed.id, reason, null);
          run.failed += 1;
          log.warn({ mailId: claimed.id, kind: claimed.kind, orderId: claimed.orderId }, reason);
          continue;
        }
        const last = claimed.attempts >= mail.maxAttempts;
        const retryAt = last ? null : new Date(Date.now() + retryDelay(mail, claimed.attempts));
        await markMailFailed(db, claimed.id, reason, retryAt);
        const facts = { mailId: claimed.id, kind: claimed.kind, orderId: claimed.orderId, attempts: claimed.attempts, reason };
        if (last) {
          run.failed += 1;
          log.error(facts, 'e-mail given up after its last try; admins see it under mail failures');
        } else {
          run.retrying += 1;
          log.warn({ ...facts, retryAt }, 'e-mail not sent; it is tried again later');
        }
        // The mail server is most likely down: the other mails wait for the next run rather than each
        // spending one of their tries on it.
        return run;
      }
      await markMailSent(db, claimed.id);
      run.sent += 1;
    }
  }

  return {
    sendDue,
    failures: (limit = 50) => listMailFailures(db, limit),
    close: () => transport?.close(),
  };
}
