// The live orders hub of one process (server/lib/live-orders.ts): what each stream is written, in which
// order, with which count; heartbeats; streams that lose their right or their reader; shutdown.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveOrdersHub, type LiveOrdersClient } from '../../server/lib/live-orders';

interface FakeClient extends LiveOrdersClient {
  text: () => string;
  ended: boolean;
  allowed: boolean;
  broken: boolean;
}

function fakeClient(): FakeClient {
  const chunks: string[] = [];
  const client: FakeClient = {
    ended: false,
    allowed: true,
    broken: false,
    write(chunk) {
      if (client.broken || client.ended) return false;
      chunks.push(chunk);
      return true;
    },
    end() {
      client.ended = true;
    },
    stillAllowed: async () => client.allowed,
    text: () => chunks.join(''),
  };
  return client;
}

/** The `event` and `data` of every event written, in order. */
function eventsOf(client: FakeClient): { event: string; data: unknown }[] {
  return [...client.text().matchAll(/event: (\w+)\ndata: (.*)\n\n/gu)].map((m) => ({ event: m[1] ?? '', data: JSON.parse(m[2] ?? 'null') as unknown }));
}

const change = (id: string, kind: string, status: string) => JSON.stringify({ id, kind, status });

function makeHub(countPaid: () => Promise<number>, heartbeatMs = 25_000) {
  const onError = vi.fn();
  return { hub: liveOrdersHub({ countPaid, heartbeatMs, retryMs: 3000, onError }), onError };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('live orders hub', () => {
  it('opens every stream with the retry hint and the count, then writes each change with the count after it', async () => {
    let paid = 2;
    const { hub } = makeHub(async () => paid);
    const client = fakeClient();
    hub.subscribe(client);
    await vi.waitFor(() => expect(eventsOf(client)).toHaveLength(1));
    expect(client.text().startsWith('retry: 3000\n\n')).toBe(true);
    paid = 3;
    hub.notify(change('o1', 'paid', 'Paid'));
    await vi.waitFor(() => expect(eventsOf(client)).toHaveLength(2));
    expect(eventsOf(client)).toEqual([
      { event: 'ready', data: { paidWaiting: 2 } },
      { event: 'order', data: { id: 'o1', kind: 'paid', status: 'Paid', paidWaiting: 3 } },
    ]);
    const ids = [...client.text().matchAll(/^id: (.+)$/gmu)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(2);
  });

  it('counts once for a burst of changes and keeps their order', async () => {
    const countPaid = vi.fn(async () => 0);
    const { hub } = makeHub(countPaid);
    const client = fakeClient();
    hub.subscribe(client);
    await vi.waitFor(() => expect(eventsOf(client)).toHaveLength(1));
    countPaid.mockClear();
    for (let i = 0; i < 50; i += 1) hub.notify(change(`o${i}`, 'deleted', 'Unpaid'));
    await vi.waitFor(() => expect(eventsOf(client)).toHaveLength(51));
    expect(
      eventsOf(client)
        .slice(1)
        .map((e) => (e.data as { id: string }).id),
    ).toEqual(Array.from({ length: 50 }, (_, i) => `o${i}`));
    expect(countPaid.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('ignores a payload that is not an order change, and counts nothing while no one listens', async () => {
    const countPaid = vi.fn(async () => 0);
    const { hub } = makeHub(countPaid);
    hub.notify(change('o1', 'placed', 'Unpaid'));
    await new Promise((r) => setTimeout(r, 10));
    expect(countPaid).not.toHaveBeenCalled();
    const client = fakeClient();
    hub.subscribe(client);
    await vi.waitFor(() => expect(eventsOf(client)).toHaveLength(1));
    hub.notify('{"id":"o2","kind":"exploded","status":"Unpaid"}');
    hub.notify('not json');
    hub.notify(change('o3', 'shipped', 'Shipped'));
    await vi.waitFor(() => expect(eventsOf(client)).toHaveLength(2));
    expect((eventsOf(client)[1]?.data as { id: string }).id).toBe('o3');
  });

  it('tells every stream to refetch when notifications may have been missed', async () => {
    const { hub } = makeHub(async () => 4);
    const client = fakeClient();
    hub.subscribe(client);
    await vi.waitFor(() => expect(eventsOf(client)).toHaveLength(1));
    hub.notify(null);
    await vi.waitFor(() => expect(eventsOf(client)).toHaveLength(2));
    expect(eventsOf(client)[1]).toEqual({ event: 'resync', data: { paidWaiting: 4 } });
  });

  it('sends the count as null when it cannot be counted, and says so', async () => {
    const { hub, onError } = makeHub(async () => {
      throw new Error('database down');
    });
    const client = fakeClient();
    hub.subscribe(client);
    await vi.waitFor(() => expect(eventsOf(client)).toEqual([{ event: 'ready', data: { paidWaiting: null } }]));
    expect(onError).toHaveBeenCalled();
  });

  it('writes a heartbeat comment, and ends a stream whose admin lost the right to it', async () => {
    vi.useFakeTimers();
    const { hub } = makeHub(async () => 0, 1000);
    const keeps = fakeClient();
    const loses = fakeClient();
    hub.subscribe(keeps);
    hub.subscribe(loses);
    await vi.waitFor(() => expect(hub.size).toBe(2));
    await vi.waitFor(() => expect(eventsOf(loses)).toHaveLength(1));
    loses.allowed = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(keeps.text()).toContain(': heartbeat\n\n');
    expect(loses.ended).toBe(true);
    expect(keeps.ended).toBe(false);
    expect(hub.size).toBe(1);
  });

  it('forgets a stream that was removed or can no longer be written', async () => {
    const { hub } = makeHub(async () => 0);
    const removed = fakeClient();
    const broken = fakeClient();
    const remove = hub.subscribe(removed);
    hub.subscribe(broken);
    await vi.waitFor(() => expect(eventsOf(broken)).toHaveLength(1));
    remove();
    broken.broken = true;
    hub.notify(change('o1', 'placed', 'Unpaid'));
    await vi.waitFor(() => expect(hub.size).toBe(0));
  });

  it('a stream removed before its first count is never written', async () => {
    let release: (n: number) => void = () => undefined;
    const { hub } = makeHub(() => new Promise<number>((resolve) => (release = resolve)));
    const client = fakeClient();
    const remove = hub.subscribe(client);
    remove();
    release(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(client.text()).toBe('');
    expect(hub.size).toBe(0);
  });

  it('ends every stream on close and refuses new ones', async () => {
    const { hub } = makeHub(async () => 0);
    const open = [fakeClient(), fakeClient()];
    for (const client of open) hub.subscribe(client);
    hub.close();
    expect(open.every((c) => c.ended)).toBe(true);
    const late = fakeClient();
    hub.subscribe(late);
    expect(late.ended).toBe(true);
    expect(hub.size).toBe(0);
  });
});
