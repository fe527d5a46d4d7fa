// @vitest-environment jsdom
// Manage Products a page at a time: the route asks the server for one page of 25 tools, newest first;
// Next asks for the following page, and a search starts again at page 1 with the words sent as `q`.
// The server is stubbed at fetch, the network edge; the same paging runs against the real server in
// tests/api/catalogue-search.test.ts.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../src/contract/product';
import ManageProductsPage from '../../src/routes/manage-products';

const TOTAL = 60;

function tool(n: number): Product {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Tool ${n}`,
    description: 'D'.repeat(160),
    imageUrl: `/uploads/${'a'.repeat(64)}.webp`,
    price: 10 + n,
    availableQnt: 100,
    minOrderQnt: 1,
    sku: `FL-T${String(n).padStart(4, '0')}`,
  };
}

/** The stand-in server: every tool numbered newest first, searched by a word of the name; the editor's categories. */
function answer(url: URL): Response {
  if (url.pathname === '/api/categories') return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  const page = Number(url.searchParams.get('page') ?? '1');
  const pageSize = Number(url.searchParams.get('pageSize') ?? '24');
  const q = url.searchParams.get('q') ?? '';
  const all = Array.from({ length: TOTAL }, (_, i) => tool(TOTAL - i)).filter((t) => q === '' || t.name.split(' ').includes(q));
  const body = { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

const fetchMock = () => vi.mocked(fetch);
const requested = () =>
  fetchMock()
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/products');

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'http://localhost'))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ManageProductsPage />
    </QueryClientProvider>,
  );
}

const shownNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('rowheader')[0]?.textContent);

describe('Manage Products pages', () => {
  it('shows one page of 25 tools, newest first, and Next shows the next 25', async () => {
    renderPage();
    expect(await screen.findByText('Showing 1–25 of 60')).toBeTruthy();
    expect(shownNames()).toHaveLength(25);
    expect(shownNames()[0]).toBe('Tool 60');
    const first = requested().at(-1);
    expect(first?.pathname).toBe('/api/products');
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({ page: '1', pageSize: '25' });

    fireEvent.click(screen.getByRole('button', { name: /Next/u }));
    expect(await screen.findByText('Showing 26–50 of 60')).toBeTruthy();
    expect(shownNames()[0]).toBe('Tool 35');
    expect(requested().at(-1)?.searchParams.get('page')).toBe('2');
  });

  it('sends a search as q and starts again at page 1', async () => {
    renderPage();
    await screen.findByText('Showing 1–25 of 60');
    fireEvent.click(screen.getByRole('button', { name: /Next/u }));
    await screen.findByText('Showing 26–50 of 60');

    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText('Showing 1–1 of 1')).toBeTruthy());
    expect(shownNames()).toEqual(['Tool 7']);
    expect(Object.fromEntries(requested().at(-1)?.searchParams ?? [])).toEqual({ q: '7', page: '1', pageSize: '25' });

    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'nothing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No product matches this search.')).toBeTruthy();
  });
});
