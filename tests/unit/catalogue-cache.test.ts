// The catalogue cache under a stream of changes (docs/decisions/016-catalogue-cache-under-orders.md): a burst
// of changes costs few rebuilds, the copy in hand is served meanwhile with its own ETag, and once the
// interval has passed the answer is fresh; after a quiet moment a change shows at once.

import { describe, expect, it } from 'vitest';
import { catalogueCache } from '../../server/lib/catalogue-cache';

const INTERVAL = 1000;

/** A products table stand-in: `version` moves on each change; `loads` counts the rebuilds. */
function fakeCatalogue() {
  const state = { version: 0, loads: 0, clock: 0 };
  const cache = catalogueCache(
    async () => {
      state.loads += 1;
      return [{ _id: 'drill', availableQnt: 1000 - state.version }];
    },
    { minIntervalMs: INTERVAL, now: () => state.clock },
  );
  const change = () => {
    state.version += 1;
    cache.invalidate();
  };
  const stock = async () => (JSON.parse((await cache.get()).body) as { availableQnt: number }[])[0]?.availableQnt;
  return { state, cache, change, stock };
}

describe('catalogue cache under changes', () => {
  it('rebuilds at most once per interval during a burst of changes, and is fresh after it', async () => {
    const { state, cache, change, stock } = fakeCatalogue();
    expect(await stock()).toBe(1000);
    expect(state.loads).toBe(1);

    // 200 orders within the interval, each read at once: the copy in hand is served, nothing is rebuilt.
    for (let i = 0; i < 200; i += 1) {
      change();
      state.clock += 2;
      expect(await stock()).toBe(1000);
    }
    expect(state.loads).toBe(1);
    const staleEntry = await cache.get();
    expect(staleEntry.etag).toMatch(/^".+"$/u);

    // Once the interval has passed, the next read rebuilds and sees every change.
    state.clock = INTERVAL;
    expect(await stock()).toBe(800);
    expect(state.loads).toBe(2);
    const fresh = await cache.get();
    expect(fresh.etag).not.toBe(staleEntry.etag);
    // With no further change the copy stays, however long.
    state.clock += 10 * INTERVAL;
    expect(await cache.get()).toBe(fresh);
    expect(state.loads).toBe(2);
  });

  it('shows a change at once after a quiet moment', async () => {
    const { state, change, stock } = fakeCatalogue();
    expect(await stock()).toBe(1000);
    state.clock += INTERVAL + 1;
    change();
    expect(await stock()).toBe(999);
    expect(state.loads).toBe(2);
  });

  it('keeps a copy read while a change landed, serves it as stale, and replaces it after the interval', async () => {
    let release: () => void = () => undefined;
    let clock = 0;
    let version = 0;
    let loads = 0;
    const cache = catalogueCache(
      async () => {
        loads += 1;
        const seen = version;
        if (loads === 1) await new Promise<void>((resolve) => (release = resolve));
        return { seen };
      },
      { minIntervalMs: INTERVAL, now: () => clock },
    );
    const first = cache.get();
    version += 1;
    cache.invalidate();
    release();
    expect(JSON.parse((await first).body)).toEqual({ seen: 0 });
    // Served again within the interval rather than rebuilt on every read.
    expect(await cache.get()).toBe(await first);
    expect(loads).toBe(1);
    clock = INTERVAL;
    expect(JSON.parse((await cache.get()).body)).toEqual({ seen: 1 });
    expect(loads).toBe(2);
  });

  it('serves the copy in hand while a rebuild is under way', async () => {
    let clock = 0;
    let loads = 0;
    let release: () => void = () => undefined;
    const cache = catalogueCache(
      async () => {
        loads += 1;
        if (loads === 2) await new Promise<void>((resolve) => (release = resolve));
        return { loads };
      },
      { minIntervalMs: INTERVAL, now: () => clock },
    );
    const old = await cache.get();
    cache.invalidate();
    clock = INTERVAL;
    const rebuilding = cache.get();
    // Another reader does not wait for the rebuild.
    expect(await cache.get()).toBe(old);
    release();
    expect(JSON.parse((await rebuilding).body)).toEqual({ loads: 2 });
    expect(await cache.get()).toBe(await rebuilding);
  });

  it('gives a copy for pages only while it is current, never waits for one, and keeps each page with its copy', async () => {
    const { state, cache, change } = fakeCatalogue();
    // No copy yet: the database answers, and the copy is read meanwhile.
    expect(await cache.fresh()).toBeNull();
    await cache.get();
    const current = await cache.fresh();
    expect(current).not.toBeNull();
    let made = 0;
    const page = () => current?.derived('page:1', (all) => ((made += 1), { items: all }));
    expect(JSON.parse(page()?.body ?? 'null')).toEqual({ items: [{ _id: 'drill', availableQnt: 1000 }] });
    expect(page()).toBe(page());
    expect(made).toBe(1);

    // A change within the interval: the whole list may be served from the copy, a page may not.
    state.clock += 10;
    change();
    expect(await cache.get()).toBe(current);
    expect(await cache.fresh()).toBeNull();
    // Once the interval has passed the copy is rebuilt, current again, with its pages made afresh; the ask
    // that started the rebuild is answered by the database.
    state.clock = INTERVAL + 10;
    expect(await cache.fresh()).toBeNull();
    await cache.get();
    const rebuilt = await cache.fresh();
    expect(rebuilt).not.toBeNull();
    expect(rebuilt).not.toBe(current);
    expect(JSON.parse(rebuilt?.derived('page:1', (all) => ({ items: all })).body ?? 'null')).toEqual({ items: [{ _id: 'drill', availableQnt: 999 }] });
  });

  it('keeps a search read from the database with its copy, reads it once even when asked twice at once, and not after a failure', async () => {
    const { cache, change, state } = fakeCatalogue();
    await cache.get();
    const current = await cache.fresh();
    if (!current) throw new Error('no current copy');
    let reads = 0;
    const search = () =>
      current.kept('search:drill', async () => {
        reads += 1;
        return { items: ['drill'], total: 1 };
      });
    const [first, second] = await Promise.all([search(), search()]);
    expect(first).toBe(second);
    expect(JSON.parse(first.body)).toEqual({ items: ['drill'], total: 1 });
    expect(reads).toBe(1);

    let tries = 0;
    const failing = () =>
      current.kept('search:saw', async () => {
        tries += 1;
        if (tries === 1) throw new Error('connection lost');
        return { items: [], total: 0 };
      });
    await expect(failing()).rejects.toThrow('connection lost');
    expect(JSON.parse((await failing()).body)).toEqual({ items: [], total: 0 });

    // After a change the copy is no longer current: the route asks the database, not this copy.
    state.clock += 10;
    change();
    expect(await cache.fresh()).toBeNull();
  });
});
