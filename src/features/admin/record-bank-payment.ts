// POST /api/orders/{id}/bank-payment (admin): the invoice of a shipped order on account was paid by bank
// transfer, with the reference the transfer came with.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { OrderSchema } from '../../contract/order';
import type { BankPaymentBody } from '../../contract/account-terms';

export function recordBankPayment({ id, payment }: { id: string; payment: BankPaymentBody }) {
  return apiRequest(`/orders/${encodeURIComponent(id)}/bank-payment`, { method: 'POST', auth: true, body: payment, schema: OrderSchema });
}

export function useRecordBankPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordBankPayment,
    // Under the orders root: the order's list, the receivables and the sales figures.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
