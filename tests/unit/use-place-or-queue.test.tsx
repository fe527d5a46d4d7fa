// @vitest-environment jsdom
// Placing an order refreshes the order lists before the screen moves on, and does not wait for the
// catalogue: its refresh runs the saved copy's sync, which on a first visit may still be saving every tool.

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { queryKeys } from '../../src/api/query-keys';
import { usePlaceOrQueue } from '../../src/features/offline/use-place-or-queue';

vi.mock('../../src/offline/outbox', () => ({ placeOrQueue: vi.fn(async () => ({ kind: 'placed', orderId: 'o1' })) }));

afterEach(cleanup);

it('answers once the order lists are fetched again, while the catalogue’s sync is still running', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let ordersFetched = 0;
  let syncStarted = 0;
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(
    () => {
      // The app's catalogue sync, on every screen: a first copy that takes as long as it takes.
      useQuery({ queryKey: queryKeys.catalogueSync, queryFn: () => ((syncStarted += 1), syncStarted === 1 ? 'saved' : new Promise<string>(() => undefined)) });
      useQuery({ queryKey: queryKeys.myOrders('dana@example.com'), queryFn: () => ((ordersFetched += 1), [] as string[]) });
      return usePlaceOrQueue();
    },
    { wrapper },
  );
  await waitFor(() => expect(ordersFetched).toBe(1));
  await waitFor(() => expect(syncStarted).toBe(1));

  const outcome = await result.current({ ownerEmail: 'dana@example.com', userAddress: '1 Road', userPhone: '+44 1', locationId: null, lines: [] });
  expect(outcome).toEqual({ kind: 'placed', orderId: 'o1' });
  expect(ordersFetched).toBe(2);
  // The catalogue was asked again, and is still syncing.
  expect(syncStarted).toBe(2);
  client.clear();
});
