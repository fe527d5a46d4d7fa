// @vitest-environment jsdom
// The admin's side of orders on account: the credit limit typed in dollars and cents is sent in cents;
// Manage Orders offers Release and Refuse on an order on hold (refusing asks for the reason, sent as typed),
// Mark shipped on a confirmed one, and Record bank payment and Send reminder on a shipped one whose invoice
// is unpaid, with each order's terms and PO number. A company's Payment terms save the limit in cents, and
// Receivables ages what each company owes with a row for every company together.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '../../src/contract/account-terms';
import type { Order } from '../../src/contract/order';
import type { Receivables } from '../../src/contract/receivables';
import { CompanyTerms, creditLimitOf } from '../../src/features/admin/company-terms';
import { ReceivablesTable } from '../../src/features/admin/receivables-table';
import { OrdersTable } from '../../src/features/admin/orders-table';
import { fixtureId, orderOfLines } from '../helpers/order-fixtures';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const line = { productId: fixtureId(1), productName: 'Account Saw', imageUrl: '/uploads/1.webp', unitPrice: 300, quantity: 5, lineTotal: 1500 };

function order(n: number, fields: Partial<Order>): Order {
  return orderOfLines([line], {
    _id: fixtureId(100 + n),
    number: `O-2026-0020${n}`,
    transactionId: null,
    paymentTerms: 'net30',
    companyName: 'Acme Tools',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  });
}

const onHold = order(1, { status: 'On hold', statusReason: accountMessages.overCredit, poNumber: 'PO-77' });
const confirmed = order(2, { status: 'Confirmed' });
const open = order(3, { status: 'Shipped', invoiceNo: '2026-00031', shippedAt: '2026-10-01T10:00:00.000Z', dueAt: '2026-10-31T10:00:00.000Z' });
const card = order(4, { status: 'Paid', paymentTerms: 'card', transactionId: 'pi_4', invoiceNo: '2026-00032', companyName: null });
const depositDue = order(5, { status: 'Confirmed', depositMinor: 45_000, depositPaidAt: null });

describe('creditLimitOf', () => {
  it('reads dollars and cents as the admin types them', () => {
    expect(creditLimitOf('1000', 'USD')).toBe(100_000);
    expect(creditLimitOf(' $12,500.5 ', 'USD')).toBe(1_250_050);
    expect(creditLimitOf('0.07', 'USD')).toBe(7);
    expect(creditLimitOf('10000000', 'USD')).toBe(1_000_000_000);
  });

  it('refuses anything else', () => {
    for (const text of ['', '-5', '1.234', '12,50', 'ten', '10000000.01', '1e5']) expect(creditLimitOf(text, 'USD'), text).toBeNull();
  });

  it('reads the company’s currency with its own decimals', () => {
    expect(creditLimitOf('12,500', 'JPY')).toBe(12_500);
    expect(creditLimitOf('€12,500.5', 'EUR')).toBe(1_250_050);
    expect(creditLimitOf('1.5', 'JPY')).toBeNull();
  });
});

describe('Manage Orders on account', () => {
  const calls: { url: string; method: string; body: unknown }[] = [];

  beforeEach(() => {
    calls.length = 0;
    localStorage.setItem('accessToken', 'test-token');
    // jsdom has no modal dialogs: open and close as the browser does.
    HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
      this.open = false;
      this.dispatchEvent(new Event('close'));
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
        const body = url.startsWith('/api/orders?')
          ? { items: [onHold, confirmed, open, card, depositDue], total: 5, page: 1, pageSize: 20 }
          : { ...onHold, status: 'Refused' };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const rowOf = async (number: string) => {
    const table = await screen.findByRole('table', { name: 'Orders' });
    return within(table)
      .getByRole('rowheader', { name: new RegExp(`^${number}`, 'u') })
      .closest('tr') as HTMLElement;
  };

  it('offers each order on account what its state allows, with its terms and PO number', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrdersTable downloadInvoice={vi.fn(async () => undefined)} />
      </QueryClientProvider>,
    );
    const held = await rowOf('O-2026-00201');
    expect(held.textContent).toContain('Over the company’s credit limit');
    expect(held.textContent).toContain('On account, Net 30');
    expect(held.textContent).toContain('PO PO-77');
    expect(within(held).getByRole('button', { name: /^Release\s*O-2026-00201/u })).toBeTruthy();
    expect(within(held).queryByRole('button', { name: /^Mark shipped/u })).toBeNull();

    const ready = await rowOf('O-2026-00202');
    expect(within(ready).getByRole('button', { name: /^Mark shipped…/u })).toBeTruthy();
    expect(within(ready).queryByRole('button', { name: /^Invoice/u })).toBeNull();

    const unpaid = await rowOf('O-2026-00203');
    expect(unpaid.textContent).toContain('Overdue since');
    expect(within(unpaid).getByRole('button', { name: /^Record bank payment…\s*O-2026-00203/u })).toBeTruthy();
    expect(within(unpaid).getByRole('button', { name: /^Send reminder\s*O-2026-00203/u })).toBeTruthy();

    const paidByCard = await rowOf('O-2026-00204');
    expect(paidByCard.textContent).toContain('Card');
    expect(within(paidByCard).queryByRole('button', { name: /^Record bank payment/u })).toBeNull();

    // A deposit due: no shipping until it is paid, and its bank transfer can be recorded.
    const waiting = await rowOf('O-2026-00205');
    expect(within(waiting).getByTestId('deposit-awaited').textContent).toBe('Awaiting the deposit of $450.00');
    expect(within(waiting).queryByRole('button', { name: /^Mark shipped/u })).toBeNull();
    fireEvent.click(within(waiting).getByRole('button', { name: /^Record deposit transfer…\s*O-2026-00205/u }));
    const dialog = screen.getByRole('dialog', { name: 'Record the deposit paid by bank transfer?' });
    expect(dialog.textContent).toContain('O-2026-00205, a deposit of $450 for Acme Tools.');
    fireEvent.change(within(dialog).getByLabelText('Bank transfer reference'), { target: { value: 'SEPA DEP-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        { url: `/api/orders/${depositDue._id}/bank-payment`, method: 'POST', body: { reference: 'SEPA DEP-5' } },
      ]),
    );
  });

  it('asks for the reason before refusing, and sends it', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrdersTable downloadInvoice={vi.fn(async () => undefined)} />
      </QueryClientProvider>,
    );
    fireEvent.click(within(await rowOf('O-2026-00201')).getByRole('button', { name: /^Refuse…\s*O-2026-00201/u }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(within(dialog).getByText(accountMessages.refusalReasonRequired)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason (the dealer reads it)'), { target: { value: 'We cannot extend more credit this month.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        { url: `/api/orders/${onHold._id}/refuse`, method: 'POST', body: { reason: 'We cannot extend more credit this month.' } },
      ]),
    );
  });
});

describe('Payment terms and Receivables', () => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const standing = {
    paymentTerms: 'net30',
    creditLimit: 250_000,
    poRequired: false,
    outstanding: 100_000,
    available: 150_000,
    overdue: 40_000,
    currency: 'USD',
  } as const;
  const receivables: Receivables = {
    asOf: '2026-11-27T09:00:00.000Z',
    companies: [
      {
        companyId: fixtureId(7),
        companyName: 'Old Debts Ltd',
        paymentTerms: 'net15',
        currency: 'USD',
        aged: { current: 0, '1-30': 0, '31-60': 0, 'over-60': 90_000 },
        total: 90_000,
        oldestDueAt: '2026-08-01T09:00:00.000Z',
        invoices: [
          {
            orderId: fixtureId(70),
            number: 'O-2026-00070',
            invoiceNo: '2026-00070',
            poNumber: null,
            total: 90_000,
            dueAt: '2026-08-01T09:00:00.000Z',
            daysOverdue: 118,
            bucket: 'over-60',
            currency: 'USD',
          },
        ],
      },
      {
        companyId: fixtureId(8),
        companyName: 'Acme Tools',
        paymentTerms: 'net30',
        currency: 'USD',
        aged: { current: 60_000, '1-30': 40_000, '31-60': 0, 'over-60': 0 },
        total: 100_000,
        oldestDueAt: '2026-11-20T09:00:00.000Z',
        invoices: [
          {
            orderId: fixtureId(80),
            number: 'O-2026-00080',
            invoiceNo: '2026-00080',
            poNumber: 'PO-9',
            total: 40_000,
            dueAt: '2026-11-20T09:00:00.000Z',
            daysOverdue: 7,
            bucket: '1-30',
            currency: 'USD',
          },
          {
            orderId: fixtureId(81),
            number: 'O-2026-00081',
            invoiceNo: '2026-00081',
            poNumber: null,
            total: 60_000,
            dueAt: '2026-12-20T09:00:00.000Z',
            daysOverdue: 0,
            bucket: 'current',
            currency: 'USD',
          },
        ],
      },
    ],
    aged: { current: 60_000, '1-30': 40_000, '31-60': 0, 'over-60': 90_000 },
    total: 190_000,
  };

  beforeEach(() => {
    calls.length = 0;
    localStorage.setItem('accessToken', 'test-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
        const body = url === '/api/admin/receivables' ? receivables : { ...standing, ...(calls.at(-1)?.body as object) };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the company’s standing and saves the limit typed in dollars as cents, and the deposit in whole percent', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CompanyTerms company={{ id: fixtureId(8), name: 'Acme Tools' }} account={standing} online />
      </QueryClientProvider>,
    );
    const standingList = screen.getByRole('region', { name: 'Payment terms' }).querySelector('dl') as HTMLElement;
    expect(standingList.textContent).toContain('Outstanding$1,000.00');
    expect(standingList.textContent).toContain('Available credit$1,500.00');
    expect(standingList.textContent).toContain('Overdue$400.00');
    const limit = screen.getByLabelText('Credit limit (US dollars)');
    expect((limit as HTMLInputElement).value).toBe('2500');
    fireEvent.change(limit, { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(screen.getByText(/^Enter the credit limit in US dollars/u)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(limit, { target: { value: '3,000.25' } });
    fireEvent.change(screen.getByLabelText('Terms'), { target: { value: 'net60' } });
    fireEvent.click(screen.getByLabelText(/Require a purchase-order number/u));
    const deposit = screen.getByLabelText('Deposit');
    expect((deposit as HTMLInputElement).value).toBe('0');
    fireEvent.change(deposit, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(screen.getByText(accountMessages.depositPercent)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(deposit, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save terms' }));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          url: `/api/admin/companies/${fixtureId(8)}/terms`,
          method: 'PUT',
          body: { paymentTerms: 'net60', creditLimit: 300_025, poRequired: true, depositPercent: 30 },
        },
      ]),
    );
  });

  it('prefixes the credit limit with the sign of the company’s own currency', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CompanyTerms company={{ id: fixtureId(9), name: 'Werkzeug GmbH' }} account={{ ...standing, currency: 'EUR' }} online />
      </QueryClientProvider>,
    );
    const limit = screen.getByLabelText('Credit limit (euros)');
    expect(limit.closest('label')?.textContent).toBe('€');
  });

  it('ages what each company owes, the most overdue first, with every company together', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReceivablesTable />
      </QueryClientProvider>,
    );
    const ages = await screen.findByRole('table', { name: 'Owed by company and days overdue' });
    const rows = within(ages).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th, td')?.textContent)).toEqual(['Old Debts LtdNet 15', 'Acme ToolsNet 30', 'All companies']);
    expect(rows[2]?.textContent).toContain('$1,900.00');
    expect(screen.getByTestId('receivables-total').textContent).toBe('$1,900.00');
    const acme = screen.getByRole('table', { name: 'Open invoices of Acme Tools' });
    expect(within(acme).getAllByRole('row')[1]?.textContent).toContain('7 days overdue');
    expect(within(acme).getAllByRole('row')[2]?.textContent).toContain('Not yet due');
    expect(within(acme).getByRole('button', { name: /^Send reminder\s*O-2026-00081 of Acme Tools/u })).toBeTruthy();
  });
});
