// @vitest-environment jsdom
// The shared table: rows with a row header, the empty text, server pagination, and the card layout.

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, pageCount, type Column } from '../../src/ui/data-table';

interface Row {
  id: string;
  name: string;
  qty: number;
}

const rows: Row[] = [
  { id: 'a', name: 'Chop Saw', qty: 12 },
  { id: 'b', name: 'Cable Cutter', qty: 40 },
];

const columns: Column<Row>[] = [
  { header: 'Product', cell: (r) => r.name },
  { header: 'Quantity', cell: (r) => r.qty },
  { header: 'Action', cell: (r) => <button type="button">Delete {r.name}</button>, action: true },
];

afterEach(cleanup);

describe('DataTable', () => {
  it('renders a captioned table whose first cell is the row header', () => {
    render(<DataTable caption="Orders" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" />);
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Quantity', 'Action']);
    expect(within(table).getByRole('rowheader', { name: 'Chop Saw' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the empty text instead of an empty table', () => {
    render(<DataTable caption="Orders" columns={columns} rows={[]} rowKey={(r) => r.id} empty="You have no order to show" />);
    expect(screen.getByText('You have no order to show')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps its toolbar while the first page loads, so what was typed and where the focus was survive the rows arriving', () => {
    const toolbar = <input aria-label="Search" defaultValue="" />;
    const { rerender } = render(
      <DataTable caption="Orders" columns={columns} rows={undefined} loading="Loading orders" rowKey={(r) => r.id} empty="None" toolbar={toolbar} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading orders');
    expect(screen.queryByRole('table')).toBeNull();
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' });
    box.focus();
    fireEvent.change(box, { target: { value: 'dealer@example.com' } });
    rerender(<DataTable caption="Orders" columns={columns} rows={rows} loading="Loading orders" rowKey={(r) => r.id} empty="None" toolbar={toolbar} />);
    expect(screen.getByRole('table', { name: 'Orders' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Search' })).toBe(box);
    expect(box.value).toBe('dealer@example.com');
    expect(document.activeElement).toBe(box);
  });

  it('pages on the server: says which rows are shown and asks for the next or previous page', () => {
    const onPageChange = vi.fn();
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty="None"
        pagination={{ page: 2, pageSize: 20, total: 45, onPageChange }}
      />,
    );
    const pager = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(pager.textContent).toContain('Showing 21–40 of 45');
    expect(pager.textContent).toContain('Page 2 of 3');
    fireEvent.click(within(pager).getByRole('button', { name: /Next/u }));
    fireEvent.click(within(pager).getByRole('button', { name: /Previous/u }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('disables paging past either end and while refreshing', () => {
    const { rerender } = render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty="None"
        pagination={{ page: 1, pageSize: 20, total: 2, onPageChange: vi.fn() }}
      />,
    );
    expect((screen.getByRole('button', { name: /Previous/u }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Next/u }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty="None"
        busy
        pagination={{ page: 2, pageSize: 1, total: 3, onPageChange: vi.fn() }}
      />,
    );
    expect((screen.getByRole('button', { name: /Next/u }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Orders' }).getAttribute('aria-busy')).toBe('true');
  });

  it('can also show each row as a card with labelled values and its actions', () => {
    render(<DataTable caption="Orders" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" stackBelow="xl" />);
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(first.querySelector('dt')?.textContent).toBe('Quantity');
    expect(first.querySelector('dd')?.textContent).toBe('12');
    // The action column has no label on a card, only its buttons.
    expect(Array.from(first.querySelectorAll('dt')).map((dt) => dt.textContent)).not.toContain('Action');
    expect(within(first).getByRole('button', { name: 'Delete Chop Saw' })).toBeTruthy();
  });

  it("draws a row's details under it, across the row, in the table and on the card", () => {
    const rowDetails = (row: Row, layout: 'table' | 'card') =>
      row.id === 'a' ? { id: `details-${row.id}-${layout}`, open: layout === 'table', content: <p>Lines of {row.name}</p> } : null;
    render(<DataTable caption="Orders" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" stackBelow="md" rowDetails={rowDetails} />);
    const table = screen.getByRole('table', { name: 'Orders' });
    // Two rows and one details row: rows without details get none.
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const detailsRow = document.getElementById('details-a-table') as HTMLElement;
    expect(detailsRow.tagName).toBe('TR');
    expect(detailsRow.hidden).toBe(false);
    expect(detailsRow.querySelector('td')?.getAttribute('colspan')).toBe('3');
    expect(detailsRow.textContent).toBe('Lines of Chop Saw');
    const onCard = document.getElementById('details-a-card') as HTMLElement;
    expect(onCard.closest('li')).toBeTruthy();
    expect(onCard.hidden).toBe(true);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});
