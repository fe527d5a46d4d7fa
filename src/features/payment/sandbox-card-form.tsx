// The sandbox's plain card form (docs/architecture.md, "Payments"), marked as test mode. The card goes to our
// own server's sandbox processor, which answers like Stripe's confirmCardPayment.

import { useId, useState } from 'react';
import { SANDBOX_NOTICE, type CardPaymentResult } from '../../contract/payment';
import type { CardFormProps } from './card-form-props';
import { confirmSandboxPayment } from './confirm-sandbox-payment';
import { PayButton } from './pay-button';

/** Groups the digits in fours as they are typed, as card forms do. */
function formatCardNumber(text: string): string {
  return text
    .replace(/\D/gu, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/gu, '$1 ');
}

function formatExpiry(text: string): string {
  const digits = text.replace(/\D/gu, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** "MM / YY" to numbers; null while incomplete. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/u.exec(text.trim());
  if (!match) return null;
  return { expMonth: Number(match[1]), expYear: Number(match[2]) };
}

export function SandboxCardForm({ clientSecret, disabledReason, paying, billing, onPay }: CardFormProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  const confirmCard = async (secret: string): Promise<CardPaymentResult> => {
    // Like Stripe Elements, an incomplete date never reaches the processor.
    const exp = parseExpiry(expiry);
    if (!exp) return { error: { message: "Your card's expiration date is incomplete.", code: 'incomplete_expiry' } };
    return confirmSandboxPayment({ clientSecret: secret, card: { number, cvc, ...exp }, billingDetails: billing });
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      aria-describedby={`${id}-mode`}
      onSubmit={(event) => {
        event.preventDefault();
        if (clientSecret) onPay(clientSecret, confirmCard);
      }}
    >
      <div id={`${id}-mode`} className="rounded-box border border-dashed border-warning bg-warning/15 px-4 py-3 text-sm">
        <p className="font-bold">{SANDBOX_NOTICE}</p>
        <p>
          Use the test card <span className="whitespace-nowrap font-mono">4242 4242 4242 4242</span> with any future date and any CVC.
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-number`} className="mb-1 block font-medium">
          Card number
        </label>
        <input
          id={`${id}-number`}
          className="input w-full font-mono"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(event) => setNumber(formatCardNumber(event.target.value))}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor={`${id}-expiry`} className="mb-1 block font-medium">
            Expiry (MM / YY)
          </label>
          <input
            id={`${id}-expiry`}
            className="input w-full font-mono"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          />
        </div>
        <div>
          <label htmlFor={`${id}-cvc`} className="mb-1 block font-medium">
            CVC
          </label>
          <input
            id={`${id}-cvc`}
            className="input w-full font-mono"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/gu, '').slice(0, 4))}
          />
        </div>
      </div>
      <PayButton ready={clientSecret !== null} paying={paying} disabledReason={disabledReason} />
    </form>
  );
}
