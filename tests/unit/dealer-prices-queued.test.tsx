// @vitest-environment jsdom
// An order saved on the device from the company's euro price list: the saved orders list and its edit show
// the line in euros, a price change the server reported reads "was €X, now €Y", and saving the edit accepts
// the price now, in minor units; an order saved before price lists keeps its whole dollars.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../src/contract/product';
import { EditQueuedOrder } from '../../src/features/orders/edit-queued-order';
import { QueuedLines } from '../../src/features/orders/queued-lines';
import type { OutboxItem } from '../../src/offline/store/database';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
const outbox = vi.hoisted(() => ({
  editOutboxItem: vi.fn(async (..._args: unknown[]) => undefined),
  OutboxEditRefused: class OutboxEditRefused extends Error {},
  queuedOrderName: (lines: { productName: string }[]) => lines[0]?.productName ?? '',
}));
vi.mock('../../src/offline/outbox/queue', () => outbox);
// The list as the device holds it: none saved here, so a line keeps the price the server reported.
vi.mock('../../src/offline/prices/saved-list', () => ({ loadDealerPrices: async () => null }));

const drill: Product = {
  _id: '7e57a1a8-0d54-4f44-9d8b-0c1d2e3f4a5b',
  name: 'DX20 Drill',
  description: 'd',
  imageUrl: '/uploads/drill.webp',
  price: 90,
  availableQnt: 600,
  minOrderQnt: 6,
};

const listed: OutboxItem = {
  clientOrderId: '9b7f4a52-7c0e-4d44-8f0e-3c3b1f0b9a10',
  ownerEmail: 'dealer@example.com',
  lines: [
    {
      productId: drill._id,
      productName: drill.name,
      imageUrl: drill.imageUrl,
      quantity: 6,
      unitPrice: 90,
      unitPriceMinor: 1_200,
      problem: { code: 'price_changed', message: 'The price of DX20 Drill has changed.', seenPriceMinor: 1_200, priceMinor: 1_350, currency: 'EUR' },
      serverProduct: drill,
    },
  ],
  userAddress: '1 Quay St',
  userPhone: '+44 113 496 0000',
  totalPrice: 540,
  currency: 'EUR',
  priceListVersion: 4,
  createdAt: 1,
  updatedAt: 1,
  state: 'needs-attention',
  attempts: 0,
  nextAttemptAt: 1,
  sendingSince: null,
  maybeDelivered: false,
  lastError: { status: 409, code: 'price_changed', message: 'A price has changed.' },
};

const euros = (minor: number) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(minor / 100);

beforeEach(() => {
  outbox.editOutboxItem.mockClear();
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(cleanup);

describe('a saved order priced from a euro list', () => {
  it('lists its line in euros with the price change as "was, now"', () => {
    render(<QueuedLines item={listed} label="Tools" />);
    const line = screen.getByRole('listitem');
    expect(line.textContent).toContain(`6 pcs. × ${euros(1_200)}`);
    expect(screen.getByTestId('queued-price-change').textContent).toBe(` (was ${euros(1_200)}, now ${euros(1_350)})`);
  });

  it('an order saved before price lists keeps its whole dollars and its message alone', () => {
    const { unitPriceMinor: _minor, ...line } = listed.lines[0] ?? ({} as OutboxItem['lines'][number]);
    render(<QueuedLines item={{ lines: [{ ...line, problem: { code: 'price_changed', message: 'The price has changed.' } }] }} label="Tools" />);
    expect(screen.getByRole('listitem').textContent).toContain('6 pcs. × $90');
    expect(screen.queryByTestId('queued-price-change')).toBeNull();
  });

  it('the edit shows the change, and saving accepts the price now in minor units', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <EditQueuedOrder email="dealer@example.com" item={listed} sendNow={vi.fn()} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit the DX20 Drill order' });
    const line = await within(dialog).findByTestId('queued-line');
    expect(line.textContent).toContain(`${euros(1_350)} each (was ${euros(1_200)}, now ${euros(1_350)})`);
    expect(dialog.textContent).toContain(euros(6 * 1_350));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and send' }));
    await waitFor(() => expect(outbox.editOutboxItem).toHaveBeenCalledTimes(1));
    const edit = outbox.editOutboxItem.mock.calls[0]?.[2] as { lines: unknown[] };
    expect(edit.lines).toEqual([{ productId: drill._id, quantity: 6, unitPrice: 90, unitPriceMinor: 1_350 }]);
  });
});
