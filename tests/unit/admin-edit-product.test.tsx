// @vitest-environment jsdom
// Manage Products' editor: every field of a tool, filled with the tool as it is; only what was changed is
// sent, a new picture is uploaded first and its URL sent; the form's checks are Add A Product's; a SKU
// another tool has is said under the SKU. The server is stubbed at fetch, the network edge.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validationMessages as m } from '../../src/contract/messages';
import type { Product } from '../../src/contract/product';
import { EditProductDialog } from '../../src/features/admin/edit-product-dialog';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast }));

const DESCRIPTION =
  'A cordless 18 V breaker for concrete and brick, with an anti-vibration handle, a tool-free chisel holder and a rugged case; packed in cartons of four for trade counters.';
const NEW_PICTURE = `/uploads/${'d'.repeat(64)}.webp`;

const breaker: Product = {
  _id: '7e57a1a8-0d54-4f44-9d8b-0c1d2e3f4a5c',
  name: 'CB-18 Breaker',
  description: DESCRIPTION,
  imageUrl: `/uploads/${'c'.repeat(64)}.webp`,
  price: 240,
  availableQnt: 80,
  minOrderQnt: 4,
  sku: 'FL-CB18',
  category: 'Breakers',
  maxOrderQnt: null,
  packSize: 1,
  priceTiers: [],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = () => fetch as unknown as ReturnType<typeof vi.fn>;
const calls = () => fetchMock().mock.calls.map(([url, init]) => ({ url: String(url), init: init as RequestInit }));

beforeEach(() => {
  localStorage.setItem('accessToken', 'test-token');
  vi.stubGlobal('fetch', vi.fn());
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  for (const fn of Object.values(toast)) fn.mockReset();
  // jsdom has no modal dialogs: opening and closing are enough here.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderEditor() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <EditProductDialog product={breaker} categories={['Breakers', 'Drills']} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Edit CB-18 Breaker' }), onClose };
}

const change = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

describe("Manage Products' editor", () => {
  it('shows every field of the tool as it is', () => {
    const { dialog } = renderEditor();
    const value = (label: string) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;
    expect(value('Product Name')).toBe('CB-18 Breaker');
    expect(value('Description')).toBe(DESCRIPTION);
    expect(value('SKU')).toBe('FL-CB18');
    expect(value('Category')).toBe('Breakers');
    expect(value('Price Per Unit ($)')).toBe('240');
    expect(value('Available Quantity')).toBe('80');
    expect(value('Minimum Order Quantity')).toBe('4');
    expect(within(dialog).getByRole('img', { name: "The product's picture now" }).getAttribute('src')).toBe(breaker.imageUrl);
  });

  it('sends only the changed fields, the new picture uploaded first', async () => {
    const { dialog } = renderEditor();
    fetchMock()
      .mockResolvedValueOnce(json(200, { success: true, data: { url: NEW_PICTURE } }))
      .mockResolvedValueOnce(json(200, { ...breaker, name: 'CB-20 Breaker', price: 230, category: 'Demolition', imageUrl: NEW_PICTURE }));
    change(dialog, 'Product Name', 'CB-20 Breaker');
    change(dialog, 'Price Per Unit ($)', '230');
    change(dialog, 'Category', 'Demolition');
    const input = within(dialog).getByLabelText('Product Image');
    const file = new File([new Uint8Array([1, 2, 3])], 'cb20.png', { type: 'image/png' });
    Object.defineProperty(input, 'files', { value: { 0: file, length: 1, item: () => file }, configurable: true });
    fireEvent.change(input);
    save(dialog);

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('CB-20 Breaker is saved.'));
    const [upload, patch] = calls();
    expect(upload?.url).toBe('/api/images');
    expect(patch?.url).toBe(`/api/products/${breaker._id}`);
    expect(patch?.init.method).toBe('PATCH');
    // The stock and the rest were not touched, so they are not sent: an order meanwhile keeps what it took.
    expect(JSON.parse(String(patch?.init.body))).toEqual({ name: 'CB-20 Breaker', price: 230, category: 'Demolition', imageUrl: NEW_PICTURE });
  });

  it('checks the fields as Add A Product does and sends nothing while they are wrong', async () => {
    const { dialog } = renderEditor();
    change(dialog, 'Product Name', '  ');
    change(dialog, 'Description', 'Too short.');
    change(dialog, 'Price Per Unit ($)', '9.5');
    save(dialog);
    expect(await within(dialog).findByText(m.productNameRequired)).toBeTruthy();
    expect(within(dialog).getByText(m.descriptionMin)).toBeTruthy();
    expect(within(dialog).getByText(m.wholePositive)).toBeTruthy();

    change(dialog, 'Product Name', 'CB-18 Breaker');
    change(dialog, 'Description', DESCRIPTION);
    change(dialog, 'Price Per Unit ($)', '240');
    change(dialog, 'Minimum Order Quantity', '90');
    save(dialog);
    expect(await within(dialog).findByText(m.minAboveStock)).toBeTruthy();
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('says under the SKU that another tool has it, and keeps the editor open', async () => {
    const { dialog, onClose } = renderEditor();
    fetchMock().mockResolvedValueOnce(json(409, { error: { code: 'conflict', message: 'That SKU is already used by another tool.' } }));
    change(dialog, 'SKU', 'fl-dx20');
    save(dialog);
    await waitFor(() => expect(within(dialog).getByLabelText('SKU').getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('That SKU is already used by another tool.').length).toBeGreaterThan(0);
    expect(JSON.parse(String(calls()[0]?.init.body))).toEqual({ sku: 'FL-DX20' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes without a request when nothing was changed', async () => {
    const { dialog } = renderEditor();
    save(dialog);
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('Nothing was changed in CB-18 Breaker.'));
    expect(fetchMock()).not.toHaveBeenCalled();
  });
});
