// @vitest-environment jsdom
// Placing the order pad when the tab dies half-way: the order and the emptied pad are written together or
// not at all, and a press repeated after an answer the pad never acted on is the same order (same
// clientOrderId), so the server's dedupe keeps it one.

import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiClient from '../../src/api/client';
import { NetworkError } from '../../src/api/errors';
import type { OrderBody } from '../../src/contract/order';
import type { Product } from '../../src/contract/product';
import { getDatabase } from '../../src/offline/store/database';
import { addToPad, listPad, setPadQuantity } from '../../src/offline/store/order-pad';
import { listOutbox } from '../../src/offline/outbox/queue';
import { placeOrQueue } from '../../src/offline/outbox';
import { OrderPad } from '../../src/features/order-pad/order-pad';

vi.mock('../../src/ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** POST /api/orders as the server answers it: one order per user and clientOrderId, a repeat gets the first. */
const server = vi.hoisted(() => ({
  orders: new Map<string, unknown>(),
  calls: [] as { clientOrderId: string }[],
  /** The next call gets no answer, though the order arrives. */
  loseNextAnswer: false,
}));
vi.mock('../../src/api/client', async (original) => ({
  ...(await original<typeof apiClient>()),
  apiRequest: async (_path: string, options: { body: OrderBody }) => {
    const body = options.body;
    server.calls.push({ clientOrderId: body.clientOrderId });
    if (!server.orders.has(body.clientOrderId)) server.orders.set(body.clientOrderId, body);
    if (server.loseNextAnswer) {
      server.loseNextAnswer = false;
      throw new NetworkError();
    }
    return { insertedId: body.clientOrderId };
  },
}));

const DEALER = 'dealer@example.com';
const tool = (name: string): Product => ({
  _id: randomUUID(),
  name,
  description: '',
  imageUrl: '/uploads/x.webp',
  price: 100,
  availableQnt: 100,
  minOrderQnt: 5,
});
const drill = tool('Pad Drill');
const saw = tool('Pad Saw');

const db = getDatabase();
let online = true;

/** The pad's lines leave it with a delete: failing it is the tab dying before the pad was emptied. */
function failPadDeletes(): () => void {
  const fail = () => {
    throw new Error('The tab was closed.');
  };
  db.orderPad.hook('deleting', fail);
  return () => db.orderPad.hook('deleting').unsubscribe(fail);
}

const state = async () => ({ queued: (await listOutbox(DEALER, db)).length, padLines: (await listPad(DEALER, db)).length });

/** Opens the pad as the route does, presses Place order and waits until the press has finished. */
async function pressPlaceOrder(): Promise<void> {
  const onDone = vi.fn();
  const { toast } = await import('../../src/ui/toast');
  const before = vi.mocked(toast.error).mock.calls.length;
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderPad
        email={DEALER}
        lines={await listPad(DEALER, db)}
        products={[drill, saw]}
        productsError={null}
        defaultAddress="4 Quay Street, Bristol"
        defaultPhone="+44 117 555 0199"
        placeOrder={placeOrQueue}
        onProductsChanged={() => undefined}
        onDone={onDone}
      />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
  await waitFor(() => expect(onDone.mock.calls.length + vi.mocked(toast.error).mock.calls.length).toBeGreaterThan(before));
  await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(false));
  // The tab goes away with whatever it had in memory.
  view.unmount();
}

beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  server.orders.clear();
  server.calls.length = 0;
  server.loseNextAnswer = false;
  await Promise.all([db.outbox.clear(), db.orderPad.clear(), db.meta.clear()]);
  await addToPad(DEALER, drill._id, 5, db, 1000);
  await addToPad(DEALER, saw._id, 10, db, 2000);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('placing the pad offline', () => {
  it('queues the order and empties the pad together, or does neither', async () => {
    online = false;
    const restore = failPadDeletes();
    await pressPlaceOrder();
    restore();
    // Never both: the lines on the pad and their order in the outbox would be sent twice.
    expect(await state()).toEqual({ queued: 0, padLines: 2 });

    await pressPlaceOrder();
    expect(await state()).toEqual({ queued: 1, padLines: 0 });
    const [item] = await listOutbox(DEALER, db);
    expect(item?.lines?.map((line) => [line.productId, line.quantity])).toEqual([
      [drill._id, 5],
      [saw._id, 10],
    ]);
  });

  it('queues an order whose answer was lost, and empties the pad, in one write', async () => {
    server.loseNextAnswer = true;
    const restore = failPadDeletes();
    await pressPlaceOrder();
    restore();
    expect(await state()).toEqual({ queued: 0, padLines: 2 });

    // The order did arrive: placing again is answered with it, not with a second one.
    await pressPlaceOrder();
    expect(await state()).toEqual({ queued: 0, padLines: 0 });
    expect(server.orders.size).toBe(1);
  });
});

describe('placing the pad online', () => {
  it('sends a press repeated after the tab died before emptying the pad with the same clientOrderId', async () => {
    const restore = failPadDeletes();
    await pressPlaceOrder();
    restore();
    expect(server.orders.size).toBe(1);
    expect(await state()).toEqual({ queued: 0, padLines: 2 });

    await pressPlaceOrder();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.clientOrderId).toBe(server.calls[0]?.clientOrderId);
    expect(server.orders.size).toBe(1);
    expect(await state()).toEqual({ queued: 0, padLines: 0 });
  });

  it('queues that repeat under the same clientOrderId when the connection is gone, as maybe delivered', async () => {
    const restore = failPadDeletes();
    await pressPlaceOrder();
    restore();

    online = false;
    await pressPlaceOrder();
    const [item] = await listOutbox(DEALER, db);
    expect(item?.clientOrderId).toBe(server.calls[0]?.clientOrderId);
    expect(item?.maybeDelivered).toBe(true);
    expect(await state()).toEqual({ queued: 1, padLines: 0 });
  });

  it('places a pad changed since that press as a new order', async () => {
    const restore = failPadDeletes();
    await pressPlaceOrder();
    restore();

    await setPadQuantity(DEALER, saw._id, 15, db);
    await pressPlaceOrder();
    expect(server.orders.size).toBe(2);
    expect(new Set(server.calls.map((call) => call.clientOrderId)).size).toBe(2);
    expect(await state()).toEqual({ queued: 0, padLines: 0 });
  });
});

describe('a pad past what one order may come to', () => {
  it('waits with the reason, and sends nothing', async () => {
    const press = { ...tool('Pad Press'), price: 400_000, minOrderQnt: 1 };
    await addToPad(DEALER, press._id, 3, db, 3000);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrderPad
          email={DEALER}
          lines={await listPad(DEALER, db)}
          products={[drill, saw, press]}
          productsError={null}
          defaultAddress="4 Quay Street, Bristol"
          defaultPhone="+44 117 555 0199"
          placeOrder={placeOrQueue}
          onProductsChanged={() => undefined}
          onDone={() => undefined}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('pad-total').textContent).toBe('$1,201,500');
    expect(screen.getByTestId('place-order-blocked').textContent).toBe(
      'One order comes to at most $999,999: lower quantities or remove lines (a saved list keeps them for another order) to place it.',
    );
    const place = screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' });
    expect(place.disabled).toBe(true);
    fireEvent.submit(place.closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toHaveLength(0);
    expect(await state()).toEqual({ queued: 0, padLines: 3 });
  });
});
