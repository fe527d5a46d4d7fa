// POST /api/orders with the order pad's lines: one bulk order, all or nothing. It throws NetworkError when
// the request got no answer (the pad then goes to the outbox under the same clientOrderId) and ApiError for
// the server's refusals; a 409 names every failing line (docs/architecture.md, "Orders and stock").

import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiRequest } from '../../api/client';
import { ApiError } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { InsertedIdSchema, OrderConflictDetailsSchema, type CreateBulkOrderBody, type OrderLineProblem } from '../../contract/order';

export function placeBulkOrder(body: CreateBulkOrderBody): Promise<{ insertedId: string }> {
  return apiRequest('/orders', { method: 'POST', body, auth: true, schema: InsertedIdSchema });
}

/** The lines a 409 refused, each with its reason and the tool as it is now; null for any other error. */
export function refusedLines(error: unknown): OrderLineProblem[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = v.safeParse(OrderConflictDetailsSchema, error.details);
  const lines = details.success ? details.output.lines : undefined;
  return lines && lines.length > 0 ? lines : null;
}

export function usePlaceBulkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBulkOrder,
    onSettled: async () => {
      // Stock changed (or we learnt it had): the catalogue and the order lists are stale either way.
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.orders }), queryClient.invalidateQueries({ queryKey: queryKeys.products })]);
    },
  });
}
