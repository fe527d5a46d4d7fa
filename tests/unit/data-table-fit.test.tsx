// @vitest-environment jsdom
// A list with cards is a table only while the table fits its area (docs/decisions/036): wider than its
// frame, it gives way to the cards; once the area is as wide as the table needed, the table is back. jsdom
// lays nothing out, so the widths and the ResizeObserver are stood in for here; the real layout is checked
// by e2e/tables-in-reach.spec.ts.

import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from '../../src/ui/data-table';

interface Row {
  id: string;
  name: string;
}

const columns: Column<Row>[] = [
  { header: 'Product', cell: (row) => row.name },
  { header: 'Action', action: true, cell: (row) => <button type="button">Delete {row.name}</button> },
];
const rows: Row[] = [{ id: '1', name: 'DX20 Drill' }];

/** What the layout would measure: the table's width, and the area's (the frame is 2 px of border less). */
const widths = { table: 900, area: 700 };
let observed: (() => void)[] = [];

beforeEach(() => {
  widths.table = 900;
  widths.area = 700;
  observed = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {
        observed.push(() => this.callback());
      }
      observe() {}
      disconnect() {}
    },
  );
  const isFrame = (el: HTMLElement) => el.getAttribute('role') === 'region';
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.tagName === 'TABLE') return widths.table;
    return isFrame(this) ? widths.area : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isFrame(this) ? widths.area - 2 : widths.area;
  });
  // jsdom applies no style sheet: drawn as on a laptop, from 1024 px.
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(function (this: HTMLElement) {
    return (drawnOnALaptop(this) ? [{}] : []) as unknown as DOMRectList;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Hidden by its classes or not, at 1024 px and more. */
function drawnOnALaptop(el: HTMLElement): boolean {
  return !el.classList.contains('hidden') || el.classList.contains('min-[64rem]:block');
}

const resize = () => act(() => observed.forEach((notify) => notify()));
const tableShown = () => drawnOnALaptop(screen.getByRole('region', { hidden: true }));
const cardsClass = () => screen.getByRole('list', { name: 'Products', hidden: true }).className;

describe('DataTable with cards: a table only where it fits', () => {
  it('shows the cards when the table is wider than its frame, and the table again once the area is as wide', () => {
    render(<DataTable caption="Products" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" stackBelow="laptop" />);
    expect(tableShown()).toBe(false);
    // The cards are shown at every width while the table does not fit, not only below the breakpoint.
    expect(cardsClass()).not.toContain('min-[64rem]:hidden');

    widths.area = 880;
    resize();
    expect(tableShown()).toBe(false);

    widths.area = 902;
    resize();
    expect(tableShown()).toBe(true);
    expect(cardsClass()).toContain('min-[64rem]:hidden');
  });

  it('keeps the table where it fits, with the breakpoint deciding below it', () => {
    widths.table = 600;
    render(<DataTable caption="Products" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" stackBelow="laptop" />);
    expect(tableShown()).toBe(true);
    expect(screen.getByRole('region', { hidden: true }).className).toContain('hidden min-[64rem]:block');
  });
});
