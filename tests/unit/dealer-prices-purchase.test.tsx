// @vitest-environment jsdom
// The purchase page of a dealer whose company buys from a euro price list: the volume prices and the live
// total in euros at the list's price for the quantity typed, the note saying whose prices they are, and the
// order sent with the unit price shown in minor units, the list's currency and its version.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { applyPriceListAnswer } from '../../src/contract/dealer-price-list';
import type { Product } from '../../src/contract/product';
import { PurchaseForm } from '../../src/features/orders/purchase-form';
import type { OrderToPlace, PlaceOutcome } from '../../src/offline/outbox';
import { dealerPricesOf } from '../../src/offline/prices/dealer-prices';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const drill: Product = {
  _id: '7e57a1a8-0d54-4f44-9d8b-0c1d2e3f4a5b',
  name: 'DX20 Drill',
  description: 'd',
  imageUrl: '/uploads/drill.webp',
  price: 90,
  availableQnt: 600,
  minOrderQnt: 6,
  priceTiers: [{ minQnt: 12, price: 85 }],
};

// A fixed €80.00 a piece, €70.00 from 24 pieces; the tool's own $85 tier at 12 pieces is €78.20 (0.92, no percentage).
const list = applyPriceListAnswer(null, {
  id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Euro dealers',
  currency: 'EUR',
  rateMicros: 920_000,
  defaultPercentOff: 0,
  version: 7,
  entries: [{ productId: drill._id, price: 8_000, percentOff: null, tiers: [{ minQnt: 24, price: 7_000 }] }],
  removed: [],
  complete: true,
});
const asked = vi.hoisted(() => [] as string[]);
vi.mock('../../src/offline/prices/saved-list', () => ({
  loadDealerPrices: async (email: string) => {
    asked.push(email);
    return list && dealerPricesOf(list);
  },
}));

const euros = (minor: number) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(minor / 100);

afterEach(cleanup);

it('shows the euro prices and total of the quantity typed, and sends the unit price shown with the currency and version', async () => {
  const placeOrder = vi.fn(async (_order: OrderToPlace): Promise<PlaceOutcome> => ({ kind: 'placed', orderId: 'o1' }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PurchaseForm
        product={drill}
        userName="Dealer"
        userEmail="dealer@example.com"
        defaultAddress="1 Quay St"
        defaultPhone="+44 113 496 0000"
        placeOrder={placeOrder}
        onOrdered={vi.fn()}
        onProductChanged={vi.fn()}
      />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe(euros(6 * 8_000)));
  expect(asked).toEqual(['dealer@example.com']);
  expect(screen.getByTestId('dealer-prices-note').textContent).toBe('Your company’s prices, in euros');
  const tiers = within(screen.getByTestId('price-tiers'));
  expect(tiers.getByText(euros(8_000))).toBeTruthy();
  expect(tiers.getByText(euros(7_000))).toBeTruthy();
  // The tool's own tier at 12 pieces is dearer than the list's fixed price, so it is not a volume price here.
  expect(tiers.queryByText(euros(7_820))).toBeNull();

  fireEvent.change(screen.getByLabelText('Order quantity (pcs.)'), { target: { value: '24' } });
  expect(screen.getByTestId('order-total').textContent).toBe(euros(24 * 7_000));
  fireEvent.click(screen.getByRole('button', { name: 'Order' }));
  await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
  expect(placeOrder.mock.calls[0]?.[0]).toMatchObject({
    currency: 'EUR',
    priceListVersion: 7,
    lines: [{ productId: drill._id, quantity: 24, unitPrice: 85, unitPriceMinor: 7_000 }],
  });
});
