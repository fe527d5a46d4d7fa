// @vitest-environment jsdom
// The purchase form of a tool with bulk-order rules: the volume prices with the row of the typed quantity
// highlighted, the total at that price, the maximum and pack refused with their own messages while the
// spec's range message stays for the minimum and the stock, and the server's 409 messages shown as sent.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../src/contract/messages';
import type { Product } from '../../src/contract/product';
import { placeOrQueue } from '../../src/offline/outbox';
import { PurchaseForm } from '../../src/features/orders/purchase-form';
import { ApiError } from '../../src/api/errors';
import { orderRefusal } from '../../src/api/order-refusal';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast }));

const drill: Product = {
  _id: '7e57a1a8-0d54-4f44-9d8b-0c1d2e3f4a5b',
  name: 'DX20 Drill',
  description: 'd',
  imageUrl: '/uploads/drill.webp',
  price: 90,
  availableQnt: 600,
  minOrderQnt: 6,
  maxOrderQnt: 500,
  packSize: 6,
  priceTiers: [
    { minQnt: 12, price: 85 },
    { minQnt: 48, price: 80 },
  ],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderForm(product: Product = drill) {
  const onOrdered = vi.fn();
  const onProductChanged = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <PurchaseForm
        product={product}
        userName="Dealer"
        userEmail="dealer@example.com"
        defaultAddress="1 Quay St"
        defaultPhone="+44 113 496 0000"
        placeOrder={placeOrQueue}
        onOrdered={onOrdered}
        onProductChanged={onProductChanged}
      />
    </QueryClientProvider>,
  );
  return { onOrdered, onProductChanged };
}

const quantity = () => screen.getByLabelText('Order quantity (pcs.)') as HTMLInputElement;
const type = (value: string) => fireEvent.change(quantity(), { target: { value } });
const total = () => screen.getByTestId('order-total').textContent;
const highlighted = () => screen.getByTestId('price-tiers').querySelector('[aria-current="true"]')?.textContent;
const orderButton = () => screen.getByRole('button', { name: 'Order' }) as HTMLButtonElement;
const fetchMock = () => fetch as unknown as ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.setItem('accessToken', 'test-token');
  vi.stubGlobal('fetch', vi.fn());
  for (const fn of Object.values(toast)) fn.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PurchaseForm with volume prices and rules', () => {
  it('lists the volume prices and highlights the row of the typed quantity, with the total at its price', () => {
    renderForm();
    const table = screen.getByTestId('price-tiers');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => Array.from(row.children).map((cell) => cell.textContent)),
    ).toEqual([
      ['6–11 pcs.your quantity', '$90'],
      ['12–47 pcs.', '$85'],
      ['48 pcs. and more', '$80'],
    ]);
    expect(total()).toBe('$540');
    type('12');
    expect(highlighted()).toContain('12–47 pcs.');
    expect(total()).toBe('$1,020');
    type('60');
    expect(highlighted()).toContain('48 pcs. and more');
    expect(total()).toBe('$4,800');
  });

  it('steps the quantity box by packs and caps it at the maximum', () => {
    renderForm();
    expect(quantity().step).toBe('6');
    expect(quantity().max).toBe('500');
  });

  it("refuses a quantity off the pack with the rule's message", () => {
    renderForm();
    type('13');
    expect(screen.getByRole('alert').textContent).toBe('Sold in packs of 6: order a multiple of 6 pcs.');
    expect(orderButton().disabled).toBe(true);
  });

  it("keeps the spec's range message, to the real bound (the maximum, below the stock) and why", () => {
    renderForm();
    const range = 'Quantity should be in 6 to 500. At most 500 pcs. per order.';
    for (const typed of ['5', '504', '606']) {
      type(typed);
      expect(screen.getByRole('alert').textContent).toBe(range);
      expect(orderButton().disabled).toBe(true);
    }
  });

  it("keeps the spec's words when the stock is the bound", () => {
    renderForm({ ...drill, availableQnt: 300 });
    type('306');
    expect(screen.getByRole('alert').textContent).toBe('Quantity should be in 6 to 300.');
    expect(quantity().max).toBe('300');
  });

  it("shows no table and no rule for a tool without them, as the spec's form always was", () => {
    renderForm({ ...drill, maxOrderQnt: null, packSize: 1, priceTiers: [] });
    expect(screen.queryByTestId('price-tiers')).toBeNull();
    type('13');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(total()).toBe('$1,170');
  });

  it('sends its one line at the tier price, and the total at that price', async () => {
    fetchMock().mockResolvedValueOnce(json(201, { insertedId: '5d0c6a4e-8d1f-4c0b-9a57-1b7c1f1b7a11' }));
    const { onOrdered } = renderForm();
    type('48');
    fireEvent.click(orderButton());
    await waitFor(() => expect(onOrdered).toHaveBeenCalled());
    const body = JSON.parse(String((fetchMock().mock.calls[0]?.[1] as RequestInit).body)) as Record<string, unknown>;
    expect(body).toMatchObject({ lines: [{ productId: drill._id, quantity: 48, unitPrice: 80 }], totalPrice: 3840 });
    expect(toast.success).toHaveBeenCalledWith(toasts.orderAdded);
  });
});

describe("the server's 409 answers on the purchase page", () => {
  const unpaidLimit = 'You have 4,800 pcs. waiting for payment; one account may hold 5,000 pcs. unpaid. Pay or delete an unpaid order first.';

  it("shows unpaid_limit's message as the server wrote it", async () => {
    fetchMock().mockResolvedValueOnce(json(409, { error: { code: 'unpaid_limit', message: unpaidLimit } }));
    renderForm();
    fireEvent.click(orderButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(toasts.orderFailed, { description: unpaidLimit }));
    expect(screen.getByRole('alert').textContent).toBe(unpaidLimit);
  });

  it('shows the message of a 409 code it does not know, not a generic one', async () => {
    fetchMock().mockResolvedValueOnce(json(409, { error: { code: 'something_new', message: 'The shop is closed for stocktaking until Monday.' } }));
    renderForm();
    fireEvent.click(orderButton());
    expect((await screen.findByRole('alert')).textContent).toBe('The shop is closed for stocktaking until Monday.');
  });

  it("takes the current product of a refused line, and shows that line's reason", async () => {
    const now = { ...drill, maxOrderQnt: 6 };
    const refusedLine = { productId: drill._id, code: 'above_maximum', message: 'At most 6 pcs. per order.', product: now };
    fetchMock().mockResolvedValueOnce(
      json(409, {
        error: {
          code: 'above_maximum',
          message: 'One line cannot be ordered as it is. DX20 Drill: At most 6 pcs. per order.',
          details: { lines: [refusedLine] },
        },
      }),
    );
    const { onProductChanged } = renderForm();
    fireEvent.click(orderButton());
    await waitFor(() => expect(onProductChanged).toHaveBeenCalledWith(now));
    expect(screen.getByRole('alert').textContent).toBe('At most 6 pcs. per order.');
    expect(orderRefusal(new ApiError(409, 'not_pack_multiple', 'x', { lines: [refusedLine] }))?.lines[0]?.product).toEqual(now);
    expect(orderRefusal(new ApiError(409, 'unpaid_limit', unpaidLimit))).toBeNull();
  });

  it('shows a changed price per unit at the quantity, and takes the current product', async () => {
    const now = { ...drill, price: 95 };
    const refusedLine = { productId: drill._id, code: 'price_changed', message: 'The price has changed: 6 pcs. now cost $95 each.', product: now };
    fetchMock().mockResolvedValueOnce(
      json(409, { error: { code: 'price_changed', message: 'One line cannot be ordered as it is.', details: { lines: [refusedLine] } } }),
    );
    const { onProductChanged } = renderForm();
    fireEvent.click(orderButton());
    await waitFor(() => expect(onProductChanged).toHaveBeenCalledWith(now));
    expect(screen.getByRole('alert').textContent).toContain('The price has changed from $90 to $95 per unit.');
  });
});
