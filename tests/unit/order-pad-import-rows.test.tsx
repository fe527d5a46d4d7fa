// @vitest-environment jsdom
// The import report's rows: a short list draws every row; a list of a thousand rows draws those in and near
// the report's window only, each item saying where it stands among all the rows, and a row's quantity and
// drop button still reach the dialog.

import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_ORDER_LINES } from '../../src/contract/constants';
import type { ImportRow } from '../../src/features/order-pad/import-list';
import { ImportReportRows } from '../../src/features/order-pad/import-report-rows';
import { WINDOWED_FROM } from '../../src/features/order-pad/windowed-list';

const rowOf = (i: number): ImportRow => ({
  key: `FL-${i}`,
  sku: `FL-${i}`,
  lines: [i + 1],
  product: { _id: `tool-${i}`, name: `Tool ${i}`, sku: `FL-${i}`, description: '', imageUrl: '/uploads/x.webp', price: 10, availableQnt: 100, minOrderQnt: 1 },
  quantity: 2,
  onPad: 0,
  problem: null,
  suggestion: null,
});
const rowsOf = (count: number) => Array.from({ length: count }, (_, i) => rowOf(i));

afterEach(cleanup);

describe('ImportReportRows', () => {
  it('draws every row of a short list, and hands a typed quantity and a drop to the dialog', () => {
    const onQuantity = vi.fn();
    const onDrop = vi.fn();
    const view = render(
      <ImportReportRows rows={rowsOf(5)} typed={new Map([['FL-3', '7']])} idBase="r" summaryId="s" onQuantity={onQuantity} onDrop={onDrop} />,
    );
    const items = view.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.every((item) => item.getAttribute('aria-setsize') === null)).toBe(true);
    expect((view.getByLabelText('Quantity (pcs.) of Tool 3') as HTMLInputElement).value).toBe('7');
    fireEvent.change(view.getByLabelText('Quantity (pcs.) of Tool 1'), { target: { value: '4' } });
    expect(onQuantity).toHaveBeenCalledWith(expect.objectContaining({ key: 'FL-1' }), '4');
    fireEvent.click(view.getByRole('button', { name: 'Drop the row of Tool 2' }));
    expect(onDrop).toHaveBeenCalledWith(expect.objectContaining({ key: 'FL-2' }), 2);
  });

  it('draws a list of a thousand rows near the window only, each item with its place among all the rows', () => {
    // Every row 70 px high, the report's window 600 px.
    const box = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 70 }));
    const rowHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(70);
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    try {
      expect(MAX_ORDER_LINES).toBeGreaterThan(WINDOWED_FROM);
      const view = render(
        <ImportReportRows rows={rowsOf(MAX_ORDER_LINES)} typed={new Map()} idBase="r" summaryId="s" onQuantity={() => undefined} onDrop={() => undefined} />,
      );
      const items = view.getAllByRole('listitem');
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThan(60);
      expect(items.map((item) => item.getAttribute('aria-setsize'))).toEqual(items.map(() => String(MAX_ORDER_LINES)));
      const first = Number(items[0]?.getAttribute('aria-posinset'));
      expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(items.map((_, i) => String(first + i)));
      expect(items.map((item) => item.textContent?.match(/Tool \d+/u)?.[0])).toEqual(items.map((_, i) => `Tool ${first + i - 1}`));
    } finally {
      box.mockRestore();
      rowHeight.mockRestore();
      height.mockRestore();
    }
  });
});
