// Card payment of one order (docs/architecture.md, "Payments"): the server makes the payment intent from the order
// itself, and an order turns Paid only once the provider confirms the intent succeeded for this order
// and for its full amount. A confirmed order on account whose deposit is due pays its deposit the same way
// (docs/decisions/047-deposits-on-account.md): the intent is for the deposit, and paying it lets the order ship.

import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { ConfirmPaymentBodySchema, PaymentIntentBodySchema } from '../../src/contract/order';
import { SandboxConfirmBodySchema } from '../../src/contract/payment';
import { currentUser } from '../auth/guards';
import { AppError } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { intentAuthorisesFor, intentPaysFor, PaymentLookupError, PaymentProviderError, type RetrievedIntent } from '../payments/provider';
import { accountMessages } from '../../src/contract/account-terms';
import { findOrder, setDepositIntent, setPaymentIntent, type OrderRow } from '../repositories/orders';
import { depositCharge, orderToActOn } from '../services/orders';
import { paymentSchemas as schemas } from '../schemas/payments';

/** Why nothing is to be paid by card on this order: paid or shipped already, its deposit paid, on hold, or on account. */
function alreadyPaid(order: OrderRow): AppError {
  if (order.paymentTerms !== 'card' && order.status !== 'Shipped') {
    if (order.depositMinor > 0 && order.status === 'On hold') return new AppError('invalid_state', accountMessages.depositWhileOnHold);
    if (order.depositPaidAt !== null) return new AppError('invalid_state', 'The deposit of this order is paid already.');
    return new AppError('invalid_state', `This order is on account (${order.status}): there is nothing to pay by card now.`);
  }
  return new AppError('invalid_state', `This order is ${order.status === 'Shipped' ? 'shipped' : 'paid'} already.`);
}

function providerDown(error: unknown): never {
  if (error instanceof PaymentProviderError) throw new AppError('unavailable', `${error.message} Please try again in a moment.`);
  throw error;
}

const payments: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const provider = app.services.payments;
  const signedIn = app.guards.signedIn;

  /** The order this user may pay: their own, or their company's for its company admin (orderToActOn). */
  const ownOrder = (id: string, userId: string): Promise<OrderRow> => orderToActOn(db, id, userId);

  app.post('/create-payment-intent', { preHandler: signedIn, schema: schemas.createIntent }, async (request) => {
    const user = currentUser(request);
    const { orderId } = parseBody(PaymentIntentBodySchema, request.body);
    const order = await ownOrder(orderId, user.id);
    const deposit = depositCharge(order);
    if (order.status !== 'Unpaid' && !deposit) throw alreadyPaid(order);
    const charge = deposit ?? order;
    try {
      if (order.paymentIntentId) {
        // The earlier intent may have succeeded while its confirmation never reached us (a closed tab).
        const earlier = await provider.retrieve(order.paymentIntentId).catch((error: unknown) => {
          if (error instanceof PaymentLookupError) return null;
          throw error;
        });
        // Or it was authorised and the charge never made: that finishes the payment now.
        if (earlier && (intentPaysFor(earlier, charge) || intentAuthorisesFor(earlier, charge))) {
          await app.services.orders.payWith(order, earlier);
          throw alreadyPaid((await findOrder(db, order.id)) ?? order);
        }
      }
      const intent = await provider.createIntent({
        id: order.id,
        totalMinor: charge.totalMinor,
        currency: order.currency,
        paymentIntentId: order.paymentIntentId,
        // An order on account holds its stock from the start: its deposit is charged at once.
        captureLater: !deposit && !order.holdsStock,
        ...(deposit ? { description: `Forgeline order ${order.number}, deposit` } : {}),
      });
      const bound = deposit ? await setDepositIntent(db, order.id, intent.intentId) : await setPaymentIntent(db, order.id, intent.intentId);
      if (!bound) throw alreadyPaid((await findOrder(db, order.id)) ?? order);
      return { clientSecret: intent.clientSecret };
    } catch (error) {
      return providerDown(error);
    }
  });

  app.patch<{ Params: { id: string } }>('/order/:id', { preHandler: signedIn, schema: schemas.confirm }, async (request) => {
    const user = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, 'That order');
    const { transactionId } = parseBody(ConfirmPaymentBodySchema, request.body);
    const order = await ownOrder(id, user.id);
    // The webhook may have got here first with the same payment: that is a success, not a conflict. (An
    // intent charged by the server after its authorisation may carry another id once charged.)
    if (order.status !== 'Unpaid' && !depositCharge(order)) {
      if ([order.transactionId, order.paymentIntentId, order.depositTransactionId].includes(transactionId)) return { modifiedCount: 0 };
      throw alreadyPaid(order);
    }
    let intent: RetrievedIntent;
    try {
      intent = await provider.retrieve(transactionId);
    } catch (error) {
      if (error instanceof PaymentLookupError) throw new AppError('payment_failed', 'That payment was not found.');
      return providerDown(error);
    }
    try {
      if (await app.services.orders.payWith(order, intent)) return { modifiedCount: 1 };
    } catch (error) {
      return providerDown(error);
    }
    const now = await findOrder(db, order.id);
    if (now?.transactionId === intent.id || now?.depositTransactionId === intent.id) return { modifiedCount: 0 };
    throw alreadyPaid(now ?? order);
  });

  if (provider.name === 'sandbox' && 'confirm' in provider) {
    // The sandbox's confirmCardPayment. Declines are the processor's answer, not a failed request,
    // so both outcomes are 200 in the shape Stripe.js resolves with.
    app.post('/sandbox/confirm', { preHandler: signedIn, schema: schemas.sandboxConfirm }, async (request) => {
      const body = parseBody(SandboxConfirmBodySchema, request.body);
      return provider.confirm(body);
    });
  }
};
export default payments;
