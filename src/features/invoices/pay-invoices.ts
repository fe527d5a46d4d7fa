// POST /api/invoices/payment-intent and PATCH /api/invoices/payments/{id}: one card payment for several
// invoices on account. The server adds up the amount and makes the intent; once the card is confirmed, it
// asks the processor itself and marks every invoice paid, once.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { InvoicesPaymentIntentSchema, InvoicesPaymentResultSchema } from '../../contract/invoices-portal';

export function startInvoicesPayment(orderIds: string[]) {
  return apiRequest('/invoices/payment-intent', { method: 'POST', body: { orderIds }, auth: true, schema: InvoicesPaymentIntentSchema });
}

export function confirmInvoicesPayment(paymentId: string, transactionId: string) {
  return apiRequest(`/invoices/payments/${encodeURIComponent(paymentId)}`, {
    method: 'PATCH',
    body: { transactionId },
    auth: true,
    schema: InvoicesPaymentResultSchema,
  });
}

export function useStartInvoicesPayment() {
  return useMutation({ mutationFn: startInvoicesPayment });
}

/** Confirms the payment; the invoices and the orders are read again either way (the webhook may have applied it). */
export function useConfirmInvoicesPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, transactionId }: { paymentId: string; transactionId: string }) => confirmInvoicesPayment(paymentId, transactionId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
}
