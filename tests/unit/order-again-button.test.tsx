// @vitest-environment jsdom
// My Orders' Order again: the lines go on the order pad at today's quantities; a toast when nothing
// changed, a dialog naming each changed or missing line otherwise.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/contract/order';
import type { Product } from '../../src/contract/product';
import { MyOrdersTable } from '../../src/features/orders/my-orders-table';
import { fixtureId, orderOfLines } from '../helpers/order-fixtures';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast }));
const pad = vi.hoisted(() => ({ addToPad: vi.fn(async () => undefined) }));
vi.mock('../../src/offline/store/order-pad', () => pad);

const id = fixtureId;
const product = (n: number, fields: Partial<Product> = {}): Product => ({
  _id: id(n),
  name: `Tool ${n}`,
  description: 'd',
  imageUrl: `/uploads/${n}.webp`,
  price: 100,
  availableQnt: 1000,
  minOrderQnt: 1,
  ...fields,
});
const line = (n: number, quantity: number, unitPrice = 100) => ({
  productId: id(n),
  productName: `Tool ${n}`,
  imageUrl: null,
  unitPrice,
  quantity,
  lineTotal: quantity * unitPrice,
});

function order(lines: ReturnType<typeof line>[]): Order {
  return orderOfLines(lines, { _id: id(500) });
}

function renderTable(orders: Order[], catalogue: Product[], offlineReason: string | null = null) {
  const openPad = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MyOrdersTable
        orders={orders}
        offlineReason={offlineReason}
        orderAgain={{ email: 'dealer@example.com', loadCatalogue: async () => catalogue, openPad }}
      />
    </QueryClientProvider>,
  );
  return { openPad };
}

const orderAgain = (name: string) =>
  fireEvent.click(within(screen.getByRole('table', { name: 'My orders' })).getByRole('button', { name: `Order again ${name}` }));

beforeEach(() => {
  pad.addToPad.mockClear();
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

describe('Order again', () => {
  it('is offered on paid and shipped orders only', () => {
    const unpaid = { ...order([line(1, 5)]), _id: id(501), status: 'Unpaid' as const, transactionId: null };
    // Offline: Pay is a plain disabled button, so no router is needed; Order again works offline.
    renderTable([order([line(2, 5)]), unpaid], [], 'You are offline.');
    const table = screen.getByRole('table', { name: 'My orders' });
    expect(within(table).getAllByRole('button', { name: /^Order again/u })).toHaveLength(1);
    expect(within(table).getByRole('button', { name: 'Order again Tool 2' })).toBeTruthy();
  });

  it('puts unchanged lines on the pad and says so in a toast', async () => {
    renderTable([order([line(1, 10), line(2, 4)])], [product(1), product(2)]);
    orderAgain('Tool 1 and 1 more');
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(pad.addToPad.mock.calls).toEqual([
      ['dealer@example.com', id(1), 10],
      ['dealer@example.com', id(2), 4],
    ]);
    expect(toast.success.mock.calls[0]?.[0]).toBe('All 2 lines of Tool 1 and 1 more on your order pad, at the same prices.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists what changed, adds what it can, and leads to the pad', async () => {
    const { openPad } = renderTable(
      [order([line(1, 10), line(2, 15), line(3, 5), line(4, 5)])],
      [product(1, { price: 110 }), product(2, { packSize: 6, minOrderQnt: 6 }), product(4)],
    );
    orderAgain('Tool 1 and 3 more');
    const dialog = await screen.findByRole('dialog', { name: 'Order again: Tool 1 and 3 more' });
    expect(dialog.textContent).toContain("3 of 4 lines are on your order pad at today's prices.");
    const changes = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(changes).toEqual([
      'Tool 1Unit price $100 → $110',
      'Tool 2Quantity 15 pcs. → 18 pcs.: sold in packs of 6',
      'Tool 3Not added: This tool is no longer in the catalogue.',
    ]);
    expect(dialog.textContent).toContain('One other line is as you ordered it.');
    expect(pad.addToPad.mock.calls.map((call) => call.slice(1))).toEqual([
      [id(1), 10],
      [id(2), 18],
      [id(4), 5],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open order pad' }));
    expect(openPad).toHaveBeenCalled();
  });

  it('says when nothing could go on the pad', async () => {
    renderTable([order([line(1, 10)])], [product(1, { availableQnt: 2, minOrderQnt: 5 })]);
    orderAgain('Tool 1');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('None of its lines could be put on your order pad.');
    expect(within(dialog).getByRole('listitem').textContent).toBe('Tool 1Not added: Out of stock right now.');
    expect(within(dialog).queryByRole('button', { name: 'Open order pad' })).toBeNull();
    expect(pad.addToPad).not.toHaveBeenCalled();
  });

  it('says when the catalogue could not be read', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MyOrdersTable
          orders={[order([line(1, 10)])]}
          offlineReason={null}
          orderAgain={{ email: 'dealer@example.com', loadCatalogue: () => Promise.reject(new Error('boom')), openPad: vi.fn() }}
        />
      </QueryClientProvider>,
    );
    orderAgain('Tool 1');
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(pad.addToPad).not.toHaveBeenCalled();
  });
});
