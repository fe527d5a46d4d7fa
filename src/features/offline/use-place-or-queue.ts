// The screens' way to place an order (the purchase page, the order pad): now, or saved in the outbox without
// a connection (docs/architecture.md, "Offline"); once the server has answered, the catalogue (stock) and
// the order lists are fetched again.

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../api/query-keys';
import { placeOrQueue, type OrderToPlace, type PlaceOutcome } from '../../offline/outbox';

export function usePlaceOrQueue(): (order: OrderToPlace) => Promise<PlaceOutcome> {
  const queryClient = useQueryClient();
  return useCallback(
    async (order) => {
      let outcome: PlaceOutcome | null = null;
      try {
        outcome = await placeOrQueue(order);
        return outcome;
      } finally {
        // Stock changed (or we learnt it had): the catalogue and the order lists are stale either way. The
        // lists are read again before the screen moves on to them; the catalogue is not waited for: its
        // refresh includes the saved copy's sync, which on a first visit may still be saving every tool.
        if (outcome?.kind !== 'saved') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.products });
          await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
        }
      }
    },
    [queryClient],
  );
}
