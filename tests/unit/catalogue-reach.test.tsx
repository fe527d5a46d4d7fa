// @vitest-environment jsdom
// The catalogue one tap away: the top bar's search (find-tool.tsx) lists the tools of Our Tools' own search
// and opens one with the keys or goes to Our Tools with the search; the list view (tool-rows.tsx) draws a
// page of rows, never the whole catalogue; the chosen view is remembered on the device (catalogue-view.ts).
// The server is stubbed at fetch; the same journeys run in the browser in e2e/catalogue-reach.spec.ts.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_PAGE_SIZE, searchWords, type Product } from '../../src/contract/product';
import {
  CATALOGUE_VIEW_KEY,
  DEFAULT_CATALOGUE_VIEW,
  readCatalogueView,
  saveCatalogueView,
  useCatalogueView,
} from '../../src/features/catalogue/catalogue-view';
import { FIND_TOOL_RESULTS, FindTool, nextOption } from '../../src/features/catalogue/find-tool';
import { catalogueSearchOf } from '../../src/features/catalogue/search-products';
import { lowestVolumePrice } from '../../src/features/catalogue/tool-rows';
import { ToolCards, ToolsList } from '../../src/features/catalogue/tools-list';

const TOTAL = 5000;
/** A loaded machine runs several suites at once: the answers get seconds, not the default second. */
const SLOW = { timeout: 5000 };

function tool(n: number): Product {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Chop Saw ${n}`,
    description: 'D'.repeat(160),
    imageUrl: `/uploads/${'a'.repeat(64)}.webp`,
    price: 100 + (n % 50),
    availableQnt: n % 7 === 0 ? 0 : 40 + n,
    minOrderQnt: 5,
    sku: `FL-CS${n}`,
    ...(n === 184 ? { priceTiers: [{ minQnt: 50, price: 90 }] } : {}),
  };
}

const catalogue = Array.from({ length: TOTAL }, (_, i) => tool(TOTAL - i));

/** The stand-in server: every word of the search a prefix of a word of the name or SKU, as the server matches. */
function answer(url: URL): Response {
  const page = Number(url.searchParams.get('page') ?? '1');
  const pageSize = Number(url.searchParams.get('pageSize') ?? '24');
  const words = searchWords(url.searchParams.get('q') ?? '');
  const found = catalogue.filter((t) => {
    const own = searchWords(`${t.name} ${t.sku ?? ''}`);
    return words.every((w) => own.some((o) => o.startsWith(w)));
  });
  const body = { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length, page, pageSize };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'http://localhost'))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** `ui` on the home route of a router in memory, with a purchase page to go to. */
function renderWithRouter(ui: ReactNode) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <>{ui}</> });
  const product = createRoute({ getParentRoute: () => rootRoute, path: 'products/$id', component: () => <p>Purchase page</p> });
  const router = createRouter({ routeTree: rootRoute.addChildren([home, product]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the search a link to Our Tools carries', () => {
  it('reads ?q= as text, numbers included, trimmed and cut to the longest search; nothing else counts', () => {
    expect(catalogueSearchOf({ q: ' FL-CS184 ' })).toBe('FL-CS184');
    expect(catalogueSearchOf({ q: 184 })).toBe('184');
    expect(catalogueSearchOf({ q: 'x'.repeat(150) })).toHaveLength(100);
    expect(catalogueSearchOf({ q: '   ' })).toBeUndefined();
    expect(catalogueSearchOf({ q: ['a'] })).toBeUndefined();
    expect(catalogueSearchOf({ q: Number.NaN })).toBeUndefined();
    expect(catalogueSearchOf({})).toBeUndefined();
    expect(catalogueSearchOf(null)).toBeUndefined();
  });
});

describe('the arrow keys in the top bar search', () => {
  it('go round the options both ways, from none to the first or the last', () => {
    expect(nextOption(-1, 3, 1)).toBe(0);
    expect(nextOption(-1, 3, -1)).toBe(2);
    expect(nextOption(2, 3, 1)).toBe(0);
    expect(nextOption(0, 3, -1)).toBe(2);
    expect(nextOption(1, 3, 1)).toBe(2);
    expect(nextOption(-1, 0, 1)).toBe(-1);
  });
});

describe('the volume price hint of a row', () => {
  it('is the lowest tier below the list price, or none', () => {
    expect(lowestVolumePrice({ price: 100 })).toBeNull();
    expect(lowestVolumePrice({ price: 100, priceTiers: [] })).toBeNull();
    expect(
      lowestVolumePrice({
        price: 100,
        priceTiers: [
          { minQnt: 10, price: 95 },
          { minQnt: 50, price: 80 },
        ],
      }),
    ).toEqual({ price: 80, minQnt: 50 });
  });
});

describe('the view remembered on the device', () => {
  it('is cards until a view is chosen, and anything else stored reads as cards', () => {
    expect(readCatalogueView()).toBe(DEFAULT_CATALOGUE_VIEW);
    saveCatalogueView('list');
    expect(localStorage.getItem(CATALOGUE_VIEW_KEY)).toBe('list');
    expect(readCatalogueView()).toBe('list');
    localStorage.setItem(CATALOGUE_VIEW_KEY, 'table');
    expect(readCatalogueView()).toBe('cards');
  });

  it('holds for the page when the device cannot store it, and a storage that throws reads as cards', () => {
    const full = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readCatalogueView(full)).toBe('cards');
    function Shown() {
      const [view] = useCatalogueView();
      return <p>{view}</p>;
    }
    render(<Shown />);
    expect(screen.getByText('cards')).toBeTruthy();
    act(() => saveCatalogueView('list', full));
    expect(screen.getByText('list')).toBeTruthy();
    act(() => saveCatalogueView('cards'));
    expect(screen.getByText('cards')).toBeTruthy();
  });
});

describe('the list view at 5,000 tools', () => {
  it('draws one page of rows with price, volume price and stock, and Show more adds the next page only', async () => {
    renderWithRouter(<ToolsList search={{ q: '', category: null }} view="list" />);
    const rows = await screen.findByTestId('tool-rows', {}, SLOW);
    await waitFor(() => expect(within(rows).getAllByRole('listitem')).toHaveLength(CATALOGUE_PAGE_SIZE), SLOW);
    expect(screen.getByTestId('tools-count').textContent).toBe(`Showing 24 of 5,000 tools`);
    const first = within(rows).getAllByRole('listitem')[0];
    if (!first) throw new Error('no row');
    expect(first.textContent).toContain('Chop Saw 5000');
    expect(first.textContent).toContain('SKU FL-CS5000');
    expect(first.textContent).toContain('$100 / unit');
    expect(within(first).getByTestId('row-stock').textContent).toContain('5,040 pcs.');
    expect(within(first).getByRole('link', { name: 'Order Now' }).getAttribute('href')).toBe(`/products/${tool(5000)._id}`);
    // Out of stock is said in words.
    const empty = within(rows)
      .getAllByRole('listitem')
      .find((row) => row.textContent.includes('Chop Saw 4998'));
    expect(empty?.textContent).toContain('Out of stock');
    // A small DOM: a page of rows, not the catalogue.
    expect(document.querySelectorAll('#root *, body *').length).toBeLessThan(CATALOGUE_PAGE_SIZE * 30);

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(rows).getAllByRole('listitem')).toHaveLength(2 * CATALOGUE_PAGE_SIZE), SLOW);
  });

  it('shows the lowest volume price beside the list price', async () => {
    renderWithRouter(<ToolsList search={{ q: 'CS184', category: null }} view="list" />);
    const hint = await screen.findByTestId('volume-price', {}, SLOW);
    expect(hint.textContent).toBe('$90 from 50 pcs.');
  });
});

describe('a new answer on the cards', () => {
  function Picked({ product }: { product: Product }) {
    const [times, setTimes] = useState(0);
    return (
      <button type="button" onClick={() => setTimes((n) => n + 1)}>
        {product.name} picked {times}
      </button>
    );
  }

  it('rewrites the cards on screen instead of drawing new ones, each with the picture and the action of its own tool', async () => {
    let show: (products: Product[]) => void = () => undefined;
    function Cards() {
      const [products, setProducts] = useState([tool(1), tool(2), tool(3)]);
      show = setProducts;
      return <ToolCards products={products} action={(product) => <Picked product={product} />} busy={false} />;
    }
    renderWithRouter(<Cards />);
    const cards = within(await screen.findByRole('list', { name: 'Tools' })).getAllByRole('listitem');
    const pictures = cards.map((card) => card.querySelector('img'));
    fireEvent.click(within(cards[0]!).getByRole('button'));
    expect(within(cards[0]!).getByRole('button').textContent).toBe('Chop Saw 1 picked 1');

    act(() => show([tool(7), tool(2), tool(9)]));
    const after = within(screen.getByRole('list', { name: 'Tools' })).getAllByRole('listitem');
    after.forEach((card, place) => expect(card).toBe(cards[place]));
    expect(within(after[0]!).getByRole('heading').textContent).toBe('Chop Saw 7');
    expect(after[0]!.querySelector('img')).not.toBe(pictures[0]);
    expect(after[0]!.querySelector('img')?.getAttribute('alt')).toBe('Chop Saw 7');
    expect(after[1]!.querySelector('img')).toBe(pictures[1]);
    expect(within(after[0]!).getByRole('button').textContent).toBe('Chop Saw 7 picked 0');
    expect(within(after[0]!).getByRole('link', { name: 'Order Now' }).getAttribute('href')).toBe(`/products/${tool(7)._id}`);
  });
});

describe('the top bar search', () => {
  it('lists the tools a short SKU finds, and the arrow keys and Enter open the chosen one', async () => {
    const router = renderWithRouter(<FindTool />);
    const field = await screen.findByRole('combobox', { name: 'Find a tool' }, SLOW);
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'CS184' } });
    const list = screen.getByRole('listbox', { name: 'Tools found' });
    // CS184 and CS1840...CS1849: the first ones, then the way to all of them.
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(FIND_TOOL_RESULTS + 1), SLOW);
    expect(within(list).getAllByRole('option').at(-1)?.textContent).toBe('Show all 11 in the catalogue');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const active = field.getAttribute('aria-activedescendant');
    const chosen = active ? document.getElementById(active) : null;
    expect(chosen?.getAttribute('aria-selected')).toBe('true');
    const name = chosen?.textContent ?? '';
    const id = catalogue.find((t) => name.includes(t.sku ?? '-'))?._id;
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${id}`), SLOW);
  });

  it('finds a tool by its full SKU; Enter without a choice opens Our Tools with the search', async () => {
    const router = renderWithRouter(<FindTool />);
    const field = await screen.findByRole('combobox', { name: 'Find a tool' }, SLOW);
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'FL-CS4321' } });
    const option = await screen.findByRole('option', { name: /Chop Saw 4321/u }, SLOW);
    expect(option.textContent).toContain('FL-CS4321');
    expect(option.textContent).toContain('in stock');
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), SLOW);
    expect(router.state.location.hash).toBe('tools-search');
    expect((router.state.location.search as { q?: string }).q).toBe('FL-CS4321');
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('offers the whole catalogue before anything is typed', async () => {
    const router = renderWithRouter(<FindTool />);
    const field = await screen.findByRole('combobox', { name: 'Find a tool' }, SLOW);
    fireEvent.focus(field);
    fireEvent.click(screen.getByRole('option', { name: 'Browse the whole catalogue' }));
    await waitFor(() => expect(router.state.location.hash).toBe('tools'), SLOW);
  });
});
