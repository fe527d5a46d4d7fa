// POST /api/orders/{id}/reminder (admin): mails the dealer a reminder of a shipped order's unpaid invoice on account.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { InvoiceReminderSchema } from '../../contract/receivables';

export function sendInvoiceReminder(id: string) {
  return apiRequest(`/orders/${encodeURIComponent(id)}/reminder`, { method: 'POST', auth: true, schema: InvoiceReminderSchema });
}

export function useSendInvoiceReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvoiceReminder,
    // A reminder is in the audit log.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
  });
}
