// @vitest-environment jsdom
// Editing a saved one-tool order of a tool with volume prices and a pack: the total follows the tier of
// the quantity typed, the pack and maximum are checked, and the order is saved at the tier's unit price,
// so the server's total matches and the resend is not refused as a price change.

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../src/contract/product';
import type { OutboxItem } from '../../src/offline/store/database';
import { EditQueuedOrder } from '../../src/features/orders/edit-queued-order';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
const outbox = vi.hoisted(() => ({
  editOutboxItem: vi.fn(async (..._args: unknown[]) => undefined),
  OutboxEditRefused: class OutboxEditRefused extends Error {},
  queuedOrderName: (lines: { productName: string }[]) => lines[0]?.productName ?? '',
}));
vi.mock('../../src/offline/outbox/queue', () => outbox);

const drill: Product = {
  _id: '7e57a1a8-0d54-4f44-9d8b-0c1d2e3f4a5b',
  name: 'DX20 Drill',
  description: 'd',
  imageUrl: '/uploads/drill.webp',
  price: 90,
  availableQnt: 600,
  minOrderQnt: 6,
  maxOrderQnt: 300,
  packSize: 6,
  priceTiers: [{ minQnt: 12, price: 85 }],
};

const item: OutboxItem = {
  clientOrderId: '9b7f4a52-7c0e-4d44-8f0e-3c3b1f0b9a10',
  ownerEmail: 'dealer@example.com',
  lines: [
    {
      productId: drill._id,
      productName: drill.name,
      imageUrl: drill.imageUrl,
      quantity: 6,
      unitPrice: 90,
      problem: { code: 'out_of_stock', message: 'Only 5 pcs. are in stock.' },
      serverProduct: drill,
    },
  ],
  userAddress: '1 Quay St',
  userPhone: '+44 113 496 0000',
  totalPrice: 540,
  createdAt: 1,
  updatedAt: 1,
  state: 'needs-attention',
  attempts: 0,
  nextAttemptAt: 1,
  sendingSince: null,
  maybeDelivered: false,
  lastError: { status: 409, code: 'out_of_stock', message: 'Only 5 pcs. are in stock.' },
};

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

async function renderEdit() {
  render(<EditQueuedOrder email="dealer@example.com" item={item} sendNow={vi.fn()} onClose={vi.fn()} />);
  const dialog = await screen.findByRole('dialog', { name: 'Edit the DX20 Drill order' });
  await within(dialog).findByLabelText('Order quantity (pcs.)');
  const quantity = within(dialog).getByLabelText('Order quantity (pcs.)');
  return { dialog, type: (value: string) => fireEvent.change(quantity, { target: { value } }) };
}

describe('editing a saved order of a tool with volume prices', () => {
  it('totals at the tier of the quantity and saves at that unit price', async () => {
    const { dialog, type } = await renderEdit();
    type('12');
    expect(dialog.textContent).toContain('$85 each (was $90 when you ordered)');
    expect(dialog.textContent).toContain('$1,020');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and send' }));
    await waitFor(() => expect(outbox.editOutboxItem).toHaveBeenCalled());
    expect(outbox.editOutboxItem.mock.calls[0]).toEqual([
      'dealer@example.com',
      item.clientOrderId,
      { lines: [{ productId: drill._id, quantity: 12, unitPrice: 85 }], userAddress: '1 Quay St', userPhone: '+44 113 496 0000' },
    ]);
  });

  it("refuses a quantity off the pack with the rule's message", async () => {
    const { dialog, type } = await renderEdit();
    type('13');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and send' }));
    expect(await within(dialog).findByText('Sold in packs of 6: order a multiple of 6 pcs.')).toBeTruthy();
    expect(outbox.editOutboxItem).not.toHaveBeenCalled();
  });
});
