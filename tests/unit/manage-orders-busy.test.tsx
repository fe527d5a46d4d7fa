// @vitest-environment jsdom
// Manage Orders is refreshed by every live order event: the list stays as it is while that refresh runs, and is
// dimmed (and busy to assistive technology) only while another page replaces its rows.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../src/api/query-keys';
import { OrdersTable } from '../../src/features/admin/orders-table';
import { fixtureId, orderOfLines } from '../helpers/order-fixtures';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const line = { productId: fixtureId(1), productName: 'Live Saw', imageUrl: '/uploads/1.webp', unitPrice: 300, quantity: 5, lineTotal: 1500 };
const order = orderOfLines([line], { _id: fixtureId(101), number: 'O-2026-00301', transactionId: null, createdAt: '2026-11-20T10:00:00.000Z' });

describe('Manage Orders while it refreshes', () => {
  const answers: ((page: number) => void)[] = [];

  beforeEach(() => {
    answers.length = 0;
    localStorage.setItem('accessToken', 'test-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string) =>
          new Promise<Response>((resolve) => {
            const page = Number(new URL(url, 'http://shop.test').searchParams.get('page') ?? '1');
            answers.push(() =>
              resolve(
                new Response(JSON.stringify({ items: [order], total: 45, page, pageSize: 20 }), {
                  status: 200,
                  headers: { 'content-type': 'application/json' },
                }),
              ),
            );
          }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('is not dimmed by a live refresh, and is while the next page loads', async () => {
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <OrdersTable downloadInvoice={vi.fn(async () => undefined)} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers[0]?.(1));
    const region = await screen.findByRole('region', { name: 'Orders' });
    expect(region.getAttribute('aria-busy')).toBe('false');

    // A live order event: the page is asked for again in the background.
    act(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orderPages });
    });
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(region.getAttribute('aria-busy')).toBe('false');
    expect(region.className).not.toContain('opacity-60');
    await act(async () => answers[1]?.(1));

    // The next page: the rows shown are the previous page's until it arrives.
    fireEvent.click(screen.getAllByRole('button', { name: /Next/u })[0] as HTMLElement);
    await waitFor(() => expect(answers).toHaveLength(3));
    await waitFor(() => expect(region.getAttribute('aria-busy')).toBe('true'));
    expect(region.className).toContain('opacity-60');
    await act(async () => answers[2]?.(2));
    await waitFor(() => expect(region.getAttribute('aria-busy')).toBe('false'));
  });
});
