// @vitest-environment jsdom
// What a prerendered page's hydration renders (docs/architecture.md, "Prerendered public pages"): a store
// whose snapshot looks changed after hydration makes React render again at once, synchronously, and
// hydrate every section still waiting in the same task (decision 020).

import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, startSession } from '../../src/features/auth/session';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  clearSession();
});

describe('the session on a prerendered page', () => {
  it('is one object while signed out, however it was reached', () => {
    clearSession();
    const first = getSession();
    expect(getSession()).toBe(first);
    startSession({ uid: 'uid-1', email: 'dana@example.com', displayName: 'Dana', emailVerified: true }, 'token');
    expect(getSession().user?.email).toBe('dana@example.com');
    clearSession();
    expect(getSession()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('a signed-out visitor is hydrated with one render, not a second one right after', async () => {
    clearSession();
    const { useSession } = await import('../../src/features/auth/session');
    let renders = 0;
    function Reader() {
      const session = useSession();
      renders += 1;
      return <p>{session.user ? 'signed in' : 'signed out'}</p>;
    }
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Reader />);
    renders = 0;
    await act(async () => {
      hydrateRoot(container, <Reader />);
    });
    expect(container.textContent).toBe('signed out');
    expect(renders).toBe(1);
  });
});

describe('useHydrated', () => {
  it('is false while a prerendered page hydrates, true after, and true at once for what mounts later', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.prerenderedRoute = '/';
    document.body.append(root);
    // The hook reads whether the page was prerendered when its module loads.
    vi.resetModules();
    const { useHydrated } = await import('../../src/ui/use-hydrated');
    const seen: boolean[] = [];
    function Probe() {
      const hydrated = useHydrated();
      seen.push(hydrated);
      return <span>{hydrated ? 'data' : 'loading'}</span>;
    }
    root.innerHTML = renderToString(<Probe />);
    expect(root.textContent).toBe('loading');
    seen.length = 0;
    await act(async () => {
      hydrateRoot(root, <Probe />);
    });
    expect(seen[0]).toBe(false);
    expect(root.textContent).toBe('data');

    const later = document.createElement('div');
    document.body.append(later);
    seen.length = 0;
    await act(async () => {
      createRoot(later).render(<Probe />);
    });
    expect(seen).toEqual([true]);
  });
});
