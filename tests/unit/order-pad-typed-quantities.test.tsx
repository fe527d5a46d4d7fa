// @vitest-environment jsdom
// A quantity typed on the pad shows at once (src/features/order-pad/use-order-pad.ts), before the store has
// written it and its watch brought it back; the store's lines take over once they hold it, and a write that
// failed leaves the store's quantity.
import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useTypedQuantities } from '../../src/features/order-pad/use-order-pad';
import type { PadLine } from '../../src/offline/store';

const line = (productId: string, quantity: number, addedAt: number): PadLine => ({ ownerEmail: 'dana@example.com', productId, quantity, addedAt });

it('shows a typed quantity at once, and the store’s lines once they hold it', () => {
  const stored = [line('drill', 10, 1), line('saw', 4, 2)];
  const { result, rerender } = renderHook(({ lines }) => useTypedQuantities(lines), { initialProps: { lines: stored as PadLine[] | undefined } });
  act(() => result.current.typeQuantity('drill', 20, new Promise(() => undefined)));
  expect(result.current.lines?.map((l) => l.quantity)).toEqual([20, 4]);
  // Another tab's change to another line comes through; the typed one still shows.
  rerender({ lines: [line('drill', 10, 1), line('saw', 6, 2)] });
  expect(result.current.lines?.map((l) => l.quantity)).toEqual([20, 6]);
  // The store holds it: its lines are shown as they are.
  const echoed = [line('drill', 20, 1), line('saw', 6, 2)];
  rerender({ lines: echoed });
  expect(result.current.lines).toBe(echoed);
});

it('gives way to the store’s quantity when the write failed', async () => {
  const stored = [line('drill', 10, 1)];
  const { result } = renderHook(() => useTypedQuantities(stored));
  let fail: (error: Error) => void = () => undefined;
  const write = new Promise((_, reject) => {
    fail = reject;
  });
  act(() => result.current.typeQuantity('drill', 30, write));
  expect(result.current.lines?.[0]?.quantity).toBe(30);
  await act(async () => {
    fail(new Error('quota'));
    await write.catch(() => undefined);
  });
  expect(result.current.lines?.[0]?.quantity).toBe(10);
});
