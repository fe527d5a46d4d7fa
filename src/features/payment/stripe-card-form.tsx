// The Stripe card form: Stripe.js is loaded here and only here, when the payment page opens with the
// Stripe provider (@stripe/stripe-js/pure injects nothing until loadStripe is called).

import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';
import type { CardPaymentResult } from '../../contract/payment';
import type { CardFormProps } from './card-form-props';
import { PayButton } from './pay-button';

const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    // A failed load may be retried on the next visit (the network may be back).
    promise.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, promise);
  }
  return promise;
}

function StripeFields({ clientSecret, disabledReason, paying, billing, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);

  const confirmCard = async (secret: string): Promise<CardPaymentResult> => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return { error: { message: 'The card form is not ready yet. Please wait a moment.' } };
    const result = await stripe.confirmCardPayment(secret, { payment_method: { card, billing_details: { name: billing.name, email: billing.email } } });
    if (result.error) {
      return { error: { message: result.error.message ?? 'The payment failed.', ...(result.error.code ? { code: result.error.code } : {}) } };
    }
    return { paymentIntent: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (clientSecret) onPay(clientSecret, confirmCard);
      }}
    >
      <div>
        <span className="mb-1 block font-medium">Card details</span>
        <div className="rounded-field border border-base-300 bg-base-100 px-3 py-3.5">
          <CardElement
            options={{
              hidePostalCode: false,
              style: { base: { fontSize: '16px', color: '#1f2933', '::placeholder': { color: '#616e7c' } }, invalid: { color: '#c92a2a' } },
            }}
            onChange={(event) => setComplete(event.complete)}
          />
        </div>
      </div>
      <PayButton ready={clientSecret !== null && stripe !== null && complete} paying={paying} disabledReason={disabledReason} />
    </form>
  );
}

export default function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    stripe.then(
      (instance) => {
        if (live && !instance) setFailed(true);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [stripe]);

  if (failed) {
    return (
      <p role="alert" className="rounded-box bg-error/10 px-4 py-3 text-error">
        The card form could not be loaded: Stripe.js did not load. Check your connection, or whether a content blocker stops js.stripe.com, and reload the page.
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeFields {...props} />
    </Elements>
  );
}
