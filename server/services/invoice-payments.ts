// Paying several invoices on account with one card payment (the dealer's invoice portal, docs/decisions/044).
// The server chooses nothing the dealer sends but the invoices: it checks each is an unpaid invoice on account
// the dealer may pay, all of one company, adds up their amounts, and makes one intent bound to the payment's
// own id (an order's intent is bound to the order's id the same way, docs/architecture.md "Payments").
// Confirming it (the portal, a second time, or the processor's webhook) marks every invoice paid in one
// transaction, once.

import type { FastifyBaseLogger } from 'fastify';
import { invoicePaymentMessages as m, type InvoicesPaymentIntent, type InvoicesPaymentResult } from '../../src/contract/invoices-portal';
import { LIST_CURRENCY } from '../../src/contract/money';
import type { Db, Tx } from '../db/client';
import { AppError, forbidden, invalid, notFound } from '../errors';
import { intentPaysFor, PaymentLookupError, PaymentProviderError, type PaymentProvider, type RetrievedIntent } from '../payments/provider';
import {
  cancelInvoicePayment,
  findInvoicePayment,
  insertInvoicePayment,
  invoicesToPay,
  listPendingPaymentsOf,
  lockInvoicePayment,
  setInvoicePaymentIntent,
  setInvoicePaymentPaid,
  type InvoicePaymentRow,
  type InvoiceToPay,
} from '../repositories/invoice-portal';
import { currencyOf, invoiceNoOf, setAccountInvoicesPaid } from '../repositories/orders';
import { queueOrderMails } from './mail';

export interface InvoicePaymentService {
  /** One card payment for these invoices: its id, the amount the server added up, and the client secret. */
  start(userId: string, orderIds: string[]): Promise<InvoicesPaymentIntent>;
  /** The payment went through: every invoice of it is marked paid, once. */
  confirm(userId: string, paymentId: string, transactionId: string): Promise<InvoicesPaymentResult>;
}

/** What the provider checks an intent against: the payment's id and its amount in its currency. */
const chargeOf = (payment: InvoicePaymentRow) => ({ id: payment.id, totalMinor: payment.amount, currency: payment.currency });

function resultOf(payment: InvoicePaymentRow, modifiedCount: number): InvoicesPaymentResult {
  return {
    paymentId: payment.id,
    orderIds: payment.orderIds,
    amount: payment.amount,
    currency: currencyOf(payment),
    state: payment.state,
    transactionId: payment.transactionId,
    modifiedCount,
  };
}

function providerDown(error: unknown): never {
  if (error instanceof PaymentProviderError) throw new AppError('unavailable', `${error.message} Please try again in a moment.`);
  throw error;
}

const sameInvoices = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((id, i) => id === b[i]);

/**
 * Why these orders cannot be paid together, as the first problem found: one the dealer does not see, one paid
 * by card, not shipped yet, paid already, placed by a colleague, or of another company. Null when they can.
 */
function refusalOf(wanted: string[], found: InvoiceToPay[]): AppError | null {
  if (found.length !== wanted.length) return new AppError('not_found', m.notFound);
  for (const { order } of found) if (order.paymentTerms === 'card') return new AppError('invalid_state', m.notOnAccount(order.number));
  for (const { order } of found) if (order.status !== 'Shipped' || order.invoiceYear === null) return new AppError('invalid_state', m.notIssued(order.number));
  for (const { order } of found) if (order.paidAt !== null) return new AppError('invalid_state', m.alreadyPaid(invoiceNoOf(order) ?? order.number));
  for (const { order, mayAct } of found) if (!mayAct) return forbidden(m.notYours(order.number));
  // One company's open invoices share its currency; a card payment is in one currency either way.
  if (new Set(found.map(({ order }) => order.companyId)).size > 1 || new Set(found.map(({ order }) => order.currency)).size > 1) return invalid(m.oneCompany);
  return null;
}

/**
 * Applies a card payment to its invoices: the payment turns paid with the intent's id and every invoice of it
 * still unpaid is paid with it, in one transaction (a savepoint inside the caller's). The payment's row is
 * locked first, so of two confirmations (the portal twice, or the portal and the webhook) one applies it and
 * the other finds it paid. Null when no such payment exists or the intent did not pay it in full.
 */
export async function applyInvoicePayment(
  db: Tx,
  paymentId: string,
  intent: RetrievedIntent,
  log?: FastifyBaseLogger,
): Promise<{ payment: InvoicePaymentRow; modifiedCount: number } | null> {
  return db.transaction(async (tx) => {
    const payment = await lockInvoicePayment(tx, paymentId);
    if (!payment) return null;
    if (payment.state === 'paid') return { payment, modifiedCount: 0 };
    if (!intentPaysFor(intent, chargeOf(payment))) return null;
    const paid = await setInvoicePaymentPaid(tx, payment.id, intent.id);
    if (!paid) return { payment, modifiedCount: 0 };
    const orders = await setAccountInvoicesPaid(tx, paid.orderIds, { transactionId: intent.id });
    if (orders.length < paid.orderIds.length) {
      // Paid otherwise while the card was charged (a bank transfer the shop recorded): the shop refunds the difference.
      log?.warn({ paymentId, paid: orders.length, of: paid.orderIds.length }, 'invoice payment: some invoices were paid otherwise meanwhile');
    }
    // Each invoice's receipt to the dealer and the admins who hear of payments, as a card order's payment sends.
    for (const order of orders) await queueOrderMails(tx, 'paid', order);
    return { payment: paid, modifiedCount: orders.length };
  });
}

export function invoicePaymentService(deps: { db: Db; payments: PaymentProvider; log?: FastifyBaseLogger }): InvoicePaymentService {
  const { db, payments, log } = deps;

  const retrieved = async (intentId: string): Promise<RetrievedIntent | null> => {
    try {
      return await payments.retrieve(intentId);
    } catch (error) {
      if (error instanceof PaymentLookupError) return null;
      return providerDown(error);
    }
  };

  /**
   * An earlier payment of some of the same invoices no longer stands: its intent is cancelled so no card pays it
   * any more. If a card paid it first (a tab closed before confirming), it is applied instead.
   */
  async function retire(earlier: InvoicePaymentRow): Promise<void> {
    if (earlier.intentId) {
      let final: RetrievedIntent | null;
      try {
        final = await payments.cancel(earlier.intentId);
      } catch (error) {
        if (!(error instanceof PaymentLookupError)) return providerDown(error);
        final = null;
      }
      if (final && intentPaysFor(final, chargeOf(earlier))) {
        await applyInvoicePayment(db, earlier.id, final, log);
        return;
      }
    }
    await cancelInvoicePayment(db, earlier.id);
  }

  async function start(userId: string, orderIds: string[]): Promise<InvoicesPaymentIntent> {
    const wanted = [...orderIds].sort();
    // Refused before anything else is touched: nobody retires a payment of invoices they may not pay.
    const refused = refusalOf(wanted, await invoicesToPay(db, userId, wanted, { lock: false }));
    if (refused) throw refused;
    // The dealer's own earlier payment of exactly these invoices is asked for again (the page reloaded): it is
    // reused while its intent is open. Any other pending payment of them is retired first.
    let reusable: InvoicePaymentRow | null = null;
    for (const earlier of await listPendingPaymentsOf(db, wanted)) {
      if (!reusable && earlier.userId === userId && earlier.intentId && sameInvoices(earlier.orderIds, wanted)) {
        const intent = await retrieved(earlier.intentId);
        if (intent && intentPaysFor(intent, chargeOf(earlier))) {
          await applyInvoicePayment(db, earlier.id, intent, log);
          continue;
        }
        if (intent?.status !== 'canceled') {
          reusable = earlier;
          continue;
        }
      }
      await retire(earlier);
    }

    const stale: InvoicePaymentRow[] = [];
    const payment = await db.transaction(async (tx) => {
      const found = await invoicesToPay(tx, userId, wanted, { lock: true });
      const refusal = refusalOf(wanted, found);
      if (refusal) throw refusal;
      // Each invoice asks for its order's gross less the deposit paid before it shipped (docs/decisions/047).
      const amount = found.reduce((sum, { order }) => sum + order.totalMinor - order.depositMinor, 0);
      const currency = found[0] ? currencyOf(found[0].order) : LIST_CURRENCY;
      if (reusable?.amount === amount) {
        const still = await findInvoicePayment(tx, reusable.id);
        if (still?.state === 'pending') return still;
      }
      // Another tab started one of these meanwhile: this newer payment replaces it.
      for (const other of await listPendingPaymentsOf(tx, wanted)) {
        if (await cancelInvoicePayment(tx, other.id)) stale.push(other);
      }
      return insertInvoicePayment(tx, { userId, companyId: found[0]?.order.companyId ?? null, orderIds: wanted, amount, currency });
    });
    for (const other of stale) {
      if (other.intentId)
        await payments
          .cancel(other.intentId)
          .catch((error: unknown) => log?.warn({ err: error, paymentId: other.id }, 'replaced invoice payment not cancelled'));
    }

    try {
      const invoices = payment.orderIds.length === 1 ? 'invoice' : `${payment.orderIds.length} invoices`;
      const intent = await payments.createIntent({
        ...chargeOf(payment),
        paymentIntentId: payment.intentId,
        captureLater: false,
        description: `Forgeline ${invoices} on account, payment ${payment.id}`,
      });
      if (intent.intentId !== payment.intentId) await setInvoicePaymentIntent(db, payment.id, intent.intentId);
      return { paymentId: payment.id, orderIds: payment.orderIds, amount: payment.amount, currency: currencyOf(payment), clientSecret: intent.clientSecret };
    } catch (error) {
      return providerDown(error);
    }
  }

  async function confirm(userId: string, paymentId: string, transactionId: string): Promise<InvoicesPaymentResult> {
    const payment = await findInvoicePayment(db, paymentId);
    if (!payment || payment.userId !== userId) throw notFound(m.paymentNotFound);
    // Applied already (the webhook got here first, or this is the second confirmation): a success, not a conflict.
    if (payment.state === 'paid') {
      if (payment.transactionId === transactionId || payment.intentId === transactionId) return resultOf(payment, 0);
      throw new AppError('invalid_state', m.paidAlready);
    }
    let intent: RetrievedIntent;
    try {
      intent = await payments.retrieve(transactionId);
    } catch (error) {
      if (error instanceof PaymentLookupError) throw new AppError('payment_failed', 'That payment was not found.');
      return providerDown(error);
    }
    if (intent.status !== 'succeeded') throw new AppError('payment_failed', `The payment has not gone through (${intent.status.replaceAll('_', ' ')}).`);
    const applied = await applyInvoicePayment(db, payment.id, intent, log);
    if (!applied) throw new AppError('payment_failed', m.paymentMismatch);
    if (applied.modifiedCount === 0 && applied.payment.transactionId !== intent.id) throw new AppError('invalid_state', m.paidAlready);
    return resultOf(applied.payment, applied.modifiedCount);
  }

  return { start, confirm };
}
