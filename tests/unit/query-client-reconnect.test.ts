// @vitest-environment jsdom
// A list whose load failed for want of a connection loads by itself once the device is online again
// (My Orders after a short drop): the app's query client defaults, with the device's connection (navigator.onLine and its events) set by each test.

import { onlineManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/api/query-client';
import { ApiError, NetworkError } from '../../src/api/errors';

const device = { onLine: true };
let client: QueryClient;
let stop: () => void = () => undefined;
let started = () => false;

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => device.onLine });
  device.onLine = true;
  onlineManager.setOnline(true);
  started = () => false;
});

/** The device's connection changes, and the browser says so as it does, with its event. */
function connection(online: boolean) {
  device.onLine = online;
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  stop();
  client.unmount();
  client.clear();
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

/** The app's client, mounted as the app mounts it. */
function startApp() {
  client = createQueryClient();
  client.mount();
}

/** One screen watching `load`, as My Orders watches its query; starts the app first unless it runs. */
function watch(load: () => Promise<string[]>) {
  if (!started()) startApp();
  const observer = new QueryObserver(client, { queryKey: ['orders', 'mine', 'dealer@example.com'], queryFn: load, staleTime: 0 });
  stop = observer.subscribe(() => undefined);
  return observer;
}

/** Fails `times` times with `error`, then answers. */
function failing(times: number, error: () => Error) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= times) throw error();
    return ['order-1'];
  });
  return load;
}

describe('a failed load while the device is online', () => {
  it('keeps reading a server it cannot reach, after its retries, until it answers', async () => {
    const load = failing(9, () => new NetworkError());
    const observer = watch(load);
    // Three retries, shown as failed, then read again and again while the screen shows it.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(4);
    expect(observer.getCurrentResult().status).toBe('error');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(load).toHaveBeenCalledTimes(10);
    expect(observer.getCurrentResult().data).toEqual(['order-1']);
    // Loaded: no more reads than its own.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(load).toHaveBeenCalledTimes(10);
  });

  it('stops reading again once the screen is left', async () => {
    const load = failing(100, () => new NetworkError());
    watch(load);
    await vi.advanceTimersByTimeAsync(60_000);
    stop();
    const reads = load.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(reads);
  });

  it('asks a server that answered with an error 3 more times, then shows the error', async () => {
    const load = failing(10, () => new ApiError(503, 'unavailable', 'Try again later.'));
    const observer = watch(load);
    await vi.advanceTimersByTimeAsync(10 * 30_000);
    expect(load).toHaveBeenCalledTimes(4);
    expect(observer.getCurrentResult().status).toBe('error');
  });

  it('does not ask again after a 4xx', async () => {
    const load = failing(10, () => new ApiError(404, 'not_found', 'Not found.'));
    const observer = watch(load);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().status).toBe('error');
  });
});

describe('a load that failed while the device was offline', () => {
  it('fails at once, so the saved copy can show, and loads when the connection comes back', async () => {
    startApp();
    started = () => true;
    connection(false);
    const load = failing(1, () => new NetworkError());
    const observer = watch(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().status).toBe('error');
    expect(load).toHaveBeenCalledTimes(1);

    connection(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data).toEqual(['order-1']);
  });

  it('loads when the connection comes back even if the app started without one', async () => {
    // The app opened offline: no 'offline' event ever told the query client so.
    device.onLine = false;
    const load = failing(1, () => new NetworkError());
    const observer = watch(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().status).toBe('error');

    connection(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data).toEqual(['order-1']);
  });
});
