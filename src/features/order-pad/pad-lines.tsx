// The order pad's lines, up to a thousand of them (MAX_ORDER_LINES): a short pad draws every line; a long one
// draws only the lines in and near the window (@tanstack/react-virtual, the page's own scroll), each line
// still a list item that says where it stands in the list. A line is drawn again only when its own
// quantity, tool, price or refusal changes, so typing one quantity redraws that line and the total alone.
// The line holding the focus stays drawn while it is scrolled away, and the pad can take the dealer to any
// line: it scrolls it into the window first, then focuses its quantity box.

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, memo, useCallback, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import type { Product } from '../../contract/product';
import type { PadLine } from '../../offline/store';
import { PadLineRow, quantityBoxId, type PadLineRowProps } from './pad-line';
import type { PadPricing } from './pad-pricing';
import { OVERSCAN, useKeptFocus, WINDOWED_FROM } from './windowed-list';
/** A line's height before it is measured: a row of the table from the sm breakpoint, a card below it. */
const estimatedHeight = () => (typeof window !== 'undefined' && window.matchMedia?.('(min-width: 640px)').matches ? 92 : 168);

export interface PadLinesRow {
  line: PadLine;
  product: Product | undefined;
}

export interface PadLinesProps {
  rows: readonly PadLinesRow[];
  serverProblems: ReadonlyMap<string, string>;
  pricing: PadPricing;
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
}

export interface PadLinesHandle {
  /** Brings the line into the window and puts the focus in its quantity box. */
  focusLine: (productId: string) => void;
}

interface LineProps extends Omit<PadLineRowProps, 'onQuantity' | 'onRemove'> {
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
  position?: { index: number; size: number; start: number; measure: (element: HTMLLIElement | null) => void };
}

/** One line, redrawn only when what it shows changes (a list-priced pad's pricing is one object for good). */
const Line = memo(
  function Line({ onQuantity, onRemove, line, position, ...props }: LineProps) {
    const productId = line.productId;
    return (
      <PadLineRow
        {...props}
        line={line}
        onQuantity={(quantity) => onQuantity(productId, quantity)}
        onRemove={() => onRemove(productId)}
        itemProps={
          position
            ? {
                ref: position.measure,
                'data-index': position.index,
                'aria-posinset': position.index + 1,
                'aria-setsize': position.size,
                className: 'absolute inset-x-0 top-0 border-b border-base-300',
                style: { transform: `translateY(${position.start}px)` },
              }
            : { className: 'border-b border-base-300' }
        }
      />
    );
  },
  (before, after) =>
    before.line.productId === after.line.productId &&
    before.line.quantity === after.line.quantity &&
    before.product === after.product &&
    before.serverProblem === after.serverProblem &&
    before.pricing.prices === after.pricing.prices &&
    before.onQuantity === after.onQuantity &&
    before.onRemove === after.onRemove &&
    before.position?.index === after.position?.index &&
    before.position?.size === after.position?.size &&
    before.position?.start === after.position?.start,
);

/** The callbacks as of the last draw, behind functions that never change, so the lines need not be redrawn for them. */
function useSteady<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  const current = useRef(callback);
  useLayoutEffect(() => {
    current.current = callback;
  });
  return useCallback((...args: A) => current.current(...args), []);
}

export const PadLines = forwardRef<PadLinesHandle, PadLinesProps>(function PadLines({ rows, serverProblems, pricing, onQuantity, onRemove }, handle) {
  const steadyQuantity = useSteady(onQuantity);
  const steadyRemove = useSteady(onRemove);
  const windowed = rows.length > WINDOWED_FROM;
  const list = useRef<HTMLUListElement>(null);
  // Where the list starts on the page: what is above it (the quick entry, a notice) may grow or shrink.
  const [listTop, setListTop] = useState(0);
  const keptFocus = useKeptFocus();
  useLayoutEffect(() => {
    const measure = () => {
      const element = list.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setListTop((before) => (Math.abs(top - before) >= 1 ? top : before));
    };
    measure();
    // Whatever moves the list (a notice above it, a narrower window) is seen when the page's size changes.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => observer?.disconnect();
  }, [windowed]);

  const virtualizer = useWindowVirtualizer({
    count: windowed ? rows.length : 0,
    estimateSize: estimatedHeight,
    overscan: OVERSCAN,
    scrollMargin: listTop,
    getItemKey: (index) => rows[index]?.line.productId ?? index,
    rangeExtractor: keptFocus.rangeExtractor,
  });

  // A line above the window measured at another height than estimated moves the page by the difference, so
  // what the dealer reads stays put; not while the page scrolls up (a smooth scroll to the top, Home), which
  // that move would stop half-way.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) =>
    instance.scrollDirection !== 'backward' && item.start < (instance.scrollOffset ?? 0);

  useImperativeHandle(
    handle,
    () => ({
      focusLine: (productId) => {
        const index = rows.findIndex((row) => row.line.productId === productId);
        if (index < 0) return;
        const focus = () => {
          const box = document.getElementById(quantityBoxId(productId));
          box?.focus();
          box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
          return box !== null;
        };
        if (!windowed || focus()) return;
        virtualizer.scrollToIndex(index, { align: 'center' });
        // Drawn once the window has moved there.
        let tries = 0;
        const next = () => {
          tries += 1;
          if (!focus() && tries < 10) requestAnimationFrame(next);
        };
        requestAnimationFrame(next);
      },
    }),
    [rows, windowed, virtualizer],
  );

  const lineProps = (row: PadLinesRow) => ({
    line: row.line,
    product: row.product,
    serverProblem: serverProblems.get(row.line.productId),
    pricing,
    onQuantity: steadyQuantity,
    onRemove: steadyRemove,
  });

  if (!windowed) {
    return (
      <ul ref={list} aria-label="Lines of the order pad">
        {rows.map((row) => (
          <Line key={row.line.productId} {...lineProps(row)} />
        ))}
      </ul>
    );
  }

  const items = virtualizer.getVirtualItems();
  return (
    <ul ref={list} aria-label="Lines of the order pad" className="relative" style={{ height: virtualizer.getTotalSize() }} {...keptFocus.listeners}>
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <Line
            key={item.key}
            {...lineProps(row)}
            position={{ index: item.index, size: rows.length, start: item.start - virtualizer.options.scrollMargin, measure: virtualizer.measureElement }}
          />
        );
      })}
    </ul>
  );
});
