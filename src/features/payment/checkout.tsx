// Paying one order (the spec, Payment): the card form of the configured processor, the Pay
// button off until the payment secret has arrived, and the outcome in words. Online only
// (docs/architecture.md, "Offline"). A confirmed order on account pays its deposit here the same way
// (docs/decisions/047-deposits-on-account.md).

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { queryKeys } from '../../api/query-keys';
import { getRuntimeConfig } from '../../api/runtime-config';
import { texts } from '../../contract/messages';
import { accountMessages } from '../../contract/account-terms';
import { dueByCard, type Order } from '../../contract/order';
import { useOnline } from '../offline/network-status';
import { Spinner } from '../../ui/spinner';
import type { CardFormProps } from './card-form-props';
import { usePaymentIntent } from './get-payment-intent';
import { SandboxCardForm } from './sandbox-card-form';
import { usePayOrder } from './use-pay-order';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

export interface CheckoutProps {
  order: Order;
  /** The billing name and e-mail the card is confirmed with (the spec). */
  billingName: string;
  billingEmail: string;
  /** Shown with a paid order: its invoice (the screen composes the download). */
  invoice?: ReactNode;
}

function PaidNotice({
  transactionId,
  justNow,
  invoice,
  deposit = false,
}: {
  transactionId: string | null;
  justNow: boolean;
  invoice: ReactNode;
  /** The deposit of an order on account was paid, not the order: it ships next, and its invoice comes then. */
  deposit?: boolean;
}) {
  const heading = deposit
    ? justNow
      ? 'Your deposit is paid. The order ships next; the invoice for the rest comes when it ships.'
      : 'The deposit of this order is paid.'
    : justNow
      ? texts.paymentCongrats
      : 'This order is paid.';
  return (
    <div className="grid gap-3 rounded-box border border-success/40 bg-[#ebf7ee] p-5" role={justNow ? 'status' : undefined}>
      <p className={justNow ? 'text-lg font-bold text-success' : 'font-semibold'}>{heading}</p>
      {transactionId ? (
        <p>
          Your transaction id:{' '}
          <code className="break-all font-mono font-bold" data-testid="transaction-id">
            {transactionId}
          </code>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        {invoice}
        <Link to="/dashboard/my-orders" className="link link-primary font-semibold">
          Back to My Orders
        </Link>
      </div>
    </div>
  );
}

export function Checkout({ order, billingName, billingEmail, invoice }: CheckoutProps) {
  const online = useOnline();
  const { state, pay } = usePayOrder(order._id);
  const config = useQuery({ queryKey: queryKeys.runtimeConfig, queryFn: getRuntimeConfig, staleTime: Number.POSITIVE_INFINITY, meta: { persist: false } });
  const due = dueByCard(order);
  const payable = due !== null && state.phase !== 'paid';
  const intent = usePaymentIntent(order._id, online && payable);
  // Which payment this page takes, fixed once paid so the notice stays right when the order reloads.
  const [deposit] = useState(() => due?.kind === 'deposit' || Boolean(order.depositPaidAt));

  if (state.phase === 'paid') return <PaidNotice transactionId={state.transactionId} justNow invoice={deposit ? null : invoice} deposit={deposit} />;
  if (!due) {
    if (order.depositPaidAt && order.status === 'Confirmed') return <PaidNotice transactionId={null} justNow={false} invoice={null} deposit />;
    if (order.paymentTerms && order.paymentTerms !== 'card' && order.status !== 'Shipped')
      return (
        <p className="font-semibold">
          {order.status === 'On hold' && (order.depositMinor ?? 0) > 0
            ? accountMessages.depositWhileOnHold
            : 'This order is on account: there is nothing to pay by card now.'}
        </p>
      );
    return <PaidNotice transactionId={order.transactionId} justNow={false} invoice={invoice} />;
  }

  const disabledReason = !online ? texts.needsNetwork : intent.isError ? intent.error.message : intent.isPending ? 'Preparing the payment...' : null;
  const formProps: CardFormProps = {
    clientSecret: intent.data?.clientSecret ?? null,
    disabledReason,
    paying: state.phase === 'paying',
    billing: { name: billingName, email: billingEmail },
    onPay: (clientSecret, confirmCard) => void pay(clientSecret, confirmCard),
  };
  const payments = config.data?.payments;

  return (
    <div className="grid gap-4">
      {config.isError ? (
        <p role="alert" className="text-error">
          The payment settings could not be loaded: {config.error.message}
        </p>
      ) : !payments ? (
        <Spinner label="Loading the card form" />
      ) : payments.provider === 'stripe' && payments.publishableKey ? (
        <Suspense fallback={<Spinner label="Loading the card form" />}>
          <StripeCardForm publishableKey={payments.publishableKey} {...formProps} />
        </Suspense>
      ) : (
        <SandboxCardForm {...formProps} />
      )}
      {state.phase === 'failed' ? (
        <p role="alert" className="font-medium text-error" data-testid="payment-error">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
