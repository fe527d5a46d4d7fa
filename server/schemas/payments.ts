// What the payment routes take and answer (server/routes/payments.ts, server/routes/webhooks.ts).

import * as v from 'valibot';
import { ConfirmPaymentBodySchema, ModifiedCountSchema, PaymentIntentBodySchema, PaymentIntentResponseSchema } from '../../src/contract/order';
import { CardPaymentResultSchema, SandboxConfirmBodySchema, StripeWebhookAnswerSchema } from '../../src/contract/payment';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const providerDown = 'The payment processor cannot be reached; try again in a moment.';

export const paymentSchemas = {
  createIntent: routeSchema({
    summary: 'Start paying an order',
    description: 'A payment intent for the order’s total as the server computes it; its client secret confirms the card payment.',
    tag: 'Payments',
    access: 'signedIn',
    body: PaymentIntentBodySchema,
    answers: { 200: PaymentIntentResponseSchema },
    refusals: { 404: 'No such order of this account.', 409: 'The order is paid or shipped already.', 503: providerDown },
  }),
  confirm: routeSchema({
    summary: 'Report a card payment of an order',
    description:
      'The order turns Paid once the processor confirms that the payment succeeded for this order and its full amount. ' +
      '`modifiedCount` is 0 when that payment had already been applied.',
    tag: 'Payments',
    access: 'signedIn',
    params: IdParams,
    body: ConfirmPaymentBodySchema,
    answers: { 200: ModifiedCountSchema },
    refusals: {
      402: 'The processor does not know that payment.',
      409: 'The order is paid or shipped already, or the payment is not for it.',
      503: providerDown,
    },
  }),
  sandboxConfirm: routeSchema({
    summary: 'Confirm a card payment with the sandbox processor',
    description: 'Only when the server runs the sandbox processor (no real charge). A declined card is an answer too, with `error`.',
    tag: 'Payments',
    access: 'signedIn',
    body: SandboxConfirmBodySchema,
    answers: { 200: CardPaymentResultSchema },
  }),
};

export const stripeWebhookSchema = routeSchema({
  summary: 'Stripe’s events',
  description: 'Applied once per event id; a payment that succeeded (or was authorised) moves its order forward, never back.',
  tag: 'Payments',
  access: 'stripe',
  headers: v.object({ 'stripe-signature': v.string() }),
  rawBody: { media: 'application/json', schema: { type: 'object', description: 'A Stripe event, as Stripe signed it.' } },
  answers: { 200: StripeWebhookAnswerSchema },
  refusals: { 404: 'The server does not use Stripe.', 503: 'The webhook secret is not configured.' },
});
