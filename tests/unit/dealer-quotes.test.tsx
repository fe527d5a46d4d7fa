// @vitest-environment jsdom
// The dealer's Quotes screen (docs/decisions/058-quotes.md): the list newest first with each quote's status,
// tools, total at the shop's prices or "Waiting for prices"; one opened with its lines, both prices, the expiry
// and the thread; Accept sending the delivery with the version read and one clientOrderId per attempt, then
// paying by card or going to My Orders; Decline and Ask again with their messages; nothing to press offline.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import type { AccountStanding } from '../../src/contract/account-terms';
import type { Quote } from '../../src/contract/quote';
import { DealerQuotes, type DealerQuotesProps } from '../../src/features/quotes/dealer-quotes';

const api = vi.hoisted(() => ({
  getQuotes: vi.fn(),
  getQuote: vi.fn(),
  acceptQuote: vi.fn(),
  declineQuote: vi.fn(),
  askAgain: vi.fn(),
  postQuoteMessage: vi.fn(),
}));
vi.mock('../../src/features/quotes/quotes-api', async () => {
  const { useMutation, useQuery } = await import('@tanstack/react-query');
  return {
    ...api,
    useQuotes: () => useQuery({ queryKey: ['quotes', 'list'], queryFn: () => api.getQuotes() }),
    useQuote: (id: string | null) => useQuery({ queryKey: ['quotes', 'one', id], queryFn: () => api.getQuote(id), enabled: id !== null }),
    useQuoteChange: <A, R>(change: (args: A) => Promise<R>) => useMutation({ mutationFn: change }),
  };
});

/** The address's search, as the router keeps it: navigating to Quotes changes it and re-renders. */
const router = vi.hoisted(() => ({ searchStr: '', listeners: new Set<() => void>(), navigate: vi.fn() }));
vi.mock('@tanstack/react-router', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    router.listeners.add(listener);
    return () => router.listeners.delete(listener);
  };
  return {
    useNavigate: () => router.navigate,
    useRouterState: ({ select }: { select: (state: { location: { searchStr: string } }) => unknown }) =>
      select({ location: { searchStr: useSyncExternalStore(subscribe, () => router.searchStr) } }),
    Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
  };
});

const network = vi.hoisted(() => ({ online: true }));
vi.mock('../../src/features/offline/network-status', () => ({ useOnline: () => network.online }));
vi.mock('../../src/features/auth/session', () => ({ reportSessionExpired: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast }));

const ID_1 = '11111111-1111-4111-8111-111111111111';
const ID_2 = '22222222-2222-4222-8222-222222222222';
const ID_3 = '33333333-3333-4333-8333-333333333333';
const LOCATION = '44444444-4444-4444-8444-444444444444';

function quote(fields: Partial<Quote> & Pick<Quote, 'id' | 'number'>): Quote {
  return {
    status: 'quoted',
    version: 2,
    companyId: 'c1',
    companyName: 'Dana Tools Ltd',
    requestedBy: { name: 'Dana Dealer', email: 'dana@example.com' },
    currency: 'USD',
    lines: [
      {
        productId: 'p1',
        productName: 'Torque Drill',
        sku: 'TD-100',
        imageUrl: '/uploads/d.webp',
        quantity: 10,
        requestedUnitPriceMinor: 12_900,
        quotedUnitPriceMinor: 11_500,
      },
      {
        productId: 'p2',
        productName: 'Bench Saw',
        sku: null,
        imageUrl: '/uploads/s.webp',
        quantity: 2,
        requestedUnitPriceMinor: 50_000,
        quotedUnitPriceMinor: 45_000,
      },
    ],
    expiresOn: '2099-12-12',
    messages: [
      { id: 'm1', side: 'dealer', authorName: 'Dana Dealer', body: 'Ten drills for the new site.', event: 'requested', at: '2026-11-20T09:00:00.000Z' },
      { id: 'm2', side: 'shop', authorName: 'Sam Shop', body: 'Our best for ten.', event: 'quoted', at: '2026-11-21T09:00:00.000Z' },
    ],
    order: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...fields,
  };
}

const quoted = quote({ id: ID_1, number: 'Q-2026-00001' });
const requested = quote({
  id: ID_2,
  number: 'Q-2026-00002',
  status: 'requested',
  version: 1,
  expiresOn: null,
  lines: quoted.lines.map((line) => ({ ...line, quotedUnitPriceMinor: null })),
  messages: [quoted.messages[0]!],
  createdAt: '2026-11-25T09:00:00.000Z',
});
const expired = quote({ id: ID_3, number: 'Q-2026-00003', status: 'expired', expiresOn: '2026-11-01', createdAt: '2026-10-20T09:00:00.000Z' });

function renderScreen(props: DealerQuotesProps = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DealerQuotes {...props} />
    </QueryClientProvider>,
  );
}

const text = (element: Element | undefined) => element?.textContent ?? '';
const disabled = (element: Element) => (element as HTMLButtonElement).disabled;
const usd = (minor: number) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(minor / 100);

async function openQuote(number: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Open quote ${number}` }));
  return screen.findByRole('heading', { name: `Quote ${number}` });
}

beforeEach(() => {
  network.online = true;
  router.searchStr = '';
  router.navigate.mockReset();
  router.navigate.mockImplementation(async (options: { to: string; search?: Record<string, string> }) => {
    if (options.to !== '/dashboard/quotes') return;
    router.searchStr = options.search?.quote ? `?quote=${options.search.quote}` : '';
    router.listeners.forEach((listener) => listener());
  });
  for (const fn of Object.values(api)) fn.mockReset();
  for (const fn of Object.values(toast)) fn.mockReset();
  api.getQuotes.mockResolvedValue({ quotes: [expired, quoted, requested] });
  api.getQuote.mockImplementation(async (id: string) => [quoted, requested, expired].find((one) => one.id === id));
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(cleanup);

describe('the list', () => {
  it('shows the quotes newest first with status, tools, total at the quoted prices or waiting, and expiry', async () => {
    renderScreen();
    const rows = await screen.findAllByTestId('quote-row');
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual(['Q-2026-00002', 'Q-2026-00001', 'Q-2026-00003']);
    expect(text(rows[0])).toMatch('Requested');
    expect(text(rows[0])).toMatch('Waiting for prices');
    expect(text(rows[0])).toMatch('2 tools');
    expect(text(rows[1])).toMatch('Quoted');
    expect(text(rows[1])).toMatch(usd(10 * 11_500 + 2 * 45_000));
    expect(text(rows[1])).toMatch(/Accept by Dec 12, 2099/);
    expect(text(rows[2])).toMatch('Expired');
    expect(text(rows[2])).toMatch(/Expired: could be accepted until Nov 1, 2026/);
  });

  it('says what to do when there is none', async () => {
    api.getQuotes.mockResolvedValue({ quotes: [] });
    renderScreen();
    expect(await screen.findByText(/You have not asked for a quote yet/)).toBeTruthy();
  });

  it('offline before they were ever read, says they show once the connection is back', async () => {
    network.online = false;
    api.getQuotes.mockRejectedValue(new NetworkError());
    renderScreen();
    expect(text(await screen.findByRole('status'))).toMatch('your quotes were not read on this device yet');
  });
});

describe('a quote opened', () => {
  it('by a number that is not among the dealer’s says so', async () => {
    router.searchStr = '?quote=Q-2026-09999';
    renderScreen();
    expect(text(await screen.findByRole('alert'))).toBe('There is no quote Q-2026-09999 among yours.');
    expect(api.getQuote).not.toHaveBeenCalled();
  });

  it('shows its lines with both prices, the total, the expiry and the thread', async () => {
    renderScreen();
    await openQuote('Q-2026-00001');
    expect(router.navigate).toHaveBeenCalledWith({ to: '/dashboard/quotes', search: { quote: 'Q-2026-00001' } });
    const table = screen.getByRole('table');
    const drill = within(table).getByRole('row', { name: /Torque Drill/ });
    expect(text(drill)).toMatch('TD-100');
    expect(text(drill)).toMatch(usd(12_900));
    expect(text(drill)).toMatch(usd(11_500));
    expect(text(drill)).toMatch(usd(115_000));
    expect(text(screen.getByTestId('quote-total'))).toMatch(usd(205_000));
    expect(text(screen.getByTestId('quote-expiry'))).toMatch('Accept by Dec 12, 2099');
    const thread = screen.getAllByTestId('quote-message');
    expect(text(thread[0])).toMatch('Dana Dealer');
    expect(text(thread[0])).toMatch('Your company');
    expect(text(thread[0])).toMatch('Asked for a quote');
    expect(text(thread[1])).toMatch('Sam Shop');
    expect(text(thread[1])).toMatch('The shop');
    expect(text(thread[1])).toMatch('Our best for ten.');
  });

  it('opens from the address, and goes back to the list', async () => {
    router.searchStr = '?quote=Q-2026-00002';
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Quote Q-2026-00002' })).toBeTruthy();
    expect(text(screen.getByTestId('quote-total'))).toMatch('Waiting for prices');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /All quotes/ }));
    expect(await screen.findAllByTestId('quote-row')).toHaveLength(3);
  });

  it('an expired quote says so and offers Ask again, not Accept', async () => {
    renderScreen();
    await openQuote('Q-2026-00003');
    expect(text(screen.getByTestId('quote-expiry'))).toMatch(/could be accepted until Nov 1, 2026\. Ask again for new prices\./);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(disabled(screen.getByRole('button', { name: 'Ask again' }))).toBe(false);
  });

  it('sends a message to the shop', async () => {
    api.postQuoteMessage.mockResolvedValue(quoted);
    renderScreen();
    await openQuote('Q-2026-00001');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Write a message.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Write to the shop'), { target: { value: '  Can you deliver by Friday?  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(api.postQuoteMessage).toHaveBeenCalledWith(ID_1, 'Can you deliver by Friday?'));
    await waitFor(() => expect((screen.getByLabelText('Write to the shop') as HTMLTextAreaElement).value).toBe(''));
  });
});

describe('Accept', () => {
  async function fillAccept() {
    renderScreen();
    await openQuote('Q-2026-00001');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Harbour Road, Leeds' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+44 113 496 0000' } });
    fireEvent.change(screen.getByLabelText(/Purchase-order number/), { target: { value: 'PO-77' } });
  }

  it('sends the delivery, the version read and one clientOrderId for every retry, then opens the payment page', async () => {
    api.acceptQuote.mockRejectedValueOnce(new NetworkError()).mockResolvedValueOnce({ insertedId: 'order-1', number: 'O-2026-00009', status: 'Unpaid' });
    await fillAccept();
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(text(await screen.findByRole('alert'))).toMatch('The server could not be reached');
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await waitFor(() => expect(api.acceptQuote).toHaveBeenCalledTimes(2));
    const [first, second] = api.acceptQuote.mock.calls;
    expect(first).toEqual([
      ID_1,
      {
        clientOrderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        version: 2,
        userAddress: '1 Harbour Road, Leeds',
        userPhone: '+44 113 496 0000',
        poNumber: 'PO-77',
      },
    ]);
    expect(second).toEqual(first);
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith({ to: '/dashboard/payment/$id', params: { id: 'order-1' } }));
    expect(toast.success).toHaveBeenCalledWith('Order O-2026-00009 is placed from Q-2026-00001', expect.anything());
  });

  it('an order on account goes to My Orders with its toast', async () => {
    api.acceptQuote.mockResolvedValue({ insertedId: 'order-2', number: 'O-2026-00010', status: 'Confirmed' });
    await fillAccept();
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith({ to: '/dashboard/my-orders' }));
    expect(toast.success).toHaveBeenCalledWith('Order confirmed on account', expect.anything());
  });

  it('shows the server’s refusal in the dealer’s words', async () => {
    const changed = 'The shop changed this quote since you opened it: read the new prices, then accept again.';
    api.acceptQuote.mockRejectedValue(new ApiError(409, 'conflict', changed));
    await fillAccept();
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(text(await screen.findByRole('alert'))).toMatch(changed);
    expect(router.navigate).not.toHaveBeenCalledWith(expect.objectContaining({ to: '/dashboard/my-orders' }));
  });

  it('starts at the company’s default location and its terms, as the order pad does, and waits for them while they are read', async () => {
    api.acceptQuote.mockResolvedValue({ insertedId: 'order-3', number: 'O-2026-00011', status: 'Confirmed' });
    const leeds = { id: LOCATION, name: 'Leeds branch', address: '12 Harbour Road, Leeds', phone: '+44 113 496 0000', contactName: 'Dana', isDefault: true };
    const standing: AccountStanding = {
      paymentTerms: 'net30',
      creditLimit: 1_000_000,
      poRequired: false,
      currency: 'USD',
      outstanding: 0,
      available: 1_000_000,
      overdue: 0,
    };
    const view = renderScreen({ delivery: null });
    await openQuote('Q-2026-00001');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('status').textContent).toBe('Loading where the order goes');
    view.unmount();

    renderScreen({
      delivery: {
        defaultAddress: '',
        defaultPhone: '',
        locations: [leeds],
        account: { company: true, standing },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect((screen.getByLabelText('Deliver to') as HTMLSelectElement).value).toBe(LOCATION);
    expect(screen.queryByLabelText('Address')).toBeNull();
    expect((screen.getByRole('radio', { name: 'On account (Net 30)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    await waitFor(() => expect(api.acceptQuote).toHaveBeenCalled());
    expect(api.acceptQuote.mock.calls[0]?.[1]).toEqual({
      clientOrderId: expect.any(String),
      version: 2,
      userAddress: leeds.address,
      userPhone: leeds.phone,
      locationId: LOCATION,
      payment: 'account',
    });
  });

  it('asks for the address and phone before sending', async () => {
    renderScreen();
    await openQuote('Q-2026-00001');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText('Address is required')).toBeTruthy();
    expect(api.acceptQuote).not.toHaveBeenCalled();
  });
});

describe('Decline and Ask again', () => {
  it('declines with an optional message', async () => {
    api.declineQuote.mockResolvedValue({ ...quoted, status: 'declined' });
    renderScreen();
    await openQuote('Q-2026-00001');
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Q-2026-00001' });
    fireEvent.change(within(dialog).getByLabelText(/Message to the shop/), { target: { value: 'Found it cheaper.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline the quote' }));
    await waitFor(() => expect(api.declineQuote).toHaveBeenCalledWith(ID_1, 'Found it cheaper.'));
    expect(toast.success).toHaveBeenCalledWith('Q-2026-00001 is declined', expect.anything());
  });

  it('asks again only with a message', async () => {
    api.askAgain.mockResolvedValue({ ...quoted, status: 'requested' });
    renderScreen();
    await openQuote('Q-2026-00001');
    fireEvent.click(screen.getByRole('button', { name: 'Ask again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask again for Q-2026-00001' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask again' }));
    expect(await within(dialog).findByText('Write a message.')).toBeTruthy();
    expect(api.askAgain).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('What should change?'), { target: { value: 'Twenty drills instead.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask again' }));
    await waitFor(() => expect(api.askAgain).toHaveBeenCalledWith(ID_1, 'Twenty drills instead.'));
  });
});

describe('offline', () => {
  it('disables every answer and says a connection is needed', async () => {
    network.online = false;
    renderScreen();
    await openQuote('Q-2026-00001');
    expect(disabled(screen.getByRole('button', { name: 'Accept' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Ask again' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Decline' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Send message' }))).toBe(true);
    expect(screen.getByText(/need a connection/)).toBeTruthy();
  });
});
