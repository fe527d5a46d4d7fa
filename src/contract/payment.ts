// Card payment shapes shared by the payment page and the server (docs/architecture.md, "Payments").

import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './constants';

/**
 * What confirming a card payment answers, for Stripe's confirmCardPayment and the sandbox alike:
 * either the payment intent or the processor's error, so the payment page has one code path.
 */
export const CardPaymentResultSchema = v.union([
  v.object({ paymentIntent: v.object({ id: v.string(), status: v.string() }) }),
  v.object({ error: v.object({ message: v.string(), code: v.optional(v.string()), decline_code: v.optional(v.string()) }) }),
]);
export type CardPaymentResult = v.InferOutput<typeof CardPaymentResultSchema>;

const cardText = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** Body of POST /api/sandbox/confirm: the sandbox processor's stand-in for confirmCardPayment. */
export const SandboxConfirmBodySchema = v.strictObject({
  clientSecret: v.pipe(v.string('clientSecret is required'), v.nonEmpty('clientSecret is required'), v.maxLength(300)),
  card: v.strictObject({
    number: cardText(40),
    expMonth: v.pipe(v.number('expMonth must be a number'), v.integer('expMonth must be a whole number')),
    expYear: v.pipe(v.number('expYear must be a number'), v.integer('expYear must be a whole number')),
    cvc: cardText(8),
  }),
  billingDetails: v.optional(
    v.strictObject({
      name: v.optional(cardText(NAME_MAX_LENGTH)),
      email: v.optional(cardText(EMAIL_MAX_LENGTH)),
    }),
  ),
});
export type SandboxConfirmBody = v.InferOutput<typeof SandboxConfirmBodySchema>;

/** What POST /api/webhooks/stripe answers Stripe: whether the event moved an order, or was seen before. */
export const StripeWebhookAnswerSchema = v.object({ received: v.literal(true), outcome: v.picklist(['applied', 'duplicate', 'ignored']) });

/** Shown on the sandbox card form, so nobody mistakes it for a real checkout. */
export const SANDBOX_NOTICE = 'Test mode: no real charge';
