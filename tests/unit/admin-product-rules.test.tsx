// @vitest-environment jsdom
// The bulk-order rules of a tool on Add A Product and in Manage Products' editor: optional maximum and
// pack size, up to five volume prices, checked with the contract's schemas and messages under the fields.

import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../src/contract/messages';
import type { Product, ProductPage } from '../../src/contract/product';
import { AddProductForm } from '../../src/features/admin/add-product-form';
import { ProductsTable, rulesSummary } from '../../src/features/admin/products-table';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast }));

const DESCRIPTION =
  'A cordless 18 V breaker for concrete and brick, with an anti-vibration handle, a tool-free chisel holder and a rugged case; packed in cartons of four for trade counters.';
const UPLOADED = `/uploads/${'c'.repeat(64)}.webp`;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function client() {
  return new QueryClient({ defaultOptions: { mutations: { retry: false } } });
}

const change = (label: string | RegExp, value: string, within_: HTMLElement = document.body) =>
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });

function fillProduct() {
  change('Product Name', 'Cordless Breaker CB-18');
  change('Description', DESCRIPTION);
  change('Price Per Unit ($)', '90');
  change('Available Quantity', '600');
  change('Minimum Order Quantity', '6');
  const input = screen.getByLabelText('Product Image');
  const file = new File([new Uint8Array([1, 2, 3])], 'breaker.png', { type: 'image/png' });
  Object.defineProperty(input, 'files', { value: { 0: file, length: 1, item: () => file }, configurable: true });
  fireEvent.change(input);
}

const addTier = () => fireEvent.click(screen.getByRole('button', { name: 'Add a price tier' }));
const tierMin = (n: number) => screen.getByLabelText(`From (tier ${n}), pcs.`);
const tierPrice = (n: number) => screen.getByLabelText(`at $ each (tier ${n})`);

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

const fetchMock = () => fetch as unknown as ReturnType<typeof vi.fn>;
const sentBody = (call: number) => JSON.parse(String((fetchMock().mock.calls[call]?.[1] as RequestInit).body)) as Record<string, unknown>;

describe('Add A Product: bulk-order rules', () => {
  beforeEach(() => {
    render(
      <QueryClientProvider client={client()}>
        <AddProductForm online categories={[]} onSessionRefused={vi.fn()} />
      </QueryClientProvider>,
    );
  });

  it('sends the maximum, the pack size and the tiers with the product', async () => {
    fetchMock()
      .mockResolvedValueOnce(json(201, { success: true, data: { url: UPLOADED } }))
      .mockResolvedValueOnce(json(201, { insertedId: '5d0c6a4e-8d1f-4c0b-9a57-1b7c1f1b7a11' }));
    fillProduct();
    change('Maximum per order', '500');
    change('Pack size', '6');
    addTier();
    addTier();
    change(`From (tier 1), pcs.`, '12');
    change(`at $ each (tier 1)`, '85');
    change(`From (tier 2), pcs.`, '48');
    change(`at $ each (tier 2)`, '80');
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(toasts.productAdded));
    expect(sentBody(1)).toEqual({
      name: 'Cordless Breaker CB-18',
      description: DESCRIPTION,
      price: 90,
      availableQnt: 600,
      minOrderQnt: 6,
      maxOrderQnt: 500,
      packSize: 6,
      priceTiers: [
        { minQnt: 12, price: 85 },
        { minQnt: 48, price: 80 },
      ],
      imageUrl: UPLOADED,
    });
  });

  it("shows each rule's message under its field and sends nothing", async () => {
    fillProduct();
    change('Maximum per order', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('The maximum per order cannot be below the minimum')).toBeTruthy();
    change('Maximum per order', '');
    change('Pack size', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('The minimum order must be a whole number of packs')).toBeTruthy();
    change('Pack size', '');
    addTier();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Enter the quantity the price starts at')).toBeTruthy();
    expect(screen.getByText('Enter the tier price')).toBeTruthy();
    change(`From (tier 1), pcs.`, '12');
    change(`at $ each (tier 1)`, '95');
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Every tier price must be below the list price')).toBeTruthy();
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('adds up to five tiers and removes any of them', () => {
    for (let i = 0; i < 5; i += 1) addTier();
    expect((screen.getByRole('button', { name: 'Add a price tier' }) as HTMLButtonElement).disabled).toBe(true);
    change(`From (tier 2), pcs.`, '20');
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    expect(screen.queryByLabelText('From (tier 5), pcs.')).toBeNull();
    expect((tierMin(1) as HTMLInputElement).value).toBe('20');
    expect(tierPrice(1)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add a price tier' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

const drill: Product = {
  _id: '7e57a1a8-0d54-4f44-9d8b-0c1d2e3f4a5b',
  name: 'DX20 Drill',
  description: DESCRIPTION,
  imageUrl: '/uploads/drill.webp',
  price: 90,
  availableQnt: 600,
  minOrderQnt: 6,
  maxOrderQnt: null,
  packSize: 1,
  priceTiers: [{ minQnt: 12, price: 85 }],
};

describe("Manage Products' editor: the rules", () => {
  function renderTable(products: Product[]) {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const page: ProductPage = { items: products, total: products.length, page: 1, pageSize: 25 };
    const query = { data: page, isPending: false, isError: false, isFetching: false } as unknown as UseQueryResult<ProductPage>;
    render(
      <QueryClientProvider client={queryClient}>
        <ProductsTable products={query} categories={['Drills']} search={{ searchText: '', q: '' }} onSearch={vi.fn()} onPageChange={vi.fn()} />
      </QueryClientProvider>,
    );
    return { invalidate };
  }

  it("sums up each tool's rules", () => {
    expect(rulesSummary(drill)).toBe('1 volume price');
    expect(rulesSummary({ ...drill, packSize: 6, maxOrderQnt: 500, priceTiers: [] })).toBe('In packs of 6, at most 500 per order');
    expect(rulesSummary({ ...drill, priceTiers: undefined })).toBe('None');
  });

  it("opens the tool's editor, saves changed rules alone with PATCH and refreshes the catalogue", async () => {
    const { invalidate } = renderTable([drill]);
    fetchMock().mockResolvedValueOnce(json(200, { ...drill, packSize: 6, maxOrderQnt: 300 }));
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Edit DX20 Drill' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit DX20 Drill' });
    expect((within(dialog).getByLabelText('From (tier 1), pcs.') as HTMLInputElement).value).toBe('12');
    expect((within(dialog).getByLabelText('Pack size') as HTMLInputElement).value).toBe('');
    change('Pack size', '6', dialog);
    change('Maximum per order', '300', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('DX20 Drill is saved.'));
    const [url, init] = fetchMock().mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/products/${drill._id}`);
    expect(init.method).toBe('PATCH');
    expect(sentBody(0)).toEqual({ maxOrderQnt: 300, packSize: 6, priceTiers: [{ minQnt: 12, price: 85 }] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['products'] });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("checks the rules against the tool's price and minimum before sending, and clears them with empty boxes", async () => {
    renderTable([drill]);
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Edit DX20 Drill' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit DX20 Drill' });
    change('Pack size', '4', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('The minimum order must be a whole number of packs')).toBeTruthy();
    expect(fetchMock()).not.toHaveBeenCalled();

    fetchMock().mockResolvedValueOnce(json(200, { ...drill, priceTiers: [] }));
    change('Pack size', '', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove tier 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock()).toHaveBeenCalledTimes(1));
    expect(sentBody(0)).toEqual({ maxOrderQnt: null, packSize: 1, priceTiers: [] });
  });

  it("keeps the dialog open with the server's message when saving fails", async () => {
    renderTable([drill]);
    fetchMock().mockResolvedValueOnce(json(400, { error: { code: 'invalid_data', message: 'priceTiers: Every tier price must be below the list price' } }));
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Edit DX20 Drill' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit DX20 Drill' });
    change('Maximum per order', '300', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('priceTiers: Every tier price must be below the list price');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
