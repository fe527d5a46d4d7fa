// @vitest-environment jsdom
// An order's total on My Orders and Manage Orders: an order with tax reads as its net, the tax line and the
// gross; one under the reverse charge as its net, the note and the total; one with no rate as one total, as
// it always has.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/contract/order';
import { OrdersTable } from '../../src/features/admin/orders-table';
import { MyOrdersTable } from '../../src/features/orders/my-orders-table';
import { OrderTotalCell, OrderTotals, orderShowsTax } from '../../src/ui/order-totals';
import { fixtureId, orderOfLines } from '../helpers/order-fixtures';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const line = (n: number, quantity: number, unitPrice: number) => ({
  productId: fixtureId(n),
  productName: `Tool ${n}`,
  imageUrl: '',
  unitPrice,
  quantity,
  lineTotal: quantity * unitPrice,
  unitPriceMinor: unitPrice * 100,
  lineTotalMinor: quantity * unitPrice * 100,
});

// €4,830.00 net to a place with 19 % VAT: €917.70 of tax in the gross €5,747.70.
const taxed = orderOfLines([line(1, 20, 139), line(2, 5, 410)], {
  _id: fixtureId(101),
  number: 'O-2026-00101',
  currency: 'EUR',
  totalMinor: 574_770,
  taxMinor: 91_770,
  taxRateMicros: 190_000,
  taxName: 'VAT',
  reverseCharge: false,
});
const reverse = orderOfLines([line(3, 10, 48)], {
  _id: fixtureId(102),
  number: 'O-2026-00102',
  currency: 'EUR',
  totalMinor: 48_000,
  taxMinor: 0,
  taxRateMicros: 0,
  taxName: null,
  reverseCharge: true,
});
const untaxed = orderOfLines([line(4, 5, 90)], {
  _id: fixtureId(103),
  number: 'O-2026-00103',
  totalMinor: 45_000,
  currency: 'USD',
  taxMinor: 0,
  taxRateMicros: 0,
  taxName: null,
  reverseCharge: false,
});
const beforeTax: Order = orderOfLines([line(5, 2, 65)], { _id: fixtureId(104), number: 'O-2026-00104' });

const wrap = (children: ReactNode) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
/** The rows of a totals list as "label = amount", in the order they read. */
const rowsOf = (list: HTMLElement) =>
  [...list.querySelectorAll('dt')].map((dt) => `${dt.textContent ?? ''} = ${dt.nextElementSibling?.textContent ?? ''}`.replace(/\s+/gu, ' '));

afterEach(cleanup);

describe('OrderTotals', () => {
  it('an order with tax: Net, the tax line with its rate, and Total, the gross, with the currency’s decimals', () => {
    render(<OrderTotals order={taxed} />);
    expect(rowsOf(screen.getByTestId('order-totals'))).toEqual(['Net = €4,830.00', 'VAT 19% = €917.70', 'Total = €5,747.70']);
  });

  it('under the reverse charge: the net, the note with no tax, and the total', () => {
    render(<OrderTotals order={reverse} />);
    expect(rowsOf(screen.getByTestId('order-totals'))).toEqual([
      'Net = €480.00',
      'Reverse charge: tax to be accounted for by the recipient = €0.00',
      'Total = €480.00',
    ]);
  });

  it('an order with no rate, or saved before tax, shows one total and no tax rows', () => {
    expect([taxed, reverse, untaxed, beforeTax].map(orderShowsTax)).toEqual([true, true, false, false]);
    const { container } = render(
      <>
        <OrderTotalCell order={untaxed} />
        <OrderTotalCell order={beforeTax} />
      </>,
    );
    expect(container.textContent).toBe('$450$130');
    expect(screen.queryByTestId('order-totals')).toBeNull();
  });
});

describe('My Orders and Manage Orders', () => {
  it('My Orders: the taxed order’s Price cell has its three rows, the untaxed one its one total', () => {
    render(wrap(<MyOrdersTable orders={[taxed, untaxed]} offlineReason={null} />));
    const table = screen.getByRole('table', { name: 'My orders' });
    const taxedRow = within(table).getByRole('row', { name: /O-2026-00101/u });
    expect(rowsOf(within(taxedRow).getByTestId('order-totals'))).toEqual(['Net = €4,830.00', 'VAT 19% = €917.70', 'Total = €5,747.70']);
    const untaxedRow = within(table).getByRole('row', { name: /O-2026-00103/u });
    expect(within(untaxedRow).queryByTestId('order-totals')).toBeNull();
    expect(within(untaxedRow).getByText('$450')).toBeTruthy();
  });

  describe('Manage Orders', () => {
    beforeEach(() => {
      localStorage.setItem('accessToken', 'test-token');
      const page = { items: [taxed, reverse, untaxed], total: 3, page: 1, pageSize: 20 };
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } })),
      );
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      localStorage.clear();
    });

    it('shows each taxed order’s net, tax line and total beside how it is paid', async () => {
      render(wrap(<OrdersTable downloadInvoice={vi.fn(async () => undefined)} />));
      const table = await screen.findByRole('table', { name: 'Orders' });
      const row = (number: string) => within(table).getByRole('row', { name: new RegExp(number, 'u') });
      expect(rowsOf(within(row('O-2026-00101')).getByTestId('order-totals'))).toEqual(['Net = €4,830.00', 'VAT 19% = €917.70', 'Total = €5,747.70']);
      expect(rowsOf(within(row('O-2026-00102')).getByTestId('order-totals'))[1]).toBe('Reverse charge: tax to be accounted for by the recipient = €0.00');
      expect(within(row('O-2026-00103')).queryByTestId('order-totals')).toBeNull();
      expect(within(row('O-2026-00103')).getByText('$450')).toBeTruthy();
      expect(within(row('O-2026-00101')).getByTestId('order-terms').textContent).toBe('Card');
    });
  });
});
