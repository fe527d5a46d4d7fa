// @vitest-environment jsdom
// GET /api/company/account as the purchase page and the pad ask it: a member for its own company, a sales
// rep for the company it orders for (each kept apart), nobody without a company; under the orders root, so
// placing an order reads it again.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiClient from '../../src/api/client';
import { queryKeys } from '../../src/api/query-keys';
import type { AccountStanding } from '../../src/contract/account-terms';
import { useAccountStanding } from '../../src/features/orders/account-standing';

const asked = vi.hoisted(() => [] as { path: string; query: Record<string, string> | undefined }[]);
const standing = (available: number): AccountStanding => ({
  paymentTerms: 'net30',
  currency: 'USD',
  creditLimit: 100_000,
  poRequired: false,
  outstanding: 100_000 - available,
  available,
  overdue: 0,
});
vi.mock('../../src/api/client', async (original) => ({
  ...(await original<typeof apiClient>()),
  apiRequest: async (path: string, options: { query?: Record<string, string> }) => {
    asked.push({ path, query: options.query });
    return standing(options.query?.companyId ? 20_000 : 60_000);
  },
}));

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

beforeEach(() => {
  asked.length = 0;
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(cleanup);

describe('useAccountStanding', () => {
  it('reads a member’s own company without naming it', async () => {
    const { result } = renderHook(() => useAccountStanding(true, null), { wrapper });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.standing?.available).toBe(60_000));
    expect(result.current.loading).toBe(false);
    expect(asked).toEqual([{ path: '/company/account', query: undefined }]);
  });

  it('names the company a sales rep orders for, kept apart from another', async () => {
    const companyId = '00000000-0000-4000-8000-000000000042';
    const { result } = renderHook(() => useAccountStanding(true, companyId), { wrapper });
    await waitFor(() => expect(result.current.standing?.available).toBe(20_000));
    expect(asked).toEqual([{ path: '/company/account', query: { companyId } }]);
    expect(client.getQueryData([...queryKeys.orders, 'account', 'own'])).toBeUndefined();
  });

  it('asks nothing for an order without a company', () => {
    const { result } = renderHook(() => useAccountStanding(false, null), { wrapper });
    expect(result.current).toEqual({ standing: null, loading: false });
    expect(asked).toEqual([]);
  });

  it('is read again when the orders are', async () => {
    const { result } = renderHook(() => useAccountStanding(true, null), { wrapper });
    await waitFor(() => expect(result.current.standing).not.toBeNull());
    await client.invalidateQueries({ queryKey: queryKeys.orders });
    await waitFor(() => expect(asked).toHaveLength(2));
  });
});
