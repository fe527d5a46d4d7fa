// @vitest-environment jsdom
// A barcode scanner that types into the pad's Tool box (docs/decisions/048-barcodes-on-the-counter.md): the
// number and Enter add the tool at its smallest quantity, a repeat scan one pack more; a number no tool has,
// or one misread, is said so; an all-digit SKU still picks its tool.

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedGtin } from '../../src/contract/gtin';
import type { Product } from '../../src/contract/product';
import { QuickEntry } from '../../src/features/order-pad/quick-entry';

const tool = (id: string, name: string, extra: Partial<Product>): Product => ({
  _id: id,
  name,
  description: '',
  imageUrl: '/uploads/x.webp',
  price: 10,
  availableQnt: 60,
  minOrderQnt: 1,
  ...extra,
});
const blades = tool('b1', 'Saw Blades', { minOrderQnt: 12, packSize: 6, gtin: seedGtin(7), sku: 'FL-SB6' });
const level = tool('l1', 'Spirit Level', { gtin: '0036000291452', sku: 'FL-LV60' });
const numbered = tool('n1', 'Numbered Bits', { sku: '12345678' });
const digitsInName = tool('d1', 'Rotary Hammer 20481937', { minOrderQnt: 2, sku: 'FL-RH2' });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderEntry() {
  const pad = new Map<string, number>();
  const onAdd = vi.fn(async (product: Product, quantity: number) => {
    pad.set(product._id, (pad.get(product._id) ?? 0) + quantity);
  });
  render(<QuickEntry products={[blades, level, numbered, digitsInName]} onPad={(id) => pad.get(id) ?? 0} onAdd={onAdd} />);
  const scan = async (code: string) => {
    const box = screen.getByRole('combobox', { name: 'Tool' });
    fireEvent.change(box, { target: { value: code } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await vi.waitFor(() =>
      expect(screen.getAllByRole('status').some((status) => status.textContent !== '') || box.getAttribute('aria-invalid') === 'true').toBe(true),
    );
  };
  return { onAdd, scan, pad };
}

describe('scanning into the Tool box', () => {
  it('adds the tool at its smallest quantity, then one pack per repeat scan', async () => {
    const { onAdd, scan, pad } = renderEntry();
    await scan(seedGtin(7));
    expect(onAdd).toHaveBeenLastCalledWith(blades, 12);
    expect(screen.getByText('Scanned: 12 pcs. of Saw Blades added, 12 pcs. on the pad.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Tool' }) as HTMLInputElement).value).toBe('');
    await scan(seedGtin(7));
    expect(onAdd).toHaveBeenLastCalledWith(blades, 6);
    expect(pad.get('b1')).toBe(18);
  });

  it('finds a UPC-A scanned as 12 digits by its EAN-13', async () => {
    const { onAdd, scan } = renderEntry();
    await scan('036000291452');
    expect(onAdd).toHaveBeenLastCalledWith(level, 1);
  });

  it('says so for a number no tool has, a misread one, and a repeat past the stock', async () => {
    const { onAdd, scan, pad } = renderEntry();
    await scan('4006381333931');
    expect(screen.getByText('No tool in the catalogue has the barcode 4006381333931.')).toBeTruthy();
    await scan('4006381333932');
    expect(screen.getByText('The barcode 4006381333932 did not read right (its last digit should be 1): scan it again.')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
    pad.set('b1', 60);
    await scan(seedGtin(7));
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Tool' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('still picks a tool whose SKU is all digits', async () => {
    const { onAdd } = renderEntry();
    const box = screen.getByRole('combobox', { name: 'Tool' });
    fireEvent.change(box, { target: { value: '12345678' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((screen.getByLabelText('Quantity (pcs.)') as HTMLInputElement).value).toBe('1');
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('picks the tool chosen in the list when the digits typed are part of its name', async () => {
    const { onAdd } = renderEntry();
    const box = screen.getByRole('combobox', { name: 'Tool' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '20481937' } });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLInputElement).value).toBe('Rotary Hammer 20481937');
    expect((screen.getByLabelText('Quantity (pcs.)') as HTMLInputElement).value).toBe('2');
    expect(screen.queryByText(/has the barcode|did not read right/u)).toBeNull();
    expect(onAdd).not.toHaveBeenCalled();
  });
});
