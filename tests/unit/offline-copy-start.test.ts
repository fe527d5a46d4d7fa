// @vitest-environment jsdom
// The first visit's offline copy waits for the service worker (decision 021): until it is settled, or
// 30 s at most; a page the service worker already controls, or a build without one, does not wait.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

const settledWithin = async (promise: Promise<void>, ms: number): Promise<boolean> => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return done;
};

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

function withServiceWorker(controller: object | null): void {
  vi.stubEnv('PROD', true);
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller } });
}

test('a first visit waits until the service worker is settled', async () => {
  withServiceWorker(null);
  const gate = await import('../../src/offline/catalogue/copy-start');
  const waiting = gate.whenServiceWorkerSettled();
  expect(await settledWithin(waiting, 5_000)).toBe(false);
  gate.markServiceWorkerSettled();
  expect(await settledWithin(waiting, 0)).toBe(true);
});

test('a service worker that never settles holds the copy back 30 s at most', async () => {
  withServiceWorker(null);
  const gate = await import('../../src/offline/catalogue/copy-start');
  const waiting = gate.whenServiceWorkerSettled();
  expect(await settledWithin(waiting, 29_000)).toBe(false);
  expect(await settledWithin(waiting, 1_000)).toBe(true);
});

test('a page the service worker controls, or a build without one, does not wait', async () => {
  withServiceWorker({});
  const controlled = await import('../../src/offline/catalogue/copy-start');
  expect(await settledWithin(controlled.whenServiceWorkerSettled(), 0)).toBe(true);

  vi.resetModules();
  vi.stubEnv('PROD', false);
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: null } });
  const development = await import('../../src/offline/catalogue/copy-start');
  expect(await settledWithin(development.whenServiceWorkerSettled(), 0)).toBe(true);
});
