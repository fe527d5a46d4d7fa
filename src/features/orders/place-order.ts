// POST /api/orders: the one submit path of an order. It throws NetworkError when the request never got
// an answer (the caller may queue the same body, with the same clientOrderId, for later) and ApiError
// for the server's refusals (409 price_changed, below_minimum, out_of_stock, above_maximum and
// not_pack_multiple carry the current product).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ApiError } from '../../api/errors';
import { InsertedIdSchema, OrderConflictDetailsSchema, type CreateOrderBody } from '../../contract/order';
import type { Product } from '../../contract/product';

export function placeOrder(body: CreateOrderBody): Promise<{ insertedId: string }> {
  return apiRequest('/orders', { method: 'POST', body, auth: true, schema: InsertedIdSchema });
}

// The refusals that carry the product as it is now; any other 409 (unpaid_limit, ...) is shown by its message.
export const ORDER_CONFLICTS = ['price_changed', 'below_minimum', 'out_of_stock', 'above_maximum', 'not_pack_multiple'] as const;
export type OrderConflictCode = (typeof ORDER_CONFLICTS)[number];

/** The refusal of a 409 with the product as it is now, or null for any other error. */
export function orderConflict(error: unknown): { code: OrderConflictCode; message: string; product: Product | null } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const code = ORDER_CONFLICTS.find((c) => c === error.code);
  if (!code) return null;
  const details = v.safeParse(OrderConflictDetailsSchema, error.details);
  return { code, message: error.message, product: details.success ? (details.output.product ?? null) : null };
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSettled: async () => {
      // Stock changed (or we learnt it had): the catalogue and the order lists are stale either way.
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.orders }), queryClient.invalidateQueries({ queryKey: queryKeys.products })]);
    },
  });
}
