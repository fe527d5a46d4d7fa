// The one code path of a card payment, whichever processor confirms the card
// (docs/architecture.md, "Payments"): confirm the card with the client secret, then have the server check the
// payment and mark the order Paid.

import { useRef, useState } from 'react';
import { toast } from '../../ui/toast';
import { toasts } from '../../contract/messages';
import type { CardPaymentResult } from '../../contract/payment';
import { useConfirmOrderPayment } from './confirm-order-payment';

/** Stripe's confirmCardPayment or the sandbox's, reduced to the same answer. */
export type ConfirmCard = (clientSecret: string) => Promise<CardPaymentResult>;

export type PaymentState = { phase: 'idle' } | { phase: 'paying' } | { phase: 'failed'; message: string } | { phase: 'paid'; transactionId: string };

/** Each failure's toast has an id of its own (sonner keeps a dismissed id dismissed); a retry takes the last away. */
let failures = 0;

export function usePayOrder(orderId: string) {
  const confirmOrder = useConfirmOrderPayment(orderId);
  const [state, setState] = useState<PaymentState>({ phase: 'idle' });
  const failedToast = useRef<string | null>(null);

  const fail = (message: string) => {
    setState({ phase: 'failed', message });
    failures += 1;
    failedToast.current = `payment-failed-${failures}`;
    toast.error(toasts.paymentFailed, { id: failedToast.current });
  };

  async function pay(clientSecret: string, confirmCard: ConfirmCard): Promise<void> {
    setState({ phase: 'paying' });
    if (failedToast.current) toast.dismiss(failedToast.current);
    failedToast.current = null;
    let result: CardPaymentResult;
    try {
      result = await confirmCard(clientSecret);
    } catch (error) {
      result = { error: { message: error instanceof Error ? error.message : 'The card could not be confirmed.' } };
    }
    if ('error' in result) {
      fail(result.error.message);
      return;
    }
    const { id, status } = result.paymentIntent;
    // 'requires_capture': the card is authorised and the server charges it once the order's stock is taken
    // (docs/decisions/027); if a tool sold out meanwhile, it is not charged.
    if (status !== 'succeeded' && status !== 'requires_capture') {
      fail(`The payment has not gone through (${status.replaceAll('_', ' ')}).`);
      return;
    }
    try {
      await confirmOrder.mutateAsync(id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'Please try again.';
      fail(status === 'succeeded' ? `The card was charged, but the order could not be confirmed: ${reason} Your transaction id is ${id}.` : reason);
      return;
    }
    setState({ phase: 'paid', transactionId: id });
    toast.success(toasts.paymentSuccess);
  }

  return { state, pay };
}
