// The one subscribe/notify helper, and the store's watch that loads its module on first use.

import { describe, expect, it, vi } from 'vitest';
import { createNotifier } from '../../src/lib/notify';
import { lazyWatch } from '../../src/offline/store/lazy-watch';

describe('createNotifier', () => {
  it('tells every listener, in the order they came, until each unsubscribes', () => {
    const changes = createNotifier<number>();
    const heard: string[] = [];
    const stopA = changes.subscribe((n) => heard.push(`a${n}`));
    changes.subscribe((n) => heard.push(`b${n}`));
    changes.notify(1);
    stopA();
    changes.notify(2);
    expect(heard).toEqual(['a1', 'b1', 'b2']);
  });

  it('does not call a listener removed by an earlier one in the same notice', () => {
    const changes = createNotifier();
    const second = vi.fn();
    let stopSecond = () => undefined as void;
    changes.subscribe(() => stopSecond());
    stopSecond = changes.subscribe(second);
    changes.notify();
    expect(second).not.toHaveBeenCalled();
  });
});

describe('lazyWatch', () => {
  it('starts the watch once its module has loaded, and stops it', async () => {
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const unwatch = lazyWatch(async () => ({ name: 'store' }), start, vi.fn());
    await vi.waitFor(() => expect(start).toHaveBeenCalledWith({ name: 'store' }));
    unwatch();
    expect(stop).toHaveBeenCalledOnce();
  });

  it('never starts a watch stopped before its module loaded, and reports a module that cannot load', async () => {
    const start = vi.fn(() => () => undefined);
    lazyWatch(async () => ({}), start, vi.fn())();
    const onError = vi.fn();
    lazyWatch(() => Promise.reject(new Error('offline')), start, onError);
    await vi.waitFor(() => expect(onError).toHaveBeenCalled());
    expect(start).not.toHaveBeenCalled();
  });
});
