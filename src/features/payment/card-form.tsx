// The card form of the processor the server uses (docs/architecture.md, "Payments"): Stripe's Elements when it
// has a publishable key, the sandbox's own form otherwise. For a payment other than one order's (several
// invoices at once, composed in src/routes/invoices.tsx); the form confirms the card and calls onPay.

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { queryKeys } from '../../api/query-keys';
import { getRuntimeConfig } from '../../api/runtime-config';
import { Spinner } from '../../ui/spinner';
import type { CardFormProps } from './card-form-props';
import { SandboxCardForm } from './sandbox-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

export function CardForm(props: CardFormProps) {
  const config = useQuery({ queryKey: queryKeys.runtimeConfig, queryFn: getRuntimeConfig, staleTime: Number.POSITIVE_INFINITY, meta: { persist: false } });
  const payments = config.data?.payments;
  if (config.isError) {
    return (
      <p role="alert" className="text-error">
        The payment settings could not be loaded: {config.error.message}
      </p>
    );
  }
  if (!payments) return <Spinner label="Loading the card form" />;
  if (payments.provider === 'stripe' && payments.publishableKey) {
    return (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <StripeCardForm publishableKey={payments.publishableKey} {...props} />
      </Suspense>
    );
  }
  return <SandboxCardForm {...props} />;
}
