// @vitest-environment jsdom
// Ordering on account from the purchase page and the order pad (docs/decisions/044-orders-on-account.md):
// the PO number (refused on the device where the company requires one), the choice On account / Card with
// the credit left and a note over it, what the order carries, and what the dealer is told; an account
// without a company sees none of it. My Orders shows the new statuses, the PO number and the invoice's due date.

import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages, type AccountStanding } from '../../src/contract/account-terms';
import { toasts } from '../../src/contract/messages';
import type { Order } from '../../src/contract/order';
import type { Product } from '../../src/contract/product';
import { OrderPad } from '../../src/features/order-pad/order-pad';
import { MyOrdersTable } from '../../src/features/orders/my-orders-table';
import { PurchaseForm } from '../../src/features/orders/purchase-form';
import type { OrderToPlace, PlaceOutcome } from '../../src/offline/outbox';
import { type OrderAccount } from '../../src/ui/account-payment';
import { fixtureId, orderOfLines } from '../helpers/order-fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast }));

const drill: Product = {
  _id: fixtureId(1),
  name: 'DX20 Drill',
  description: 'd',
  imageUrl: '/uploads/drill.webp',
  price: 100,
  availableQnt: 600,
  minOrderQnt: 5,
};

const net30 = (fields: Partial<AccountStanding> = {}): OrderAccount => ({
  company: true,
  standing: {
    paymentTerms: 'net30',
    creditLimit: 2_000_000,
    poRequired: true,
    outstanding: 760_000,
    available: 1_240_000,
    overdue: 0,
    currency: 'USD',
    ...fields,
  },
});

function wrap(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

function renderForm(account: OrderAccount | undefined, outcome: PlaceOutcome = { kind: 'placed', orderId: 'o-1', status: 'Confirmed' }) {
  const placeOrder = vi.fn(async (_order: OrderToPlace) => outcome);
  const onOrdered = vi.fn();
  render(
    wrap(
      <PurchaseForm
        product={drill}
        userName="Dealer"
        userEmail="dealer@example.com"
        defaultAddress="1 Quay St, Leeds"
        defaultPhone="+44 113 496 0000"
        {...(account ? { account } : {})}
        placeOrder={placeOrder}
        onOrdered={onOrdered}
        onProductChanged={() => undefined}
      />,
    ),
  );
  return { placeOrder, onOrdered };
}

const poBox = () => screen.getByLabelText(/Purchase-order number/u) as HTMLInputElement;
const order = () => fireEvent.click(screen.getByRole('button', { name: 'Order' }));

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
});
afterEach(cleanup);

describe('the purchase page of a company on net 30', () => {
  it('refuses to place without the PO number the company requires, on the device', async () => {
    const { placeOrder } = renderForm(net30());
    expect(poBox().getAttribute('aria-required')).toBe('true');
    order();
    expect(await screen.findByText(accountMessages.poRequired)).toBeTruthy();
    expect(poBox().getAttribute('aria-invalid')).toBe('true');
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('refuses characters a PO number does not have', async () => {
    renderForm(net30());
    fireEvent.change(poBox(), { target: { value: 'PO<42>' } });
    fireEvent.blur(poBox());
    expect(await screen.findByText(accountMessages.poCharacters)).toBeTruthy();
  });

  it('places on account by default with the PO number, and says it is confirmed', async () => {
    const { placeOrder, onOrdered } = renderForm(net30());
    expect(screen.getByRole('radio', { name: 'On account (Net 30)' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('credit-available').textContent).toBe('Credit available: $12,400.00');
    fireEvent.change(poBox(), { target: { value: ' PO-2026/0042 ' } });
    order();
    await waitFor(() => expect(onOrdered).toHaveBeenCalled());
    expect(placeOrder.mock.calls[0]?.[0]).toMatchObject({ poNumber: 'PO-2026/0042', payment: 'account' });
    expect(toast.success).toHaveBeenCalledWith('Order confirmed on account', expect.anything());
    expect(toast.success).not.toHaveBeenCalledWith(toasts.orderAdded);
  });

  it('notes an order over the credit left, and says why it went on hold', async () => {
    const { onOrdered } = renderForm(net30({ available: 40_000 }), { kind: 'placed', orderId: 'o-2', status: 'On hold' });
    // 5 pcs. at $100: $500 is over $400 of credit.
    expect(screen.getByTestId('credit-note').textContent).toBe('This order is over your available credit: it will wait for the shop to release it.');
    fireEvent.change(poBox(), { target: { value: 'PO-9' } });
    order();
    await waitFor(() => expect(onOrdered).toHaveBeenCalled());
    expect(toast.warning).toHaveBeenCalledWith('Order on hold', { description: accountMessages.overCredit });
  });

  it('sends card when the dealer chooses it, and the card flow goes on as before', async () => {
    const { placeOrder } = renderForm(net30({ poRequired: false }), { kind: 'placed', orderId: 'o-3', status: 'Unpaid' });
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    expect(screen.queryByTestId('credit-note')).toBeNull();
    order();
    await waitFor(() => expect(placeOrder).toHaveBeenCalled());
    expect(placeOrder.mock.calls[0]?.[0]).toMatchObject({ payment: 'card' });
    expect(placeOrder.mock.calls[0]?.[0]).not.toHaveProperty('poNumber');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(toasts.orderAdded));
  });
});

describe('the purchase page without terms', () => {
  it('shows no PO number and no choice to an account without a company, and sends neither', async () => {
    const { placeOrder } = renderForm(undefined, { kind: 'placed', orderId: 'o-4', status: 'Unpaid' });
    expect(screen.queryByLabelText(/Purchase-order number/u)).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    order();
    await waitFor(() => expect(placeOrder).toHaveBeenCalled());
    const sent = placeOrder.mock.calls[0]?.[0];
    expect(sent).not.toHaveProperty('poNumber');
    expect(sent).not.toHaveProperty('payment');
  });

  it('asks a company on card terms for an optional PO number only', () => {
    renderForm({
      company: true,
      standing: { paymentTerms: 'card', creditLimit: 0, poRequired: false, outstanding: 0, available: 0, overdue: 0, currency: 'USD' },
    });
    expect(poBox().getAttribute('aria-required')).toBe('false');
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('the order pad of a company on net 30', () => {
  it('places the pad with the PO number and on account', async () => {
    const placeOrder = vi.fn(async (_order: OrderToPlace): Promise<PlaceOutcome> => ({ kind: 'placed', orderId: 'o-5', status: 'Confirmed' }));
    const onDone = vi.fn();
    render(
      wrap(
        <OrderPad
          email="dealer@example.com"
          lines={[{ ownerEmail: 'dealer@example.com', productId: drill._id, quantity: 5, addedAt: 1 }]}
          products={[drill]}
          productsError={null}
          defaultAddress="1 Quay St, Leeds"
          defaultPhone="+44 113 496 0000"
          account={net30()}
          placeOrder={placeOrder}
          onProductsChanged={() => undefined}
          onDone={onDone}
        />,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(accountMessages.poRequired)).toBeTruthy();
    expect(placeOrder).not.toHaveBeenCalled();
    fireEvent.change(poBox(), { target: { value: 'PO-77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(placeOrder.mock.calls[0]?.[0]).toMatchObject({ poNumber: 'PO-77', payment: 'account' });
  });
});

describe('My Orders with orders on account', () => {
  const line = { productId: drill._id, productName: drill.name, imageUrl: drill.imageUrl, unitPrice: 100, quantity: 5, lineTotal: 500 };
  const onAccount = (n: number, fields: Partial<Order>): Order =>
    orderOfLines([line], {
      _id: fixtureId(100 + n),
      number: `O-2026-0020${n}`,
      transactionId: null,
      paymentTerms: 'net30',
      createdAt: '2026-11-20T10:00:00.000Z',
      ...fields,
    });

  it('shows the PO number, why an order is on hold or refused, and a shipped order’s due date, with no Pay or Delete', () => {
    const orders = [
      onAccount(1, { status: 'On hold', poNumber: 'PO-1', statusReason: accountMessages.overCredit }),
      onAccount(2, { status: 'Confirmed', poNumber: 'PO-2' }),
      onAccount(3, { status: 'Refused', statusReason: 'We no longer ship to this site.' }),
      onAccount(4, { status: 'Shipped', invoiceNo: 'INV-2026-00004', shippedAt: '2026-11-21T10:00:00.000Z', dueAt: '2999-12-21T10:00:00.000Z' }),
      onAccount(5, {
        status: 'Shipped',
        invoiceNo: 'INV-2026-00005',
        dueAt: '2026-10-01T10:00:00.000Z',
        paidAt: '2026-10-02T10:00:00.000Z',
        paymentReference: 'BACS 7781',
      }),
    ];
    render(wrap(<MyOrdersTable orders={orders} offlineReason={null} />));
    const table = screen.getByRole('table', { name: 'My orders' });
    const row = (number: string) => within(table).getByText(number).closest('tr') as HTMLElement;

    expect(row('O-2026-00201').textContent).toContain('PO PO-1');
    expect(within(row('O-2026-00201')).getByTestId('status-reason').textContent).toBe(accountMessages.overCredit);
    expect(row('O-2026-00202').textContent).toContain('On account, Net 30');
    expect(within(row('O-2026-00203')).getByTestId('status-reason').textContent).toBe('The shop’s reason: We no longer ship to this site.');
    expect(within(row('O-2026-00204')).getByTestId('invoice-state').textContent).toMatch(/^Invoice due /u);
    expect(within(row('O-2026-00205')).getByTestId('invoice-state').textContent).toMatch(/^Invoice paid /u);
    expect(row('O-2026-00205').textContent).toContain('Bank transfer BACS 7781');
    expect(within(table).queryByRole('link', { name: /Pay for/u })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Delete/u })).toBeNull();
    // An invoice only once shipped: none for an order on hold, confirmed or refused.
    expect(within(row('O-2026-00201')).queryByRole('button', { name: /Invoice/u })).toBeNull();
    expect(within(row('O-2026-00204')).getByRole('button', { name: /Invoice/u })).toBeTruthy();
  });
});
