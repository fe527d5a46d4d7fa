// @vitest-environment jsdom
// The session store and its IndexedDB copy of the access token for the service worker.

import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getSession,
  onSessionExpired,
  reportSessionExpired,
  setAdminFlag,
  startSession,
  subscribeSession,
  syncTokenCopy,
} from '../../src/features/auth/session';
import { readTokenCopy, TOKEN_DB_NAME, TOKEN_KEY, TOKEN_STORE, tokenEmail, writeTokenCopy } from '../../src/api/token-store';

const user = { uid: 'uid-1', email: 'dana@example.com', displayName: 'Dana Dealer', emailVerified: false };

/** Reads the store the way the service worker does, without the module's helpers. */
function rawRead(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(TOKEN_DB_NAME);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction(TOKEN_STORE, 'readonly').objectStore(TOKEN_STORE).get(TOKEN_KEY);
      get.onsuccess = () => {
        open.result.close();
        resolve(get.result);
      };
    };
  });
}

beforeEach(async () => {
  clearSession();
  await writeTokenCopy(null);
});

describe('token store', () => {
  it('reads the owner e-mail from the token the worker finds, and nothing from a malformed one', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'uid-1', email: 'dana@example.com' })).toString('base64url');
    expect(tokenEmail(`header.${payload}.signature`)).toBe('dana@example.com');
    expect(tokenEmail('not-a-token')).toBeNull();
    expect(tokenEmail(`header.${Buffer.from('{"sub":"uid-1"}').toString('base64url')}.signature`)).toBeNull();
  });

  it('keeps the token under forgeline-auth / tokens / accessToken and removes it', async () => {
    await writeTokenCopy('token-a');
    expect(await rawRead()).toBe('token-a');
    expect(await readTokenCopy()).toBe('token-a');
    await writeTokenCopy(null);
    expect(await rawRead()).toBeUndefined();
    expect(await readTokenCopy()).toBeNull();
  });

  it('applies writes in the order they were made', async () => {
    void writeTokenCopy('first');
    void writeTokenCopy('second');
    await writeTokenCopy(null);
    expect(await readTokenCopy()).toBeNull();
    void writeTokenCopy(null);
    await writeTokenCopy('last');
    expect(await readTokenCopy()).toBe('last');
  });
});

describe('session', () => {
  it('starts with the token in localStorage and a copy in IndexedDB', async () => {
    startSession(user, 'access-1');
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(getSession()).toEqual({ user, admin: null });
    await syncTokenCopy();
    expect(await readTokenCopy()).toBe('access-1');
  });

  it('clears both copies on sign-out', async () => {
    startSession(user, 'access-2');
    clearSession();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(getSession()).toEqual({ user: null, admin: null });
    expect(await readTokenCopy()).toBeNull();
  });

  it('keeps the admin flag across a token refresh of the same user, not for another user', () => {
    startSession(user, 'access-3');
    setAdminFlag(true);
    startSession({ ...user, emailVerified: true }, 'access-4');
    expect(getSession().admin).toBe(true);
    startSession({ ...user, email: 'other@example.com' }, 'access-5');
    expect(getSession().admin).toBeNull();
  });

  it('is not signed in with a user but no token', () => {
    startSession(user, 'access-6');
    localStorage.removeItem('accessToken');
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    expect(getSession().user).toBeNull();
  });

  it('tells subscribers about changes and reports expiry to its listeners', () => {
    const changed = vi.fn();
    const expired = vi.fn();
    const unsubscribe = subscribeSession(changed);
    const stop = onSessionExpired(expired);
    startSession(user, 'access-7');
    expect(changed).toHaveBeenCalled();
    reportSessionExpired();
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
    unsubscribe();
    reportSessionExpired();
    expect(expired).toHaveBeenCalledTimes(1);
  });
});
