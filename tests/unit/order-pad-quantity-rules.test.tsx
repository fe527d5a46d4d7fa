// @vitest-environment jsdom
// The order pad with the quantity rules (src/contract/quantity-rules.ts): the quick entry rounds up or
// refuses with the reason, the total counts only lines that can be ordered and says so, and Place order
// waits with the reason tied to it.

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../src/contract/product';
import type { PadLine } from '../../src/offline/store';
import { OrderPad } from '../../src/features/order-pad/order-pad';
import { QuickEntry } from '../../src/features/order-pad/quick-entry';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const tool = (id: string, name: string, extra: Partial<Product>): Product => ({
  _id: id,
  name,
  description: '',
  imageUrl: '/uploads/x.webp',
  price: 10,
  availableQnt: 1200,
  minOrderQnt: 1,
  ...extra,
});
const clamp = tool('c1', 'Bar Clamp', { price: 12, minOrderQnt: 30, maxOrderQnt: 500 });
const blades = tool('b1', 'Saw Blades', { price: 5, minOrderQnt: 6, packSize: 6, availableQnt: 600 });
const saw = tool('s1', 'Chop Saw', { price: 300, minOrderQnt: 2, availableQnt: 20 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderQuickEntry(onPad: (id: string) => number = () => 0) {
  const onAdd = vi.fn<(product: Product, quantity: number) => Promise<void>>().mockResolvedValue(undefined);
  render(<QuickEntry products={[clamp, blades, saw]} onPad={onPad} onAdd={onAdd} />);
  const enter = async (product: Product, quantity: string) => {
    const name = screen.getByRole('combobox', { name: 'Tool' });
    fireEvent.change(name, { target: { value: product.name } });
    fireEvent.keyDown(name, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Quantity (pcs.)'), { target: { value: quantity } });
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    // The add is awaited before the form says anything.
    await vi.waitFor(() => expect(screen.getByRole('status').textContent !== '' || screen.queryByRole('alert') !== null).toBe(true));
  };
  return { onAdd, enter };
}

describe('the quick entry', () => {
  it('rounds too few pieces up to the minimum and says it did', async () => {
    const { onAdd, enter } = renderQuickEntry();
    await enter(clamp, '10');
    expect(onAdd).toHaveBeenCalledWith(clamp, 30);
    expect(screen.getByRole('status').textContent).toBe('Rounded to 30, the minimum. 30 pcs. of Bar Clamp added.');
  });

  it('rounds a quantity off the pack up to whole packs', async () => {
    const { onAdd, enter } = renderQuickEntry();
    await enter(blades, '13');
    expect(onAdd).toHaveBeenCalledWith(blades, 18);
    expect(screen.getByRole('status').textContent).toBe('Rounded to 18, a whole number of packs of 6. 18 pcs. of Saw Blades added.');
  });

  it('refuses above the bound with the reason, and adds nothing', async () => {
    const { onAdd, enter } = renderQuickEntry();
    await enter(saw, '25');
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Only 20 pcs. are in stock.');
    expect(screen.getByLabelText('Quantity (pcs.)').getAttribute('aria-invalid')).toBe('true');
  });

  it('judges a tool already on the pad by its line after the addition', async () => {
    const { onAdd, enter } = renderQuickEntry((id) => (id === clamp._id ? 30 : 0));
    await enter(clamp, '480');
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('At most 500 pcs. per order. 30 pcs. are on the pad already.');
    await enter(clamp, '5');
    // 35 on the line is a quantity the clamp allows: 5 more go on it.
    expect(onAdd).toHaveBeenCalledWith(clamp, 5);
    expect(screen.getByRole('status').textContent).toBe('5 pcs. of Bar Clamp added: 35 pcs. on the pad.');
  });
});

function renderPad(lines: PadLine[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderPad
        email="dealer@example.com"
        lines={lines}
        products={[clamp, blades, saw]}
        productsError={null}
        defaultAddress="4 Quay Street, Bristol"
        defaultPhone="+44 117 555 0199"
        placeOrder={vi.fn()}
        onProductsChanged={() => undefined}
        onDone={() => undefined}
      />
    </QueryClientProvider>,
  );
}

const padLine = (productId: string, quantity: number, addedAt: number): PadLine => ({ ownerEmail: 'dealer@example.com', productId, quantity, addedAt });

describe('the pad', () => {
  it('counts only lines that can be ordered, says how many are left out, and waits with the reason tied to Place order', () => {
    renderPad([padLine(clamp._id, 600, 1), padLine(blades._id, 13, 2), padLine(saw._id, 4, 3)]);
    expect(screen.getByTestId('pad-total').textContent).toBe('$1,200');
    expect(screen.getByTestId('pad-not-counted').textContent).toBe('2 lines need attention: not counted');
    expect(screen.getAllByTestId('pad-line-not-counted')).toHaveLength(2);
    const lines = screen.getAllByTestId('pad-line');
    expect(within(lines[0]!).getByTestId('pad-line-problem').textContent).toBe('At most 500 pcs. per order.');
    expect(within(lines[1]!).getByTestId('pad-line-problem').textContent).toBe('Sold in packs of 6: order a multiple of 6 pcs.');
    const place = screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' });
    expect(place.disabled).toBe(true);
    const reason = document.getElementById(place.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('2 lines cannot be ordered as they are: change or remove the lines marked in red to place the order.');
  });

  it('counts every line and lets the order go when all can be ordered', () => {
    renderPad([padLine(clamp._id, 500, 1), padLine(blades._id, 12, 2), padLine(saw._id, 4, 3)]);
    expect(screen.getByTestId('pad-total').textContent).toBe('$7,260');
    expect(screen.queryByTestId('pad-not-counted')).toBeNull();
    const place = screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' });
    expect(place.disabled).toBe(false);
    expect(place.getAttribute('aria-describedby')).toBeNull();
  });
});
