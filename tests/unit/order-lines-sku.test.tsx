// @vitest-environment jsdom
// The lines of a bulk order name each tool's SKU under its name, in the table and on the phone's cards;
// a line saved before SKUs (none on it) reads as before.

import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderLine } from '../../src/contract/order';
import { OrderLines } from '../../src/ui/order-lines';

const lines: OrderLine[] = [
  { productId: 'a', productName: 'DX20 Hammer Drill', sku: 'FL-DX20', imageUrl: null, unitPrice: 129, quantity: 50, lineTotal: 6450 },
  { productId: 'b', productName: 'Old Saw', imageUrl: null, unitPrice: 40, quantity: 5, lineTotal: 200 },
];

afterEach(cleanup);

describe('order lines with SKUs', () => {
  it('shows the SKU under the tool in the table', () => {
    const view = render(<OrderLines lines={lines} label="Lines of DX20 Hammer Drill and 1 more" layout="table" currency="USD" />);
    const rows = within(view.getByRole('table')).getAllByRole('rowheader');
    expect(rows.map((row) => row.textContent)).toEqual(['DX20 Hammer DrillSKU FL-DX20', 'Old Saw']);
  });

  it('shows the SKU under the tool on a card', () => {
    const view = render(<OrderLines lines={lines} label="Lines of DX20 Hammer Drill and 1 more" layout="card" currency="USD" />);
    const items = within(view.getByRole('list', { name: 'Lines of DX20 Hammer Drill and 1 more' })).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('SKU FL-DX20');
    expect(items[1]?.textContent).not.toContain('SKU');
  });
});
