// What the pad's long lists share (its lines, the import report's rows): from how many rows they are drawn a
// window at a time, and keeping the row that holds the focus drawn while it is scrolled away, so typing in
// it or tabbing from it is never cut off by a scroll.

import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, type FocusEvent } from 'react';

/** Up to this many rows a list draws them all; past it, only those in and near the window. */
export const WINDOWED_FROM = 40;

/** Rows drawn above and below the window. */
export const OVERSCAN = 8;

/**
 * The range to draw with the focused row in it, and the list's focus listeners that note which row that is
 * (its item carries `data-index`).
 */
export function useKeptFocus() {
  const focused = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const keep = focused.current;
    if (keep === null || keep >= range.count || indexes.includes(keep)) return indexes;
    return [...indexes, keep].sort((a, b) => a - b);
  }, []);
  const listeners = useMemo(
    () => ({
      onFocus: (event: FocusEvent<HTMLElement>) => {
        const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
        focused.current = item ? Number(item.dataset.index) : null;
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = null;
      },
    }),
    [],
  );
  return { rangeExtractor, listeners };
}
