// @vitest-environment jsdom
// Where an order is delivered unless typed otherwise: the profile's address and phone, else the latest
// order's; a sales rep's latest order went to one of its companies, so a rep starts from its profile alone.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../src/api/query-keys';
import { useDeliveryDefaults } from '../../src/features/orders/delivery-defaults';

afterEach(cleanup);

const email = 'rita@example.com';
const profile = { data: { address: '', phone: '' }, isSuccess: true, isPending: false, failureCount: 0 };
const latest = { _id: 'o1', userAddress: '9 Dock Street, Hull', userPhone: '+44 1482 496 000' };

function render(fromLatestOrder?: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(queryKeys.myOrders(email), [latest]);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useDeliveryDefaults(email, profile, fromLatestOrder), { wrapper }).result.current;
}

describe('delivery defaults', () => {
  it('start from the latest order when the profile has no address', () => {
    expect(render()).toEqual({ address: latest.userAddress, phone: latest.userPhone, loading: false });
  });

  it('start from the profile alone for a sales rep', () => {
    expect(render(false)).toEqual({ address: '', phone: '', loading: false });
  });
});
