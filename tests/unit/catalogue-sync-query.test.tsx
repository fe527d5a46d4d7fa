// @vitest-environment jsdom
// The catalogue sync as a query (src/features/catalogue/sync-catalogue.ts): the page frame that runs it is
// not drawn again when a sync starts or ends, and a sync that changed the saved copy refreshes the
// searches and categories answered from it, while a first copy refreshes nothing.

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { queryKeys } from '../../src/api/query-keys';
import type { CatalogueSyncResult } from '../../src/offline/catalogue';

const syncs = vi.hoisted(() => ({ next: [] as ((result: CatalogueSyncResult) => void)[] }));

vi.mock('../../src/offline/catalogue', () => ({
  syncSavedCatalogue: () => new Promise<CatalogueSyncResult>((resolve) => syncs.next.push(resolve)),
}));

const { useCatalogueSync } = await import('../../src/features/catalogue/sync-catalogue');

afterEach(() => {
  cleanup();
  syncs.next = [];
});

function frame() {
  const client = new QueryClient();
  const invalidated: unknown[] = [];
  const invalidate = client.invalidateQueries.bind(client);
  vi.spyOn(client, 'invalidateQueries').mockImplementation((filters, options) => {
    invalidated.push(filters?.queryKey);
    return invalidate(filters, options);
  });
  let renders = 0;
  function Frame() {
    renders += 1;
    useCatalogueSync();
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <Frame />
    </QueryClientProvider>,
  );
  return { client, invalidated, renders: () => renders };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

test('the frame running the sync is drawn once, whatever the sync does', async () => {
  const { client, renders } = frame();
  await settle();
  expect(syncs.next).toHaveLength(1);
  await act(async () => syncs.next[0]?.({ version: 3, syncedAt: 1, changed: 5000, deleted: 0, first: true }));
  await settle();
  expect(client.getQueryState(queryKeys.catalogueSync)?.status).toBe('success');
  void client.refetchQueries({ queryKey: queryKeys.catalogueSync });
  await settle();
  expect(syncs.next).toHaveLength(2);
  await act(async () => syncs.next[1]?.({ version: 4, syncedAt: 2, changed: 1, deleted: 0 }));
  await settle();
  expect(renders()).toBe(1);
});

test('a first copy refreshes no search; a sync that changed tools refreshes the searches and categories; each refreshes the dealer prices', async () => {
  const { client, invalidated } = frame();
  await settle();
  await act(async () => syncs.next[0]?.({ version: 3, syncedAt: 1, changed: 5000, deleted: 0, first: true }));
  await settle();
  expect(invalidated).toEqual([queryKeys.dealerPricesRoot]);
  invalidated.length = 0;

  void client.refetchQueries({ queryKey: queryKeys.catalogueSync });
  await settle();
  await act(async () => syncs.next[1]?.({ version: 4, syncedAt: 2, changed: 0, deleted: 0 }));
  await settle();
  expect(invalidated).toEqual([queryKeys.dealerPricesRoot]);
  invalidated.length = 0;

  void client.refetchQueries({ queryKey: queryKeys.catalogueSync });
  await settle();
  expect(syncs.next).toHaveLength(3);
  await act(async () => syncs.next[2]?.({ version: 5, syncedAt: 3, changed: 2, deleted: 1 }));
  await settle();
  expect(invalidated).toEqual([queryKeys.productSearches, queryKeys.categories, queryKeys.dealerPricesRoot]);
});

test('a sync leaves the dealer prices alone while they are fresh, and refreshes them once they are stale', async () => {
  const client = new QueryClient();
  let priceReads = 0;
  function Frame({ staleTime }: { staleTime: number }) {
    useQuery({ queryKey: queryKeys.dealerPrices('dana@example.com', null), queryFn: () => ++priceReads, staleTime });
    useCatalogueSync();
    return null;
  }
  const view = render(
    <QueryClientProvider client={client}>
      <Frame staleTime={60_000} />
    </QueryClientProvider>,
  );
  await settle();
  expect(priceReads).toBe(1);
  await act(async () => syncs.next[0]?.({ version: 3, syncedAt: 1, changed: 1, deleted: 0 }));
  await settle();
  expect(priceReads).toBe(1);

  view.rerender(
    <QueryClientProvider client={client}>
      <Frame staleTime={0} />
    </QueryClientProvider>,
  );
  void client.refetchQueries({ queryKey: queryKeys.catalogueSync });
  await settle();
  expect(priceReads).toBe(1);
  await act(async () => syncs.next[1]?.({ version: 4, syncedAt: 2, changed: 0, deleted: 0 }));
  await settle();
  expect(priceReads).toBe(2);
});
