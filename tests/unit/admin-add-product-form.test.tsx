// @vitest-environment jsdom
// The Add Product form: the spec's messages, whole positive numbers, the minimum not above the stock,
// a failed save that keeps the form filled and retries without uploading the picture again, and the
// optional SKU and category.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validationMessages as m, toasts } from '../../src/contract/messages';
import { AddProductForm } from '../../src/features/admin/add-product-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../src/ui/toast', () => ({ toast }));

const DESCRIPTION =
  'A cordless 18 V breaker for concrete and brick, with an anti-vibration handle, a tool-free chisel holder and a rugged case; packed in cartons of four for trade counters.';
const UPLOADED = `/uploads/${'c'.repeat(64)}.webp`;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function chooseFile(input: HTMLElement, file: File): void {
  const list = { 0: file, length: 1, item: (i: number) => (i === 0 ? file : null) };
  Object.defineProperty(input, 'files', { value: list, configurable: true });
  fireEvent.change(input);
}

function renderForm(online = true) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const onSessionRefused = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <AddProductForm online={online} categories={['Drills', 'Saws']} onSessionRefused={onSessionRefused} />
    </QueryClientProvider>,
  );
  return { invalidate, onSessionRefused };
}

function fillValid(overrides: Partial<Record<'name' | 'description' | 'price' | 'available' | 'minimum', string>> = {}) {
  fireEvent.change(screen.getByLabelText('Product Name'), { target: { value: overrides.name ?? 'Cordless Breaker CB-18' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: overrides.description ?? DESCRIPTION } });
  fireEvent.change(screen.getByLabelText('Price Per Unit ($)'), { target: { value: overrides.price ?? '320' } });
  fireEvent.change(screen.getByLabelText('Available Quantity'), { target: { value: overrides.available ?? '60' } });
  fireEvent.change(screen.getByLabelText('Minimum Order Quantity'), { target: { value: overrides.minimum ?? '4' } });
  chooseFile(screen.getByLabelText('Product Image'), new File([new Uint8Array([1, 2, 3])], 'breaker.png', { type: 'image/png' }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));

describe('AddProductForm', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.setItem('accessToken', 'test-token');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    toast.success.mockReset();
    toast.error.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('blocks an empty submit with the spec messages and sends nothing', async () => {
    renderForm();
    submit();
    for (const message of [m.productNameRequired, m.descriptionRequired, m.priceRequired, m.availableRequired, m.minOrderRequired, m.imageRequired]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Product Name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for 150 characters, whole positive numbers, and a minimum not above the stock', async () => {
    renderForm();
    fillValid({ description: 'Too short', price: '12.5', available: '10', minimum: '11' });
    submit();
    expect(await screen.findByText(m.descriptionMin)).toBeTruthy();
    expect(await screen.findByText(m.wholePositive)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Price Per Unit ($)'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: DESCRIPTION } });
    submit();
    expect(await screen.findByText(m.minAboveStock)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Minimum Order Quantity'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a preview of the chosen picture', async () => {
    renderForm();
    fillValid();
    const preview = await screen.findByAltText('Preview of the chosen picture');
    expect(preview.getAttribute('src')).toBe('blob:preview');
    expect(screen.getByText(/breaker\.png/u)).toBeTruthy();
  });

  it('keeps the form after a failed save, says which step failed, and retries without a second upload', async () => {
    const { invalidate } = renderForm();
    fetchMock
      .mockResolvedValueOnce(json(201, { success: true, data: { url: UPLOADED } }))
      .mockResolvedValueOnce(json(500, { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }))
      .mockResolvedValueOnce(json(201, { insertedId: '5d0c6a4e-8d1f-4c0b-9a57-1b7c1f1b7a11' }));
    fillValid();
    submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The picture was uploaded, but the product was not saved.');
    expect(toast.error).toHaveBeenCalledWith(toasts.productFailed);
    expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe('Cordless Breaker CB-18');

    submit();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(toasts.productAdded));
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual(['/api/images', '/api/products', '/api/products']);
    const sent = JSON.parse(String((fetchMock.mock.calls[2]?.[1] as RequestInit).body)) as Record<string, unknown>;
    expect(sent).toEqual({ name: 'Cordless Breaker CB-18', description: DESCRIPTION, price: 320, availableQnt: 60, minOrderQnt: 4, imageUrl: UPLOADED });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['products'] });
    await waitFor(() => expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the SKU in capitals and the category when given, offers the categories in use, and says a taken SKU under it', async () => {
    renderForm();
    fetchMock
      .mockResolvedValueOnce(json(201, { success: true, data: { url: UPLOADED } }))
      .mockResolvedValueOnce(json(409, { error: { code: 'conflict', message: 'That SKU is already used by another tool.' } }))
      .mockResolvedValueOnce(json(201, { insertedId: '5d0c6a4e-8d1f-4c0b-9a57-1b7c1f1b7a11' }));
    fillValid();
    const listId = screen.getByLabelText('Category').getAttribute('list') ?? '';
    const options = [...(document.getElementById(listId)?.querySelectorAll('option') ?? [])].map((o) => o.getAttribute('value'));
    expect(options).toEqual(['Drills', 'Saws']);

    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'no spaces allowed' } });
    submit();
    expect(await screen.findByText('A SKU is 2 to 40 letters, digits and dashes')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'fl-cb18' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Breakers' } });
    submit();
    expect(await screen.findByText('That SKU is already used by another tool.', { selector: 'p[id$="-sku-error"]' })).toBeTruthy();
    const first = JSON.parse(String((fetchMock.mock.calls[1]?.[1] as RequestInit).body)) as Record<string, unknown>;
    expect(first).toMatchObject({ sku: 'FL-CB18', category: 'Breakers' });

    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'FL-CB18X' } });
    submit();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(toasts.productAdded));
    expect(JSON.parse(String((fetchMock.mock.calls[2]?.[1] as RequestInit).body))).toMatchObject({ sku: 'FL-CB18X', category: 'Breakers' });
  });

  it('says the upload failed when the server refuses the picture, and saves nothing', async () => {
    renderForm();
    fetchMock.mockResolvedValueOnce(json(415, { error: { code: 'unsupported_media_type', message: 'The file is not a JPEG, PNG, WebP, AVIF or GIF image.' } }));
    fillValid();
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The picture was not uploaded. Nothing was saved.');
    expect(screen.getAllByText('The file is not a JPEG, PNG, WebP, AVIF or GIF image.').length).toBeGreaterThan(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('hands a refused session to the screen', async () => {
    const { onSessionRefused } = renderForm();
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'unauthorized', message: 'Your session has expired. Please sign in again.' } }));
    fillValid();
    submit();
    await waitFor(() => expect(onSessionRefused).toHaveBeenCalled());
  });

  it('is disabled offline, with the reason shown', () => {
    renderForm(false);
    const button = screen.getByRole('button', { name: 'Add Product' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('You are offline. This needs a connection.')).toBeTruthy();
  });
});
