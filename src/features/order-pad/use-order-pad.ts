// The signed-in dealer's order pad, live: the store's watch also sees changes made in other tabs.

import { useCallback, useEffect, useMemo, useState } from 'react';
import { watchPad, type PadLine } from '../../offline/store';

const NONE: PadLine[] = [];

/** The pad of `email` in the order its tools were added; undefined while the first read runs. */
export function useOrderPad(email: string | null): PadLine[] | undefined {
  const [state, setState] = useState<{ email: string; lines: PadLine[] } | null>(null);
  useEffect(() => {
    if (!email) return;
    // The store's code loads for a signed-in user only: an anonymous first visit does not download it.
    return watchPad(
      email,
      (lines) => setState({ email, lines }),
      () => setState({ email, lines: NONE }),
    );
  }, [email]);
  if (!email) return NONE;
  return state?.email === email ? state.lines : undefined;
}

/**
 * The pad's lines as the dealer sees them while editing: a quantity typed shows at once, with its line total and
 * the pad's total, while the store writes it and its watch brings it back (at 1,000 lines that round trip is
 * a frame or more). A typed quantity gives way to the store's once the store holds it, or when the write failed.
 */
export function useTypedQuantities(stored: PadLine[] | undefined): {
  lines: PadLine[] | undefined;
  typeQuantity: (productId: string, quantity: number, write: Promise<unknown>) => void;
} {
  const [typed, setTyped] = useState<ReadonlyMap<string, number>>(() => new Map());
  useEffect(() => {
    if (!stored || typed.size === 0) return;
    const held = new Map(stored.map((line) => [line.productId, line.quantity]));
    // From the typed quantities as they are when React applies it: one typed since this draw stays.
    setTyped((current) => {
      const waiting = [...current].filter(([productId, quantity]) => held.has(productId) && held.get(productId) !== quantity);
      return waiting.length === current.size ? current : new Map(waiting);
    });
  }, [stored, typed]);
  const lines = useMemo(() => {
    if (!stored || typed.size === 0) return stored;
    return stored.map((line) => {
      const quantity = typed.get(line.productId);
      return quantity === undefined || quantity === line.quantity ? line : { ...line, quantity };
    });
  }, [stored, typed]);
  const typeQuantity = useCallback((productId: string, quantity: number, write: Promise<unknown>) => {
    setTyped((current) => new Map(current).set(productId, quantity));
    write.catch(() =>
      setTyped((current) => {
        if (current.get(productId) !== quantity) return current;
        const next = new Map(current);
        next.delete(productId);
        return next;
      }),
    );
  }, []);
  return { lines, typeQuantity };
}
