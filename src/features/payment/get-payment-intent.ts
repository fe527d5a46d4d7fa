// POST /api/create-payment-intent: the client secret for paying one order. The server makes the intent
// from the order itself and reuses an open one, so asking again is safe.

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { PaymentIntentResponseSchema } from '../../contract/order';

export function createPaymentIntent(orderId: string, signal?: AbortSignal) {
  return apiRequest('/create-payment-intent', { method: 'POST', body: { orderId }, auth: true, schema: PaymentIntentResponseSchema, signal });
}

export const paymentIntentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.paymentIntent(orderId),
    queryFn: ({ signal }) => createPaymentIntent(orderId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    // A client secret is a credential for this payment: never written to the persisted cache.
    meta: { persist: false },
  });

export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(orderId), enabled });
}
