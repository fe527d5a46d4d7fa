// @vitest-environment jsdom
// The admins' Price Lists screens: a rate typed as 0.92 is sent in millionths and a percentage typed as 12.5
// in basis points; a fixed price typed in the list's currency is sent in minor units, and a tier not below it
// is refused before anything is sent; the company's price list select shows the server's refusal in words.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { priceListMessages } from '../../src/contract/price-list';
import { formatPercent, formatRate, parsePercent, parseRate, type PriceListDetail, type PriceListSummary } from '../../src/contract/price-list-admin';
import { differences } from '../../src/features/admin/audit-log';
import { CompanyPriceListField } from '../../src/features/admin/company-price-list';
import { PriceListsPage } from '../../src/features/admin/price-lists-page';
import { rateMessage } from '../../src/features/admin/price-list-form';
import { fixtureId } from '../helpers/order-fixtures';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const euro: PriceListSummary = {
  id: fixtureId(1),
  name: 'Euro dealers',
  currency: 'EUR',
  rateMicros: 920_000,
  defaultPercentOff: 1000,
  version: 3,
  updatedAt: '2026-11-27T10:00:00.000Z',
  companies: 2,
  entries: 1,
};
const detail: PriceListDetail = {
  list: euro,
  entries: {
    items: [
      {
        productId: fixtureId(9),
        name: 'Anvil Hammer Drill',
        sku: 'FL-9',
        listPrice: 100,
        price: 8_500,
        percentOff: null,
        tiers: [],
        dealerPrice: 8_500,
        version: 3,
      },
    ],
    total: 1,
    page: 1,
    pageSize: 50,
  },
};

describe('rates and percentages as admins type them', () => {
  it('reads and writes them', () => {
    expect(parseRate('0.92')).toBe(920_000);
    expect(parseRate('1,350.5')).toBe(1_350_500_000);
    expect(parseRate('0')).toBeNull();
    expect(parseRate('0,92')).toBeNull();
    expect(parseRate('0.1234567')).toBeNull();
    expect(formatRate(920_000)).toBe('0.92');
    expect(formatRate(1_000_000)).toBe('1');
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('10 %')).toBe(1000);
    expect(parsePercent('100')).toBeNull();
    expect(parsePercent('-1')).toBeNull();
    expect(formatPercent(1250)).toBe('12.5 %');
  });
});

describe('the audit log of price lists', () => {
  it('says rates, percentages, lists and entries in words', () => {
    expect(differences({ rateMicros: 920_000, defaultPercentOff: 1000, version: 1 }, { rateMicros: 930_000, defaultPercentOff: 1250, version: 2 })).toEqual([
      { key: 'rateMicros', before: '0.92', after: '0.93' },
      { key: 'defaultPercentOff', before: '10 %', after: '12.5 %' },
      { key: 'version', before: '1', after: '2' },
    ]);
    expect(differences({ priceList: null }, { priceList: { id: euro.id, name: 'Euro dealers', currency: 'EUR' } })).toEqual([
      { key: 'priceList', before: '—', after: 'Euro dealers (EUR)' },
    ]);
    expect(differences({ version: 3 }, { version: 4, entries: [{ productId: fixtureId(9) }, { productId: fixtureId(8) }] })).toEqual([
      { key: 'version', before: '3', after: '4' },
      { key: 'entries', before: '—', after: '2 tools' },
    ]);
  });
});

describe('Price Lists', () => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let answer: (url: string, method: string) => { status: number; body: unknown };

  beforeEach(() => {
    calls.length = 0;
    localStorage.setItem('accessToken', 'test-token');
    answer = (url, method) => {
      if (method === 'POST') return { status: 201, body: { ...euro, id: fixtureId(2), name: 'Nordic', version: 1 } };
      if (method === 'PUT') return { status: 200, body: { version: 4 } };
      if (url.startsWith('/api/admin/price-lists/')) return { status: 200, body: detail };
      if (url.startsWith('/api/admin/price-lists')) return { status: 200, body: [euro] };
      return { status: 404, body: { error: { code: 'not_found', message: 'Not here.' } } };
    };
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

  it('lists each list with its terms and counts, and makes a new one from the rate and percentage as typed', async () => {
    renderIn(<PriceListsPage />);
    const table = await screen.findByRole('table', { name: 'Price lists' });
    const row = within(table).getByRole('rowheader', { name: 'Euro dealers' }).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('EUR');
    expect(row.textContent).toContain('0.92');
    expect(row.textContent).toContain('10 %');

    fireEvent.click(screen.getByRole('button', { name: 'New price list' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nordic' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    fireEvent.change(screen.getByLabelText('Rate (EUR per US dollar)'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Default % off'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make price list' }));
    expect(screen.getByText(rateMessage)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Rate (EUR per US dollar)'));
    expect(sent('POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Rate (EUR per US dollar)'), { target: { value: '0.92' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make price list' }));
    await waitFor(() =>
      expect(sent('POST')).toEqual([
        { url: '/api/admin/price-lists', method: 'POST', body: { name: 'Nordic', currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1250 } },
      ]),
    );
    // The new list opens, ready for its tools.
    expect(await screen.findByRole('button', { name: 'Price a tool' })).toBeTruthy();
  });

  it('changes a tool’s fixed price in the list’s currency, refusing a tier that is not below it', async () => {
    renderIn(<PriceListsPage />);
    fireEvent.click(within(await screen.findByRole('table', { name: 'Price lists' })).getByRole('button', { name: /^Open\s*Euro dealers/u }));
    const table = await screen.findByRole('table', { name: 'Tools priced on Euro dealers' });
    const row = within(table)
      .getByRole('rowheader', { name: /Anvil Hammer Drill/u })
      .closest('tr') as HTMLElement;
    expect(row.textContent).toContain('$100.00');
    expect(row.textContent).toMatch(/85[.,]00/u);
    fireEvent.click(within(row).getByRole('button', { name: /^Change/u }));

    const price = screen.getByLabelText('Fixed price (EUR)');
    expect((price as HTMLInputElement).value).toBe('85.00');
    fireEvent.change(price, { target: { value: '79.90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    fireEvent.change(screen.getByLabelText('Tier 1: from pieces'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Tier 1: price (EUR)'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the tool’s price' }));
    expect(screen.getByText('Every tier price must be below the fixed price')).toBeTruthy();
    expect(sent('PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Tier 1: price (EUR)'), { target: { value: '75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the tool’s price' }));
    await waitFor(() =>
      expect(sent('PUT')).toEqual([
        {
          url: `/api/admin/price-lists/${euro.id}/entries`,
          method: 'PUT',
          body: { entries: [{ productId: fixtureId(9), price: 7_990, percentOff: null, tiers: [{ minQnt: 10, price: 7_500 }] }] },
        },
      ]),
    );
  });

  it('gives a company a list, and says in words why the server refused', async () => {
    answer = (url, method) =>
      method === 'PUT'
        ? { status: 409, body: { error: { code: 'conflict', message: priceListMessages.currencyInUse } } }
        : { status: 200, body: url.startsWith('/api/admin/price-lists') ? [euro] : {} };
    renderIn(<CompanyPriceListField company={{ id: fixtureId(5), name: 'Acme Tools' }} priceList={null} online />);
    const select = screen.getByLabelText('The company’s price list');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Euro dealers (EUR, 10 % off)' })).toBeTruthy());
    fireEvent.change(select, { target: { value: euro.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    expect((await screen.findByRole('alert')).textContent).toBe(priceListMessages.currencyInUse);
    expect(sent('PUT')).toEqual([{ url: `/api/admin/companies/${fixtureId(5)}/price-list`, method: 'PUT', body: { priceListId: euro.id } }]);
  });
});
