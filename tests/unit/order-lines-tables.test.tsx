// @vitest-environment jsdom
// My Orders and Manage Orders: a bulk order is one row that opens (a disclosure button) to its lines;
// a one-line order reads as it always has; an unpaid order says until when it holds its stock.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/contract/order';
import { OrdersTable } from '../../src/features/admin/orders-table';
import { MyOrdersTable } from '../../src/features/orders/my-orders-table';
import { isMultiLine, orderTitle } from '../../src/ui/order-lines';
import { fixtureId, orderOfLines } from '../helpers/order-fixtures';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const id = fixtureId;

function line(n: number, quantity: number, unitPrice: number) {
  return { productId: id(n), productName: `Tool ${n}`, imageUrl: `/uploads/${n}.webp`, unitPrice, quantity, lineTotal: quantity * unitPrice };
}

function order(n: number, lines: ReturnType<typeof line>[], fields: Partial<Order> = {}): Order {
  return orderOfLines(lines, {
    _id: id(100 + n),
    number: `O-2026-0010${n}`,
    status: 'Paid',
    transactionId: `pi_${n}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  });
}

const bulk = order(1, [line(1, 12, 85), line(2, 6, 40), line(3, 24, 10)]);
const single = order(2, [line(4, 5, 90)], { status: 'Unpaid', transactionId: null, heldUntil: '2026-11-22T10:00:00.000Z' });

function wrap(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

afterEach(cleanup);

describe('orderTitle', () => {
  it('names a bulk order after its first tool and how many more', () => {
    expect(orderTitle(bulk)).toBe('Tool 1 and 2 more');
    expect(isMultiLine(bulk)).toBe(true);
    expect(orderTitle(single)).toBe('Tool 4');
    expect(isMultiLine(single)).toBe(false);
    expect(orderTitle({ productName: 'Saved before bulk orders' })).toBe('Saved before bulk orders');
  });
});

describe('MyOrdersTable', () => {
  beforeEach(() => {
    render(wrap(<MyOrdersTable orders={[bulk, single]} offlineReason="You are offline. This needs a connection." />));
  });

  it('shows a bulk order as one row with its pieces and total, closed at first', () => {
    const table = screen.getByRole('table', { name: 'My orders' });
    // Two orders, and the (hidden) lines row of the bulk order.
    expect(table.querySelectorAll(':scope > tbody > tr')).toHaveLength(3);
    const toggle = within(table).getByRole('button', { name: /Tool 1 and 2 more/u });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const bulkRow = toggle.closest('tr') as HTMLElement;
    expect(bulkRow.textContent).toContain('42');
    expect(bulkRow.textContent).toContain('$1,500');
    const lines = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(lines.hidden).toBe(true);
  });

  it('opens to every line, with its picture, quantity, unit price and line total, and closes again', () => {
    const table = screen.getByRole('table', { name: 'My orders' });
    const toggle = within(table).getByRole('button', { name: /Tool 1 and 2 more/u });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const lines = screen.getByRole('table', { name: 'Lines of Tool 1 and 2 more' });
    const rows = within(lines).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.children).map((cell) => cell.textContent))).toEqual([
      ['Tool 1', '12 pcs.', '$85', '$1,020'],
      ['Tool 2', '6 pcs.', '$40', '$240'],
      ['Tool 3', '24 pcs.', '$10', '$240'],
    ]);
    expect(rows[0]!.querySelector('img')?.getAttribute('src')).toBe('/uploads/1.webp');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps a one-line order as it was: its name, no disclosure', () => {
    const table = screen.getByRole('table', { name: 'My orders' });
    const name = within(table).getByRole('rowheader', { name: /Tool 4$/u });
    expect(within(name).queryByRole('button')).toBeNull();
  });

  it('says until when an unpaid order holds its stock', () => {
    const table = screen.getByRole('table', { name: 'My orders' });
    const row = within(table)
      .getByRole('rowheader', { name: /Tool 4$/u })
      .closest('tr') as HTMLElement;
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-22T10:00:00.000Z'));
    expect(row.textContent).toContain(`Held until ${expected}`);
    expect(
      within(table)
        .getByRole('button', { name: /Tool 1 and 2 more/u })
        .closest('tr')?.textContent,
    ).not.toContain('Held until');
  });

  it('opens the card of a bulk order on its own, with ids of its own', () => {
    const cards = screen.getByRole('list', { name: 'My orders' });
    const toggle = within(cards).getByRole('button', { name: /Tool 1 and 2 more/u });
    fireEvent.click(toggle);
    const lines = within(cards).getByRole('list', { name: 'Lines of Tool 1 and 2 more' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(3);
    expect(lines.textContent).toContain('12 pcs. × $85 = $1,020');
    const ids = Array.from(document.querySelectorAll('[id]')).map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('OrdersTable (Manage Orders)', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'test-token');
    const page = { items: [bulk, single], total: 2, page: 1, pageSize: 20 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('opens a bulk order to its lines, and ships it with one Mark shipped button', async () => {
    render(wrap(<OrdersTable downloadInvoice={vi.fn(async () => undefined)} />));
    const cards = await screen.findByRole('list', { name: 'Orders' });
    const toggle = within(cards).getByRole('button', { name: 'Tool 1 and 2 more' });
    const card = toggle.closest('li') as HTMLElement;
    expect(within(card).getAllByRole('button', { name: /^Mark shipped/u })).toHaveLength(1);
    expect(within(card).getByRole('button', { name: /^Mark shipped/u }).textContent).toContain('O-2026-00101, Tool 1 and 2 more for dealer@example.com');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
    expect(within(within(card).getByRole('list', { name: 'Lines of Tool 1 and 2 more' })).getAllByRole('listitem')).toHaveLength(3);
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getByRole('rowheader', { name: /Tool 4$/u })).toBeTruthy();
    // Each row starts with the order's number.
    expect(within(table).getByRole('rowheader', { name: /^O-2026-00102/u })).toBeTruthy();
  });
});
