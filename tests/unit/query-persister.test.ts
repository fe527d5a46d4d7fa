// @vitest-environment jsdom
// A shared counter tablet: the answers kept in localStorage between visits belong to the account they were
// fetched for. Logout removes them at once (the tablet may be switched off right after), a save still
// waiting when the account signs out is never written, and a saved cache is restored only into the
// session of the account it was made for.

import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/api/query-client';
import { QUERY_CACHE_KEY, persistQueries } from '../../src/api/query-persister';
import { queryKeys } from '../../src/api/query-keys';
import { clearSession, sessionOwner, startSession, type SessionUser } from '../../src/features/auth/session';
import { signOutEverywhere } from '../../src/features/auth/sign-out';

// Firebase is not what is tested here: its sign-out answers at once.
vi.mock('../../src/features/auth/firebase', () => ({ getFirebaseAuth: () => Promise.resolve({}) }));
vi.mock('firebase/auth', () => ({ signOut: () => Promise.resolve() }));

const alice: SessionUser = { uid: 'uid-alice', email: 'Alice@Example.com', displayName: 'Alice Anvil', emailVerified: true };
const bob: SessionUser = { uid: 'uid-bob', email: 'bob@example.com', displayName: 'Bob Bolt', emailVerified: true };
const alicesOrders = [{ _id: 'order-a1', productName: 'Forgeline Drill', userAddress: '1 Alice Street, Leeds' }];
const alicesProfile = { email: alice.email, displayName: alice.displayName, address: '1 Alice Street, Leeds' };
const catalogue = [{ _id: 'tool-1', name: 'Forgeline Drill' }];
/** The persister writes at most once a second. */
const THROTTLE_MS = 1000;

let clients: QueryClient[] = [];

/** The app starting on this tablet: a query client restored from what the tablet kept. */
async function startApp(): Promise<QueryClient> {
  const client = createQueryClient();
  clients.push(client);
  await persistQueries(client, sessionOwner);
  return client;
}

const saved = () => localStorage.getItem(QUERY_CACHE_KEY);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  clearSession();
});

afterEach(() => {
  for (const client of clients) client.clear();
  clients = [];
  vi.useRealTimers();
});

/** Alice signed in, with her orders, profile and the catalogue fetched and saved. */
async function aliceAtTheCounter(): Promise<QueryClient> {
  startSession(alice, 'token-alice');
  const client = await startApp();
  client.setQueryData(queryKeys.products, catalogue);
  client.setQueryData(queryKeys.myOrders(alice.email), alicesOrders);
  client.setQueryData(queryKeys.userProfile(alice.email), alicesProfile);
  await vi.advanceTimersByTimeAsync(THROTTLE_MS);
  expect(saved()).toContain('1 Alice Street');
  return client;
}

describe('Logout on a shared tablet', () => {
  it('removes the saved answers before anything else, synchronously', async () => {
    await aliceAtTheCounter();
    // The tablet is switched off before any promise of the sign-out runs.
    void signOutEverywhere();
    expect(saved()).toBeNull();
  });

  it('never writes a save that was still waiting when the account signed out', async () => {
    const client = await aliceAtTheCounter();
    client.setQueryData(queryKeys.myOrders(alice.email), [
      ...alicesOrders,
      { _id: 'order-a2', productName: 'Forgeline Saw', userAddress: '1 Alice Street, Leeds' },
    ]);
    await signOutEverywhere();
    await vi.advanceTimersByTimeAsync(THROTTLE_MS * 5);
    expect(saved() ?? '').not.toContain('Alice');
  });
});

describe('a saved cache', () => {
  it('is restored for the account it was saved for', async () => {
    await aliceAtTheCounter();
    const again = await startApp();
    expect(again.getQueryData(queryKeys.myOrders(alice.email))).toEqual(alicesOrders);
  });

  it("is not restored into the next account's session, and is removed, when the tablet died before Logout finished", async () => {
    await aliceAtTheCounter();
    // The browser was closed with Alice's answers on disk; Bob's session starts on the same tablet.
    startSession(bob, 'token-bob');
    const bobs = await startApp();
    expect(bobs.getQueryData(queryKeys.myOrders(alice.email))).toBeUndefined();
    expect(bobs.getQueryData(queryKeys.userProfile(alice.email))).toBeUndefined();
    expect(saved() ?? '').not.toContain('Alice');

    bobs.setQueryData(queryKeys.myOrders(bob.email), []);
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    expect(saved()).toContain('bob@example.com');
    expect(saved()).not.toContain('Alice');
  });

  it('is not restored for a visitor either', async () => {
    await aliceAtTheCounter();
    clearSession();
    const visitors = await startApp();
    expect(visitors.getQueryData(queryKeys.myOrders(alice.email))).toBeUndefined();
    expect(saved()).toBeNull();
  });

  it('is discarded when it was saved before saves carried their account', async () => {
    const before = { buster: '', timestamp: Date.now(), clientState: { mutations: [], queries: [] as unknown[] } };
    before.clientState.queries.push({
      queryKey: queryKeys.myOrders(alice.email),
      queryHash: JSON.stringify(queryKeys.myOrders(alice.email)),
      state: {
        data: alicesOrders,
        dataUpdateCount: 1,
        dataUpdatedAt: Date.now(),
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    });
    localStorage.setItem(QUERY_CACHE_KEY, JSON.stringify(before));
    const visitors = await startApp();
    expect(visitors.getQueryData(queryKeys.myOrders(alice.email))).toBeUndefined();
    expect(saved()).toBeNull();
  });

  it("keeps the catalogue a visitor's visit saved", async () => {
    const visit = await startApp();
    visit.setQueryData(queryKeys.products, catalogue);
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    const next = await startApp();
    expect(next.getQueryData(queryKeys.products)).toEqual(catalogue);
  });
});

describe('an answer the screen still shows', () => {
  it('is saved as that answer when its refetch failed offline, and restored as one', async () => {
    const client = await aliceAtTheCounter();
    // The device goes offline while My Orders asks again: the query fails but keeps Alice's orders.
    await client
      .fetchQuery({
        queryKey: queryKeys.myOrders(alice.email),
        queryFn: () => Promise.reject(new Error('The server could not be reached.')),
        staleTime: 0,
        retry: false,
      })
      .catch(() => undefined);
    expect(client.getQueryState(queryKeys.myOrders(alice.email))?.status).toBe('error');
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    expect(saved()).toContain('order-a1');

    const next = await startApp();
    expect(next.getQueryData(queryKeys.myOrders(alice.email))).toEqual(alicesOrders);
    expect(next.getQueryState(queryKeys.myOrders(alice.email))).toMatchObject({ status: 'success', error: null });
  });

  it('is written when the page is left within the second the persister waits', async () => {
    const client = await aliceAtTheCounter();
    client.setQueryData(queryKeys.myOrders(alice.email), [
      ...alicesOrders,
      { _id: 'order-a2', productName: 'Forgeline Saw', userAddress: '1 Alice Street, Leeds' },
    ]);
    expect(saved()).not.toContain('order-a2');
    window.dispatchEvent(new Event('pagehide'));
    expect(saved()).toContain('order-a2');
  });
});
