// Paying the chosen invoices with one card payment, as the payment page pays one order
// (src/features/payment/use-pay-order.ts): the server makes the intent for their sum, the card form confirms
// the card with its client secret, then the server checks the payment and marks every invoice paid.

import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import type { InvoicesPaymentIntent } from '../../contract/invoices-portal';
import { toasts } from '../../contract/messages';
import type { CurrencyCode } from '../../contract/money';
import type { CardPaymentResult } from '../../contract/payment';
import { toast } from '../../ui/toast';
import { useConfirmInvoicesPayment, useStartInvoicesPayment } from './pay-invoices';

/** Stripe's confirmCardPayment or the sandbox's, reduced to the same answer (the card form supplies it). */
export type ConfirmCard = (clientSecret: string) => Promise<CardPaymentResult>;

export type InvoicesPaymentState =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | { phase: 'ready'; intent: InvoicesPaymentIntent }
  | { phase: 'paying'; intent: InvoicesPaymentIntent }
  | { phase: 'failed'; intent: InvoicesPaymentIntent | null; message: string }
  | { phase: 'paid'; amount: number; currency: CurrencyCode; count: number; transactionId: string };

export function usePayInvoices() {
  const startPayment = useStartInvoicesPayment();
  const confirmPayment = useConfirmInvoicesPayment();
  const [state, setState] = useState<InvoicesPaymentState>({ phase: 'idle' });

  const fail = (intent: InvoicesPaymentIntent | null, message: string) => {
    setState({ phase: 'failed', intent, message });
    toast.error(toasts.paymentFailed, { id: 'invoices-payment-failed' });
  };

  /** Asks the server for one payment of these invoices; its amount is the server's sum. */
  async function start(orderIds: string[]): Promise<void> {
    setState({ phase: 'preparing' });
    toast.dismiss('invoices-payment-failed');
    try {
      setState({ phase: 'ready', intent: await startPayment.mutateAsync(orderIds) });
    } catch (error) {
      setState({ phase: 'failed', intent: null, message: errorMessage(error) });
    }
  }

  async function pay(intent: InvoicesPaymentIntent, confirmCard: ConfirmCard): Promise<void> {
    setState({ phase: 'paying', intent });
    toast.dismiss('invoices-payment-failed');
    let result: CardPaymentResult;
    try {
      result = await confirmCard(intent.clientSecret);
    } catch (error) {
      result = { error: { message: error instanceof Error ? error.message : 'The card could not be confirmed.' } };
    }
    if ('error' in result) {
      fail(intent, result.error.message);
      return;
    }
    const { id, status } = result.paymentIntent;
    if (status !== 'succeeded') {
      fail(intent, `The payment has not gone through (${status.replaceAll('_', ' ')}).`);
      return;
    }
    try {
      const paid = await confirmPayment.mutateAsync({ paymentId: intent.paymentId, transactionId: id });
      setState({ phase: 'paid', amount: paid.amount, currency: paid.currency, count: paid.orderIds.length, transactionId: id });
      toast.success(toasts.paymentSuccess);
    } catch (error) {
      fail(intent, `The card was charged, but the invoices could not be marked paid: ${errorMessage(error)} Your transaction id is ${id}.`);
    }
  }

  const reset = () => setState({ phase: 'idle' });

  return { state, start, pay, reset };
}
