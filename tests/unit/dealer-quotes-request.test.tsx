// @vitest-environment jsdom
// "Request a quote" on the order pad (docs/decisions/058-quotes.md): offered to a dealer of a company beside
// Place order; it sends the pad's lines as Place order builds them, with the dealer's message, and says whether
// the request went (its number) or waits on the device, then opens Quotes. A refusal shows in the dialog.

import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import type { Product } from '../../src/contract/product';
import type * as outbox from '../../src/offline/outbox';
import { OrderPad, type OrderPadProps } from '../../src/features/order-pad/order-pad';

const quotes = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../src/offline/outbox', async (original) => ({ ...(await original<typeof outbox>()), requestQuoteOrQueue: quotes.request }));
const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate, Link: () => null }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast }));

const DEALER = 'dealer@example.com';
const tool = (id: string, name: string, price: number): Product => ({
  _id: id,
  name,
  description: '',
  imageUrl: `/uploads/${id}.webp`,
  price,
  availableQnt: 100,
  minOrderQnt: 5,
});
const drill = tool('11111111-1111-4111-8111-111111111111', 'Quote Drill', 120);
const saw = tool('22222222-2222-4222-8222-222222222222', 'Quote Saw', 300);
const pad = [
  { ownerEmail: DEALER, productId: drill._id, quantity: 10, addedAt: 1000 },
  { ownerEmail: DEALER, productId: saw._id, quantity: 5, addedAt: 2000 },
];

function renderPad(props: Partial<OrderPadProps> = {}) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderPad
        email={DEALER}
        lines={pad}
        products={[drill, saw]}
        productsError={null}
        defaultAddress=""
        defaultPhone=""
        account={{ company: true, standing: null }}
        placeOrder={vi.fn()}
        onProductsChanged={() => undefined}
        onDone={() => undefined}
        {...props}
      />
    </QueryClientProvider>,
  );
}

async function sendRequest(message: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Request a quote' }));
  const dialog = await screen.findByRole('dialog', { name: 'Request a quote' });
  fireEvent.change(within(dialog).getByLabelText(/Message to the shop/), { target: { value: message } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
  return dialog;
}

beforeEach(() => {
  quotes.request.mockReset();
  navigate.mockReset();
  for (const fn of Object.values(toast)) fn.mockReset();
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(cleanup);

describe('Request a quote on the pad', () => {
  it('is offered only to a dealer of a company', () => {
    renderPad({ account: { company: false, standing: null } });
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request a quote' })).toBeNull();
  });

  it('sends the pad’s lines as Place order builds them, with the message, then opens Quotes', async () => {
    quotes.request.mockResolvedValue({ kind: 'requested', quoteId: 'q1', number: 'Q-2026-00007' });
    renderPad();
    await sendRequest('  Ten drills for the new site.  ');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/dashboard/quotes' }));
    expect(quotes.request).toHaveBeenCalledWith({
      ownerEmail: DEALER,
      message: 'Ten drills for the new site.',
      lines: [
        { productId: drill._id, productName: drill.name, imageUrl: drill.imageUrl, quantity: 10, unitPrice: 120 },
        { productId: saw._id, productName: saw.name, imageUrl: saw.imageUrl, quantity: 5, unitPrice: 300 },
      ],
      pad,
    });
    expect(toast.success).toHaveBeenCalledWith('Quote requested: Q-2026-00007. The shop will answer on Quotes.');
  });

  it('says a request saved offline will be sent later', async () => {
    quotes.request.mockResolvedValue({ kind: 'saved' });
    renderPad();
    await sendRequest('');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/dashboard/quotes' }));
    expect(quotes.request).toHaveBeenCalledWith(expect.objectContaining({ message: '' }));
    expect(toast.success).toHaveBeenCalledWith('Saved offline: your quote request will be sent when you are back online.');
  });

  it('shows the server’s refusal in the dialog and stays on the pad', async () => {
    quotes.request.mockRejectedValue(new ApiError(403, 'forbidden', 'Only a dealer of an approved company can ask for a quote.'));
    renderPad();
    const dialog = await sendRequest('Please');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only a dealer of an approved company can ask for a quote.');
    expect(navigate).not.toHaveBeenCalled();
  });
});
