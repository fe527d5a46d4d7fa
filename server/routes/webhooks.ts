// Stripe webhooks (docs/architecture.md, "Payments"): verified on the raw body with STRIPE_WEBHOOK_SECRET, applied once
// per event id, and only ever moving an order forward (payment_intent.succeeded: Unpaid -> Paid, or the deposit of an
// order on account paid; an authorised card, payment_intent.amount_capturable_updated, is charged once the order's
// stock is taken; a payment of several invoices on account marks each of them paid).

import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type Stripe from 'stripe';
import { IdSchema } from '../../src/contract/fields';
import type { StripeWebhookAnswerSchema } from '../../src/contract/payment';
import { AppError, invalid, notFound } from '../errors';
import { intentAuthorisesFor, intentPaysFor } from '../payments/provider';
import { stripeClient } from '../payments/stripe';
import { findOrder } from '../repositories/orders';
import { applyInvoicePayment } from '../services/invoice-payments';
import { depositCharge, markDepositPaid, markOrderPaid } from '../services/orders';
import { recordPaymentEvent } from '../repositories/payment-events';
import { stripeWebhookSchema } from '../schemas/payments';

/** Stripe's events are a few kilobytes; anything far larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

type Outcome = v.InferOutput<typeof StripeWebhookAnswerSchema>['outcome'];

const webhooks: FastifyPluginAsync = async (app) => {
  const { config, database } = app.deps;
  const { db } = database;
  const payments = config.payments;

  // The signature covers the exact bytes Stripe sent, so this plugin (and only this one) keeps bodies raw.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const stripe = payments.provider === 'stripe' ? stripeClient(payments) : null;

  app.post('/webhooks/stripe', { schema: stripeWebhookSchema }, async (request, reply) => {
    if (!stripe || payments.provider !== 'stripe') throw notFound('Stripe webhooks');
    if (!payments.webhookSecret) throw new AppError('unavailable', 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw invalid('The request is not a signed Stripe event.');

    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, payments.webhookSecret);
    } catch {
      throw invalid('The Stripe signature does not match this body.');
    }

    const intent = event.type.startsWith('payment_intent.') ? (event.data.object as Stripe.PaymentIntent) : null;
    const orderIdText = intent?.metadata?.orderId;
    const orderId = v.is(IdSchema, orderIdText) ? orderIdText : null;

    if (event.type === 'payment_intent.amount_capturable_updated' && intent && orderId) {
      // A card authorised for an order that holds no stock yet (docs/decisions/027): its stock is taken
      // and the card charged, as when the payment page reports it. Outside a transaction, since charging
      // calls Stripe; a failure answers 500 and Stripe sends the event again, and repeating it is harmless.
      const order = await findOrder(db, orderId);
      const retrieved = { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency, orderId };
      let outcome: Outcome = 'ignored';
      if (order?.status === 'Unpaid' && intentAuthorisesFor(retrieved, order)) {
        try {
          outcome = (await app.services.orders.payWith(order, retrieved)) ? 'applied' : 'ignored';
        } catch (error) {
          // Sold out meanwhile: the authorisation is cancelled and the dealer is told on the payment page.
          if (!(error instanceof AppError && error.code === 'out_of_stock')) throw error;
        }
      }
      const recorded = await recordPaymentEvent(db, { eventId: event.id, type: event.type, orderId });
      return reply.status(200).send({ received: true, outcome: recorded ? outcome : 'duplicate' });
    }

    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      // Recorded in the same transaction as its effect: a failure leaves it unrecorded and Stripe retries.
      if (!(await recordPaymentEvent(tx, { eventId: event.id, type: event.type, orderId }))) return 'duplicate';
      if (event.type !== 'payment_intent.succeeded' || !intent || !orderId) return 'ignored';
      const order = await findOrder(tx, orderId);
      const retrieved = { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency, orderId };
      // A payment of several invoices from the dealer's invoice portal is bound to its own id, not an order's.
      if (!order) {
        const invoices = await applyInvoicePayment(tx, orderId, retrieved, request.log);
        if (invoices) return invoices.modifiedCount > 0 ? 'applied' : 'ignored';
      }
      // The deposit of an order on account (docs/decisions/047): it may ship from now on.
      const deposit = order ? depositCharge(order) : null;
      if (order && deposit && intentPaysFor(retrieved, deposit)) return (await markDepositPaid(tx, order.id, intent.id)) ? 'applied' : 'ignored';
      if (!order || !intentPaysFor(retrieved, order)) {
        request.log.warn({ eventId: event.id, orderId }, 'payment_intent.succeeded does not match its order; not applied');
        return 'ignored';
      }
      // Conditional: an order already Paid (by the payment page) or Shipped stays as it is.
      return (await markOrderPaid(tx, order.id, intent.id)) ? 'applied' : 'ignored';
    });
    return reply.status(200).send({ received: true, outcome });
  });
};
export default webhooks;
