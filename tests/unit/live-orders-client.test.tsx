// @vitest-environment jsdom
// The admin's live orders client (src/features/admin/live-orders.ts) against a scripted stream: the token
// goes in a header, events refresh Manage Orders and set the count and the app badge, a dropped stream is
// reopened with the last event id, the device coming back online reconnects at once, a refusal signs out,
// and closing the last screen closes the stream.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveOrders, useLiveOrdersState } from '../../src/features/admin/live-orders';

const session = vi.hoisted(() => ({ reportSessionExpired: vi.fn() }));
vi.mock('../../src/features/auth/session', () => ({
  useSession: () => ({ user: { email: 'admin@example.com' }, admin: true }),
  reportSessionExpired: session.reportSessionExpired,
}));

interface Opened {
  url: string;
  headers: Record<string, string>;
  push: (text: string) => void;
  end: () => void;
  aborted: () => boolean;
}

let opened: Opened[] = [];
let answer: 'stream' | 403 = 'stream';
const encoder = new TextEncoder();

function fakeFetch(url: string, init: RequestInit): Promise<Response> {
  if (answer === 403) {
    return Promise.resolve(new Response(JSON.stringify({ error: { code: 'forbidden', message: 'No.' } }), { status: 403 }));
  }
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const signal = init.signal as AbortSignal;
  signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
  opened.push({
    url,
    headers: init.headers as Record<string, string>,
    push: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    aborted: () => signal.aborted,
  });
  return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
}

const badge = { setAppBadge: vi.fn(async (_n?: number) => undefined), clearAppBadge: vi.fn(async () => undefined) };
let seen: { paidWaiting: number | null; connected: boolean } = { paidWaiting: null, connected: false };

function Probe() {
  useLiveOrders();
  seen = useLiveOrdersState();
  return null;
}

function mount() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
  const refreshedLists = () => invalidate.mock.calls.filter(([filters]) => JSON.stringify(filters?.queryKey) === '["orders","all"]').length;
  return { view, invalidate, refreshedLists };
}

const last = () => opened[opened.length - 1] as Opened;

beforeEach(() => {
  opened = [];
  answer = 'stream';
  localStorage.setItem('accessToken', 'token-of-the-admin');
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  Object.assign(navigator, badge);
  badge.setAppBadge.mockClear();
  badge.clearAppBadge.mockClear();
  session.reportSessionExpired.mockClear();
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('live orders client', () => {
  it('sends the token in a header, never the URL, and follows the count and the list', async () => {
    const { refreshedLists } = mount();
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(last().url).toBe('/api/orders/events');
    expect(last().headers.authorization).toBe('Bearer token-of-the-admin');

    act(() => last().push('retry: 3000\n\nid: a-1\nevent: ready\ndata: {"paidWaiting":2}\n\n'));
    await vi.waitFor(() => expect(seen).toEqual({ paidWaiting: 2, connected: true }));
    expect(badge.setAppBadge).toHaveBeenLastCalledWith(2);
    // A new connection refetches what changed before it was open.
    await vi.waitFor(() => expect(refreshedLists()).toBe(1));

    act(() => {
      last().push('id: a-2\nevent: order\ndata: {"id":"o1","status":"Paid","kind":"paid","paidWaiting":3}\n\n');
      last().push('id: a-3\nevent: order\ndata: {"id":"o2","status":"Unpaid","kind":"placed","paidWaiting":3}\n\n');
    });
    await vi.waitFor(() => expect(seen.paidWaiting).toBe(3));
    expect(badge.setAppBadge).toHaveBeenLastCalledWith(3);
    // Two events close together refresh the list once.
    await vi.waitFor(() => expect(refreshedLists()).toBe(2));
    await new Promise((r) => setTimeout(r, 250));
    expect(refreshedLists()).toBe(2);

    act(() => last().push('id: a-4\nevent: order\ndata: {"id":"o1","status":"Shipped","kind":"shipped","paidWaiting":0}\n\n'));
    await vi.waitFor(() => expect(seen.paidWaiting).toBe(0));
    expect(badge.clearAppBadge).toHaveBeenCalled();
    await vi.waitFor(() => expect(refreshedLists()).toBe(3));
  });

  it('reopens a stream the server ended, with the last event id, and refetches', async () => {
    const { refreshedLists } = mount();
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    act(() => last().push('id: b-7\nevent: ready\ndata: {"paidWaiting":1}\n\n'));
    await vi.waitFor(() => expect(seen.connected).toBe(true));
    act(() => last().end());
    await vi.waitFor(() => expect(seen.connected).toBe(false));
    await vi.waitFor(() => expect(opened).toHaveLength(2), { timeout: 5000 });
    expect(last().headers['last-event-id']).toBe('b-7');
    act(() => last().push('id: c-1\nevent: ready\ndata: {"paidWaiting":1}\n\n'));
    await vi.waitFor(() => expect(refreshedLists()).toBe(2));
  });

  it('drops the stream when the device goes offline and reconnects as soon as it is back', async () => {
    mount();
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    act(() => last().push('id: d-1\nevent: ready\ndata: {"paidWaiting":0}\n\n'));
    await vi.waitFor(() => expect(seen.connected).toBe(true));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    await vi.waitFor(() => expect(opened[0]?.aborted()).toBe(true));
    await new Promise((r) => setTimeout(r, 100));
    expect(opened).toHaveLength(1);
    onLine.mockReturnValue(true);
    const backAt = Date.now();
    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    expect(Date.now() - backAt).toBeLessThan(1000);
  });

  it('stops and reports the session when the server refuses the stream', async () => {
    answer = 403;
    mount();
    await vi.waitFor(() => expect(session.reportSessionExpired).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });

  it('shares one stream between screens and closes it with the last one', async () => {
    const first = mount();
    const second = mount();
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(opened).toHaveLength(1);
    first.view.unmount();
    expect(last().aborted()).toBe(false);
    second.view.unmount();
    expect(last().aborted()).toBe(true);
  });
});
