// @vitest-environment jsdom
// The admins' Tax Rates page: each rate with its country's name, its region and its percentage; a new rate
// is sent as typed (the rate in percent), one the contract refuses is not sent at all, and the server's
// refusal of a field shows on that field; the audit log says a tax rate and an exemption in words.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taxMessages, type TaxRate } from '../../src/contract/tax';
import { differences } from '../../src/features/admin/audit-log';
import { TaxRatesPage } from '../../src/features/admin/tax-rates-page';
import { fixtureId } from '../helpers/order-fixtures';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const germany: TaxRate = { id: fixtureId(1), country: 'DE', region: '', name: 'VAT', rateMicros: 190_000, updatedAt: '2026-11-27T10:00:00.000Z' };
const california: TaxRate = { id: fixtureId(2), country: 'US', region: 'CA', name: 'Sales tax', rateMicros: 88_750, updatedAt: '2026-11-27T10:00:00.000Z' };

describe('the audit log of tax', () => {
  it('says a tax rate as a percentage and the exemption as yes or no', () => {
    expect(differences({ taxRateMicros: 190_000, region: '' }, { taxRateMicros: 88_750, region: 'CA' })).toEqual([
      { key: 'taxRateMicros', before: '19%', after: '8.875%' },
      { key: 'region', before: '—', after: 'CA' },
    ]);
    expect(differences({ taxExempt: false }, { taxExempt: true })).toEqual([{ key: 'taxExempt', before: 'No', after: 'Yes' }]);
  });
});

describe('Tax Rates', () => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let answer: (url: string, method: string) => { status: number; body: unknown };

  beforeEach(() => {
    calls.length = 0;
    localStorage.setItem('accessToken', 'test-token');
    answer = (_url, method) =>
      method === 'POST' ? { status: 201, body: { ...california, id: fixtureId(3), region: 'NV' } } : { status: 200, body: { items: [germany, california] } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
        const { status, body } = answer(url, method);
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const renderIn = (ui: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
  const sent = (method: string) => calls.filter((call) => call.method === method);

  it('lists each rate with its country’s name, its region and its percentage', async () => {
    renderIn(<TaxRatesPage />);
    const table = await screen.findByRole('table', { name: 'Tax rates' });
    const rowOf = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(rowOf('Germany').textContent).toContain('Whole country');
    expect(rowOf('Germany').textContent).toContain('19%');
    expect(rowOf('United States').textContent).toContain('CA');
    expect(rowOf('United States').textContent).toContain('8.875%');
  });

  it('sends a new rate as typed, refuses a wrong one before sending, and shows the server’s refusal on its field', async () => {
    renderIn(<TaxRatesPage />);
    await screen.findByRole('table', { name: 'Tax rates' });
    fireEvent.click(screen.getByRole('button', { name: 'New tax rate' }));
    const form = screen.getByRole('region', { name: 'New tax rate' });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'US' } });
    fireEvent.change(within(form).getByLabelText(/State or region/u), { target: { value: 'nv' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Sales tax' } });
    fireEvent.change(within(form).getByLabelText('Rate'), { target: { value: 'six' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add tax rate' }));
    expect(await within(form).findByText(taxMessages.rateInvalid)).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    answer = (_url, method) =>
      method === 'POST'
        ? {
            status: 400,
            body: {
              error: {
                code: 'invalid_data',
                message: `name: ${taxMessages.nameRequired}`,
                details: { fields: [{ field: 'name', message: taxMessages.nameRequired }] },
              },
            },
          }
        : { status: 200, body: { items: [germany, california] } };
    fireEvent.change(within(form).getByLabelText('Rate'), { target: { value: '6.85' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add tax rate' }));
    await waitFor(() =>
      expect(sent('POST')).toEqual([{ url: '/api/tax-rates', method: 'POST', body: { country: 'US', region: 'nv', name: 'Sales tax', rate: '6.85' } }]),
    );
    const name = within(form).getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(taxMessages.nameRequired)).toBeTruthy();
  });
});
