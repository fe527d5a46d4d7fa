// @vitest-environment jsdom
// Our Tools while the dealer types (src/features/catalogue/tools-list.tsx): the answer to a search the box
// has moved past is never drawn, and neither are the last answer's cards kept for the next search; the cards
// drawn last stay, busy, until the answer to what the box says comes, which is drawn at once. A page of
// cards is drawn a few cards per task, from the first.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../src/api/query-keys';
import { searchWords, type Product } from '../../src/contract/product';
import type { ToolSearch } from '../../src/features/catalogue/search-products';
import { CARDS_PER_TASK, ToolCards, ToolsList } from '../../src/features/catalogue/tools-list';

const TOTAL = 500;
const SLOW = { timeout: 5000 };

function tool(n: number): Product {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Chop Saw ${n}`,
    description: 'For the trade counter.',
    imageUrl: `/uploads/${'a'.repeat(64)}.webp`,
    price: 100,
    availableQnt: 40,
    minOrderQnt: 1,
    sku: `FL-CS${n}`,
  };
}

const catalogue = Array.from({ length: TOTAL }, (_, i) => tool(TOTAL - i));
/** The searches the server was asked, in order; each is answered at once. */
const asked: string[] = [];

function answer(url: URL): Response {
  const q = url.searchParams.get('q') ?? '';
  asked.push(q);
  const words = searchWords(q);
  const found = catalogue.filter((t) => words.every((w) => searchWords(`${t.name} ${t.sku ?? ''}`).some((o) => o.startsWith(w))));
  const body = { items: found.slice(0, 24), total: found.length, page: 1, pageSize: 24 };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'http://localhost'))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let setShown: (shown: { search: ToolSearch; behind: boolean }) => void = () => undefined;

function Typing() {
  const [shown, set] = useState<{ search: ToolSearch; behind: boolean }>({ search: { q: '', category: null }, behind: false });
  setShown = set;
  return <ToolsList search={shown.search} behind={shown.behind} />;
}

function renderList(ui: ReactNode): QueryClient {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <>{ui}</> });
  const router = createRouter({ routeTree: rootRoute.addChildren([home]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

const count = () => screen.getByTestId('tools-count').textContent;
const busy = () => screen.getByRole('list', { name: 'Tools' }).getAttribute('aria-busy');
const answered = (client: QueryClient, q: string) => client.getQueryState(queryKeys.productSearch({ q, category: null }))?.status === 'success';

describe('Our Tools as the dealer types', () => {
  it('does not draw the answer to a search the box has moved past, and draws the one to what it says', async () => {
    const client = renderList(<Typing />);
    await waitFor(() => expect(count()).toBe('Showing 24 of 500 tools'), SLOW);
    await waitFor(() => expect(busy()).toBe('false'), SLOW);

    // The cards are at "chop saw 1" while the box already says "chop saw 12".
    act(() => setShown({ search: { q: 'chop saw 1', category: null }, behind: true }));
    await waitFor(() => expect(answered(client, 'chop saw 1')).toBe(true), SLOW);
    expect(count()).toBe('Showing 24 of 500 tools');
    expect(busy()).toBe('true');

    // The cards catch up with the box: its answer is drawn.
    act(() => setShown({ search: { q: 'chop saw 12', category: null }, behind: false }));
    await waitFor(() => expect(count()).toBe('Showing 11 of 11 tools'), SLOW);
    await waitFor(() => expect(busy()).toBe('false'), SLOW);
    expect(asked).toEqual(['', 'chop saw 1', 'chop saw 12']);
  });

  it('keeps the cards drawn last while the next search is asked, instead of the answer kept for it', async () => {
    const client = renderList(<Typing />);
    await waitFor(() => expect(count()).toBe('Showing 24 of 500 tools'), SLOW);
    await waitFor(() => expect(busy()).toBe('false'), SLOW);
    act(() => setShown({ search: { q: 'chop saw 1', category: null }, behind: true }));
    await waitFor(() => expect(answered(client, 'chop saw 1')).toBe(true), SLOW);

    // "chop saw 12" is not answered yet: the answer to "chop saw 1", kept for it meanwhile, is not drawn either.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.mocked(fetch).mockImplementationOnce(async (input: RequestInfo | URL) => {
      await held;
      return answer(new URL(String(input), 'http://localhost'));
    });
    act(() => setShown({ search: { q: 'chop saw 12', category: null }, behind: false }));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBe(3), SLOW);
    expect(count()).toBe('Showing 24 of 500 tools');
    expect(busy()).toBe('true');

    release();
    await waitFor(() => expect(count()).toBe('Showing 11 of 11 tools'), SLOW);
    await waitFor(() => expect(busy()).toBe('false'), SLOW);
  });
});

describe('a page of cards', () => {
  let setProducts: (products: Product[]) => void = () => undefined;
  function Cards({ first, gradual = true }: { first: Product[]; gradual?: boolean }) {
    const [products, set] = useState(first);
    setProducts = set;
    return <ToolCards products={products} busy={false} gradual={gradual} />;
  }
  const names = () =>
    within(screen.getByRole('list', { name: 'Tools' }))
      .queryAllByRole('heading')
      .map((h) => h.textContent);

  it('answering a search, is drawn whole at once', async () => {
    renderList(<Cards first={catalogue.slice(0, 24)} gradual={false} />);
    await waitFor(() => expect(names().length).toBeGreaterThan(0), SLOW);
    expect(names()).toEqual(catalogue.slice(0, 24).map((t) => t.name));
    expect(busy()).toBe('false');
  });

  it('while browsing, is drawn a few cards per task, from the first, busy until the last is drawn', async () => {
    renderList(<Cards first={catalogue.slice(0, 24)} />);
    await waitFor(() => expect(names().length).toBeGreaterThan(0), SLOW);
    const first = names();
    expect(first.length).toBeLessThan(24);
    expect(first).toEqual(catalogue.slice(0, first.length).map((t) => t.name));
    await waitFor(() => expect(names()).toHaveLength(24), SLOW);
    expect(names()).toEqual(catalogue.slice(0, 24).map((t) => t.name));
    expect(busy()).toBe('false');
  });

  it('while browsing, rewrites the cards from the first for a new list, the others showing their tools until their turn', async () => {
    renderList(<Cards first={catalogue.slice(0, 24)} />);
    await waitFor(() => expect(names()).toHaveLength(24), SLOW);
    const next = catalogue.slice(100, 110);
    act(() => setProducts(next));
    const during = names();
    expect(during.slice(0, CARDS_PER_TASK)).toEqual(next.slice(0, CARDS_PER_TASK).map((t) => t.name));
    expect(during.slice(CARDS_PER_TASK)).toEqual(catalogue.slice(CARDS_PER_TASK, 10).map((t) => t.name));
    expect(busy()).toBe('true');
    await waitFor(() => expect(names()).toEqual(next.map((t) => t.name)), SLOW);
    expect(busy()).toBe('false');
  });
});
