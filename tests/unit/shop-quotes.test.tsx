// @vitest-environment jsdom
// The shop's Quotes screen (docs/decisions/058-quotes.md) with the quotes API mocked: the list opens on the
// requests waiting for prices and filters by status; a quote opens on its lines priced at the dealer's own
// prices; a price typed in major units changes the total and is sent in minor units with the expiry and the
// message; an empty or negative price is refused before anything is sent; the server's refusal is shown in
// words by its field; a message is posted to the thread; offline nothing can be sent; a closed quote shows
// its order or the dealer's words.

import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { texts } from '../../src/contract/messages';
import { quoteMessages, type Quote, type QuoteAnswerBody, type QuoteStatus } from '../../src/contract/quote';
import { addDays, expiryError, initialExpiry, priceDifference, pricedLines, todayUtc } from '../../src/features/quotes/shop-quote-pricing';
import { fixtureId } from '../helpers/order-fixtures';

const api = vi.hoisted(() => ({
  getQuotes: vi.fn<(status?: string) => Promise<{ quotes: unknown[] }>>(),
  getQuote: vi.fn<(id: string) => Promise<unknown>>(),
  answerQuote: vi.fn<(id: string, body: unknown) => Promise<unknown>>(),
  postQuoteMessage: vi.fn<(id: string, body: string) => Promise<unknown>>(),
  online: { value: true },
}));

// The hooks as quotes-api.ts has them, over the mocked requests.
vi.mock('../../src/features/quotes/quotes-api', () => ({
  getQuotes: api.getQuotes,
  getQuote: api.getQuote,
  quotesQueryOptions: (status?: string) => ({ queryKey: ['quotes', 'list', status ?? 'all'], queryFn: () => api.getQuotes(status) }),
  answerQuote: api.answerQuote,
  postQuoteMessage: api.postQuoteMessage,
  useQuotes: (status?: string) => useQuery({ queryKey: ['quotes', 'list', status ?? 'all'], queryFn: () => api.getQuotes(status) }),
  useQuote: (id: string | null) => useQuery({ queryKey: ['quotes', 'one', id], queryFn: () => api.getQuote(id ?? ''), enabled: id !== null }),
  useQuoteChange: <TArgs, TResult>(change: (args: TArgs) => Promise<TResult>) => {
    const queryClient = useQueryClient();
    return useMutation({ mutationFn: change, onSettled: () => queryClient.invalidateQueries({ queryKey: ['quotes'] }) });
  },
}));
vi.mock('../../src/features/offline/network-status', () => ({ useOnline: () => api.online.value, isOnline: () => api.online.value }));
vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
// The address as the router keeps it: a search string that opening a quote and going back change.
const address = vi.hoisted(() => {
  let searchStr = '';
  const listeners = new Set<() => void>();
  return {
    get: () => searchStr,
    set: (next: string) => {
      searchStr = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
vi.mock('@tanstack/react-router', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    Link: ({ to, search, children, className }: { to: string; search: { order: string }; children: ReactNode; className?: string }) => (
      <a href={`${to}?order=${search.order}`} className={className}>
        {children}
      </a>
    ),
    useRouterState: ({ select }: { select: (state: { location: { searchStr: string } }) => string }) =>
      select({ location: { searchStr: useSyncExternalStore(address.subscribe, address.get) } }),
    useNavigate: () => (options: { search: Record<string, string> }) => {
      const search = new URLSearchParams(options.search).toString();
      address.set(search ? `?${search}` : '');
    },
  };
});

const { ShopQuotes } = await import('../../src/features/quotes/shop-quotes');

function quoteOf(status: QuoteStatus, overrides: Partial<Quote> = {}): Quote {
  const quoted = status !== 'requested';
  return {
    id: fixtureId(1),
    number: 'Q-2026-00012',
    status,
    version: quoted ? 2 : 1,
    companyId: fixtureId(50),
    companyName: 'Acme Tools',
    requestedBy: { name: 'Dana Dealer', email: 'dana@acme.example' },
    currency: 'EUR',
    lines: [
      {
        productId: fixtureId(9),
        productName: 'Anvil Hammer Drill',
        sku: 'FL-9',
        imageUrl: '/img/drill.png',
        quantity: 4,
        requestedUnitPriceMinor: 12_000,
        quotedUnitPriceMinor: quoted ? 10_000 : null,
      },
      {
        productId: fixtureId(10),
        productName: 'Pipe Wrench',
        sku: null,
        imageUrl: '/img/wrench.png',
        quantity: 10,
        requestedUnitPriceMinor: 2_550,
        quotedUnitPriceMinor: quoted ? 2_550 : null,
      },
    ],
    expiresOn: quoted ? addDays(todayUtc(), 10) : null,
    messages: [
      { id: fixtureId(100), side: 'dealer', authorName: 'Dana Dealer', body: 'Forty of these each month?', event: 'requested', at: '2026-11-27T09:00:00.000Z' },
    ],
    order: null,
    createdAt: '2026-11-27T09:00:00.000Z',
    updatedAt: '2026-11-27T09:00:00.000Z',
    ...overrides,
  };
}

const renderShop = (rep = false) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShopQuotes rep={rep} />
    </QueryClientProvider>,
  );

/** The table and the cards are both in the page (CSS shows one): the table's copy. */
const inTable = async () => within(await screen.findByRole('region', { name: 'Quotes' }));

async function openQuote(quote: Quote, rep = false) {
  api.getQuotes.mockResolvedValue({ quotes: [quote] });
  api.getQuote.mockResolvedValue(quote);
  renderShop(rep);
  const button = await (await inTable()).findByRole('button', { name: new RegExp(`${quote.number}$`, 'u') });
  fireEvent.click(button);
  await screen.findByRole('heading', { name: new RegExp(quote.number, 'u') });
}

const priceField = (tool: string) => screen.getByLabelText(`Your unit price (EUR) ${tool}`);

beforeEach(() => {
  address.set('');
  api.online.value = true;
  api.getQuotes.mockReset();
  api.getQuote.mockReset();
  api.answerQuote.mockReset();
  api.postQuoteMessage.mockReset();
});
afterEach(cleanup);

describe('the list', () => {
  it('opens on the requests waiting for prices, each row with its company, requester, tools, totals and status, and filters by status', async () => {
    api.getQuotes.mockImplementation(async (status) =>
      status === 'requested' ? { quotes: [quoteOf('requested')] } : { quotes: [quoteOf('quoted', { id: fixtureId(2), number: 'Q-2026-00013' })] },
    );
    renderShop();
    const table = await inTable();
    expect(await table.findByText('Q-2026-00012', { selector: '.font-mono' })).toBeTruthy();
    expect(api.getQuotes).toHaveBeenCalledWith('requested');
    expect(table.getByText('Acme Tools')).toBeTruthy();
    expect(table.getByText('by Dana Dealer')).toBeTruthy();
    expect(table.getByText('2')).toBeTruthy();
    // 4 × €120.00 + 10 × €25.50 at the dealer's prices; no quoted total yet.
    expect(table.getByText('€735.00')).toBeTruthy();
    expect(table.queryByText(/Quoted:/u)).toBeNull();
    expect(table.getByRole('button', { name: 'Price Q-2026-00012' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 quote request is waiting for your prices.');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() => expect(api.getQuotes).toHaveBeenCalledWith(undefined));
    const all = await inTable();
    expect(await all.findByText('Q-2026-00013', { selector: '.font-mono' })).toBeTruthy();
    // 4 × €100.00 + 10 × €25.50 at the quoted prices.
    expect(all.getByText('€655.00')).toBeTruthy();
    expect(all.getByText('Quoted')).toBeTruthy();
  });

  it('names the dealer when it has no company, and says when nothing waits', async () => {
    api.getQuotes.mockImplementation(async (status) => (status === 'requested' ? { quotes: [] } : { quotes: [quoteOf('declined', { companyName: null })] }));
    renderShop(true);
    expect(await screen.findByText('No quote request is waiting for prices.')).toBeTruthy();
    expect(screen.getByText(/The quote requests of your companies/u)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'declined' } });
    const table = await inTable();
    expect(await table.findByText('Dana Dealer')).toBeTruthy();
    expect(table.queryByText(/^by /u)).toBeNull();
  });
});

describe('the address', () => {
  it('names the quote opened, goes back to the list, and opens a quote a link names by its number', async () => {
    const accepted = quoteOf('accepted', { id: fixtureId(3), number: 'Q-2026-00003', order: { id: fixtureId(70), number: 'O-2026-00042' } });
    await openQuote(quoteOf('requested'));
    expect(address.get()).toBe('?quote=Q-2026-00012');
    fireEvent.click(screen.getByRole('button', { name: '← Back to quotes' }));
    await screen.findByRole('region', { name: 'Quotes' });
    expect(address.get()).toBe('');
    cleanup();

    // Not among the requests waiting for prices: found among all the quotes.
    api.getQuotes.mockImplementation(async (status) => ({ quotes: status === 'requested' ? [quoteOf('requested')] : [quoteOf('requested'), accepted] }));
    api.getQuote.mockImplementation(async (id) => (id === accepted.id ? accepted : quoteOf('requested')));
    address.set('?quote=Q-2026-00003');
    renderShop();
    expect(await screen.findByRole('heading', { name: /Q-2026-00003/u })).toBeTruthy();
    expect(api.getQuote).toHaveBeenCalledWith(accepted.id);
    cleanup();

    address.set('?quote=Q-2026-09999');
    renderShop();
    expect((await screen.findByRole('alert')).textContent).toBe('There is no quote Q-2026-09999 among yours.');
  });
});

describe('pricing a quote', () => {
  it('opens on its lines at the dealer’s prices, and the total follows the prices typed', async () => {
    await openQuote(quoteOf('requested'));
    expect(screen.getByText('Anvil Hammer Drill')).toBeTruthy();
    expect(screen.getByText('SKU FL-9')).toBeTruthy();
    expect((priceField('Anvil Hammer Drill') as HTMLInputElement).value).toBe('120');
    expect((priceField('Pipe Wrench') as HTMLInputElement).value).toBe('25.50');
    expect(screen.getByText('Forty of these each month?')).toBeTruthy();

    fireEvent.change(priceField('Anvil Hammer Drill'), { target: { value: '105.5' } });
    // 4 × €105.50 + 10 × €25.50.
    expect(screen.getByText('€677.00')).toBeTruthy();
    expect(screen.getByText('12.1 % off the dealer’s price')).toBeTruthy();
    expect(screen.getByText('7.9 % off the dealer’s total')).toBeTruthy();
  });

  it('sends every line’s price in minor units, the expiry 30 days ahead and the message', async () => {
    const quote = quoteOf('requested');
    await openQuote(quote);
    api.answerQuote.mockResolvedValue(quoteOf('quoted'));
    fireEvent.change(priceField('Anvil Hammer Drill'), { target: { value: '1,099.99' } });
    fireEvent.change(priceField('Pipe Wrench'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Message to the dealer (optional)'), { target: { value: '  The wrenches are on us.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(api.answerQuote).toHaveBeenCalledTimes(1));
    const [id, body] = api.answerQuote.mock.calls[0] as [string, QuoteAnswerBody];
    expect(id).toBe(quote.id);
    expect(body).toEqual({
      lines: [
        { productId: fixtureId(9), unitPriceMinor: 109_999 },
        { productId: fixtureId(10), unitPriceMinor: 0 },
      ],
      expiresOn: addDays(todayUtc(), 30),
      message: 'The wrenches are on us.',
    });
  });

  it('refuses an empty or negative price before sending, with the field in focus', async () => {
    await openQuote(quoteOf('requested'));
    fireEvent.change(priceField('Anvil Hammer Drill'), { target: { value: '' } });
    fireEvent.change(priceField('Pipe Wrench'), { target: { value: '-5' } });
    expect(screen.getByText('Give every line a price')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    const message = 'Enter the unit price in EUR, such as 12.50, at least 0.';
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(priceField('Anvil Hammer Drill').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(priceField('Anvil Hammer Drill'));
    expect(api.answerQuote).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in words, by its field', async () => {
    await openQuote(quoteOf('requested'));
    api.answerQuote.mockRejectedValue(
      new ApiError(400, 'invalid_data', `expiresOn: ${quoteMessages.expiresTooFar}`, {
        fields: [{ field: 'expiresOn', message: quoteMessages.expiresTooFar }],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    await screen.findByText(quoteMessages.expiresTooFar);
    expect(screen.getByLabelText('The dealer may accept until').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(`expiresOn: ${quoteMessages.expiresTooFar}`);

    api.answerQuote.mockRejectedValue(new ApiError(409, 'conflict', quoteMessages.closed));
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(quoteMessages.closed));
  });

  it('prices a quoted quote again from its last prices and its expiry', async () => {
    const quote = quoteOf('quoted');
    await openQuote(quote);
    // Waiting for the dealer: its prices, and the form on asking.
    const lines = within(screen.getByRole('region', { name: 'Lines of the quote' }));
    expect(lines.getByText('€100.00')).toBeTruthy();
    expect(lines.getByText('€655.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send quote' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change the prices' }));
    expect((priceField('Anvil Hammer Drill') as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('The dealer may accept until') as HTMLInputElement).value).toBe(quote.expiresOn);
    expect(screen.getByRole('heading', { name: 'Price it again' })).toBeTruthy();
  });
});

describe('the thread', () => {
  it('posts a message to the dealer, and refuses a blank one', async () => {
    const quote = quoteOf('quoted');
    await openQuote(quote);
    api.postQuoteMessage.mockResolvedValue(quote);
    const box = screen.getByLabelText('Write to the dealer');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText(quoteMessages.message)).toBeTruthy();
    expect(api.postQuoteMessage).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: 'Delivery in two weeks.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(api.postQuoteMessage).toHaveBeenCalledWith(quote.id, 'Delivery in two weeks.'));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });
});

describe('offline and closed quotes', () => {
  it('disables sending offline, saying a connection is needed', async () => {
    api.online.value = false;
    await openQuote(quoteOf('requested'));
    expect((screen.getByRole('button', { name: 'Send quote' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText(texts.needsNetwork).length).toBeGreaterThanOrEqual(2);
  });

  it('shows an accepted quote’s order, linked to Manage Orders, and no form', async () => {
    await openQuote(quoteOf('accepted', { order: { id: fixtureId(70), number: 'O-2026-00042' } }));
    expect(screen.getByRole('link', { name: 'O-2026-00042' }).getAttribute('href')).toBe('/dashboard/manage-orders?order=O-2026-00042');
    expect(screen.queryByRole('button', { name: 'Send quote' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Lines of the quote' })).toBeTruthy();
  });

  it('links a sales rep to the order on My Orders, where its companies’ orders are', async () => {
    await openQuote(quoteOf('accepted', { order: { id: fixtureId(70), number: 'O-2026-00042' } }), true);
    expect(screen.getByRole('link', { name: 'O-2026-00042' }).getAttribute('href')).toBe('/dashboard/my-orders?order=O-2026-00042');
  });

  it('shows a declined quote’s words from the dealer', async () => {
    const quote = quoteOf('declined');
    quote.messages.push({
      id: fixtureId(101),
      side: 'dealer',
      authorName: 'Dana Dealer',
      body: 'Too dear for us.',
      event: 'declined',
      at: '2026-11-28T09:00:00.000Z',
    });
    await openQuote(quote);
    expect(screen.getByText('“Too dear for us.”')).toBeTruthy();
  });
});

describe('the pricing rules', () => {
  const now = new Date('2026-11-28T23:30:00.000Z');
  it('reads prices, differences and expiries', () => {
    const quote = quoteOf('requested');
    expect(pricedLines(quote, { [fixtureId(9)]: '€100', [fixtureId(10)]: '25.5' })).toEqual({
      lines: [
        { productId: fixtureId(9), unitPriceMinor: 10_000 },
        { productId: fixtureId(10), unitPriceMinor: 2_550 },
      ],
      errors: {},
      totalMinor: 65_500,
    });
    expect(pricedLines(quote, { [fixtureId(9)]: '12.505', [fixtureId(10)]: '1' }).lines).toBeNull();
    expect(priceDifference(10_000, 10_000)).toBe('Same as the dealer’s price');
    expect(priceDifference(10_000, 11_000)).toBe('10 % above the dealer’s price');
    expect(priceDifference(0, 500)).toBeNull();
    expect(expiryError('2026-11-27', now)).toBe(quoteMessages.expiresPast);
    expect(expiryError('2026-11-28', now)).toBeUndefined();
    expect(expiryError('2027-11-28', now)).toBeUndefined();
    expect(expiryError('2027-11-29', now)).toBe(quoteMessages.expiresTooFar);
    expect(expiryError('', now)).toBe(quoteMessages.expiresOn);
    expect(initialExpiry({ expiresOn: '2026-11-01' }, now)).toBe('2026-12-28');
    expect(initialExpiry({ expiresOn: '2026-12-05' }, now)).toBe('2026-12-05');
  });
});
