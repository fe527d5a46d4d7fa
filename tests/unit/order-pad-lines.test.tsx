// @vitest-environment jsdom
// The pad's lines: the pad hands them new line objects on every change (the store reads the whole pad
// again), yet only the line whose quantity changed is drawn again; the others, and every line when only the
// callbacks are new, are left as they were. A long pad's items say where they stand among all the lines.

import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../src/contract/product';
import type { PadLine } from '../../src/offline/store';
import type * as PadLineModule from '../../src/features/order-pad/pad-line';
import { padPricing } from '../../src/features/order-pad/pad-pricing';

const drawn = vi.hoisted(() => ({ lines: [] as string[] }));
vi.mock('../../src/features/order-pad/pad-line', async (original) => {
  const real = await original<typeof PadLineModule>();
  return {
    ...real,
    PadLineRow: (props: Parameters<typeof real.PadLineRow>[0]) => {
      drawn.lines.push(props.line.productId);
      return real.PadLineRow(props);
    },
  };
});

const { PadLines } = await import('../../src/features/order-pad/pad-lines');
const { WINDOWED_FROM } = await import('../../src/features/order-pad/windowed-list');

const tool = (i: number): Product => ({
  _id: `tool-${i}`,
  name: `Tool ${i}`,
  sku: `FL-${i}`,
  description: '',
  imageUrl: '/uploads/x.webp',
  price: 10,
  availableQnt: 100,
  minOrderQnt: 1,
});
const products = Array.from({ length: 60 }, (_, i) => tool(i));
const padOf = (count: number, quantity: (i: number) => number) =>
  products.slice(0, count).map((product, i) => ({
    line: { ownerEmail: 'dealer@example.com', productId: product._id, quantity: quantity(i), addedAt: i } satisfies PadLine,
    product,
  }));

afterEach(() => {
  cleanup();
  drawn.lines = [];
});

describe('PadLines', () => {
  it('draws again only the line whose quantity changed, though every line object is new', () => {
    const pricing = padPricing(null);
    const props = { serverProblems: new Map<string, string>(), pricing, onQuantity: () => undefined, onRemove: () => undefined };
    const view = render(<PadLines rows={padOf(20, () => 2)} {...props} />);
    expect(drawn.lines).toHaveLength(20);
    drawn.lines = [];
    view.rerender(<PadLines rows={padOf(20, (i) => (i === 7 ? 5 : 2))} {...props} onQuantity={() => undefined} onRemove={() => undefined} />);
    expect(drawn.lines).toEqual(['tool-7']);
    drawn.lines = [];
    view.rerender(<PadLines rows={padOf(20, (i) => (i === 7 ? 5 : 2))} {...props} serverProblems={new Map([['tool-3', 'Only 1 pcs. are in stock.']])} />);
    expect(drawn.lines).toEqual(['tool-3']);
    expect(view.getAllByRole('listitem')).toHaveLength(20);
  });

  it('draws a long pad’s lines near the window only, each item with its place among all the lines', () => {
    // Every line 100 px high in a 768 px window at the top of the page.
    const box = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 100 }));
    try {
      const count = WINDOWED_FROM + 20;
      const view = render(
        <PadLines rows={padOf(count, () => 1)} serverProblems={new Map()} pricing={padPricing(null)} onQuantity={() => undefined} onRemove={() => undefined} />,
      );
      const items = view.getAllByRole('listitem');
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThan(count);
      expect(items.map((item) => item.getAttribute('aria-setsize'))).toEqual(items.map(() => String(count)));
      // A run of consecutive lines, each named by its place in the whole pad (which run depends on the scroll).
      const first = Number(items[0]?.getAttribute('aria-posinset'));
      expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(items.map((_, i) => String(first + i)));
      expect(items.map((item) => item.textContent?.match(/Tool \d+/u)?.[0])).toEqual(items.map((_, i) => `Tool ${first + i - 1}`));
    } finally {
      box.mockRestore();
    }
  });
});
