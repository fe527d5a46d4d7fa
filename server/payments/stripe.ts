// The Stripe provider: PaymentIntents through the official SDK (docs/architecture.md, "Payments"). STRIPE_API_BASE
// points the SDK at another host, which is how the tests run it against a local stand-in.

import Stripe from 'stripe';
import { PaymentLookupError, PaymentProviderError, type ChargeableOrder, type CreatedIntent, type PaymentProvider, type RetrievedIntent } from './provider';

export interface StripeSettings {
  secretKey: string;
  apiBase: string | null;
}

export function stripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'forgeline-storefront' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

function toRetrieved(intent: Stripe.PaymentIntent): RetrievedIntent {
  return { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency, orderId: intent.metadata.orderId ?? null };
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404);
}

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);

  async function reusable(order: ChargeableOrder): Promise<Stripe.PaymentIntent | null> {
    if (!order.paymentIntentId) return null;
    try {
      const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
      const open = intent.status !== 'canceled' && intent.status !== 'succeeded';
      const sameCapture =
        intent.capture_method === (order.captureLater ? 'manual' : 'automatic') || (!order.captureLater && intent.capture_method === 'automatic_async');
      return open &&
        sameCapture &&
        intent.amount === order.totalMinor &&
        intent.currency === order.currency.toLowerCase() &&
        intent.metadata.orderId === order.id &&
        intent.client_secret
        ? intent
        : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    name: 'stripe',

    async createIntent(order) {
      try {
        const intent =
          (await reusable(order)) ??
          (await stripe.paymentIntents.create(
            {
              amount: order.totalMinor,
              currency: order.currency.toLowerCase(),
              payment_method_types: ['card'],
              // Authorise only: the server charges the card once the order's stock is taken (docs/decisions/027).
              ...(order.captureLater ? { capture_method: 'manual' as const } : {}),
              description: order.description ?? `Forgeline order ${order.id}`,
              metadata: { orderId: order.id },
            },
            // One key per order and per earlier intent: a retried request never makes a second intent.
            { idempotencyKey: `order-${order.id}-after-${order.paymentIntentId ?? 'none'}${order.captureLater ? '-authorise' : ''}` },
          ));
        if (!intent.client_secret) throw new PaymentProviderError('Stripe answered without a client secret.');
        return { clientSecret: intent.client_secret, intentId: intent.id } satisfies CreatedIntent;
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError('The payment service could not start this payment.', { cause: error });
      }
    },

    async retrieve(intentId) {
      try {
        return toRetrieved(await stripe.paymentIntents.retrieve(intentId));
      } catch (error) {
        if (isMissing(error)) throw new PaymentLookupError();
        throw new PaymentProviderError('The payment service could not be reached.', { cause: error });
      }
    },

    async capture(intentId) {
      try {
        const intent = await stripe.paymentIntents.retrieve(intentId);
        if (intent.status !== 'requires_capture') return toRetrieved(intent);
        // One key per intent: a retried capture is answered with the first one's result.
        return toRetrieved(await stripe.paymentIntents.capture(intentId, {}, { idempotencyKey: `capture-${intentId}` }));
      } catch (error) {
        if (isMissing(error)) throw new PaymentLookupError();
        throw new PaymentProviderError('The payment service could not charge this payment.', { cause: error });
      }
    },

    async cancel(intentId) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(intentId);
        if (intent.status !== 'succeeded' && intent.status !== 'canceled' && intent.status !== 'processing') {
          intent = await stripe.paymentIntents.cancel(intentId);
        }
      } catch (error) {
        if (isMissing(error)) throw new PaymentLookupError();
        // A payment that completed between the two calls makes the cancel fail: its state is the answer.
        const now = await stripe.paymentIntents.retrieve(intentId).catch(() => null);
        if (now?.status === 'succeeded' || now?.status === 'canceled') return toRetrieved(now);
        throw new PaymentProviderError('The payment service could not be reached.', { cause: error });
      }
      if (intent.status === 'processing') throw new PaymentProviderError('A card payment for this order is still being processed.');
      return toRetrieved(intent);
    },
  };
}
