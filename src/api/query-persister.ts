// The answers kept in localStorage between visits (TanStack's persister), and what makes them one
// signed-in account's (docs/decisions/029-a-shared-counter-tablet.md): every save carries the account it
// was made for, a save is written only while that account is still the one signed in, a saved cache is
// restored only into that account's session, and signing out removes it at once.

import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { QUERY_GC_TIME_MS } from './query-client';

export const QUERY_CACHE_KEY = 'forgeline-query-cache';
/** How long a saved cache may be restored: the catalogue of the last visit, days ago, still shows at once. */
const QUERY_CACHE_MAX_AGE_MS = QUERY_GC_TIME_MS * 12 * 24;

/** Who the answers are for: the signed-in account, or '' for a visitor. */
export type QueryOwner = () => string;

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Removes the saved answers now, synchronously: a tablet switched off right after Logout keeps nothing
 * of the account that left (the persister itself writes up to a second later).
 */
export function forgetSavedQueries(): void {
  try {
    browserStorage()?.removeItem(QUERY_CACHE_KEY);
  } catch {
    // Storage blocked: there is nothing saved to remove.
  }
}

/**
 * The `buster` of a save: never '', so a cache saved before saves carried their account (with '', which
 * could be anyone's) matches no session and is discarded.
 */
const stampOf = (owner: QueryOwner) => `account:${owner()}`;

/**
 * What is saved of an answer is what the screen shows: a query whose last refetch failed (the device went
 * offline) is saved as the answer it still holds, not as the failure, so a reload shows that answer.
 */
function asShown(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error' && query.state.data !== undefined
      ? { ...query, state: { ...query.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

function ownedPersister(owner: QueryOwner): Persister {
  const storage = browserStorage();
  // The account of the save being written: a save is throttled, so it may be written after its account
  // signed out, and then it is dropped.
  let writing = '';
  const inner = createSyncStoragePersister({
    storage: storage && {
      getItem: (key) => storage.getItem(key),
      setItem: (key, value) => {
        if (writing === stampOf(owner)) storage.setItem(key, value);
      },
      removeItem: (key) => storage.removeItem(key),
    },
    key: QUERY_CACHE_KEY,
    serialize: (client) => {
      writing = client.buster;
      return JSON.stringify(client);
    },
  });
  return {
    // Stamped when the answers are taken from the cache, not when they are written.
    persistClient: (client: PersistedClient) => inner.persistClient(asShown({ ...client, buster: stampOf(owner) })),
    restoreClient: () => inner.restoreClient(),
    removeClient: () => inner.removeClient(),
  };
}

/**
 * Restores the answers saved for the account signed in now (another account's, or a visitor's, are
 * removed instead) and keeps saving them. Returns the promise of the restore.
 */
export function persistQueries(queryClient: QueryClient, owner: QueryOwner): Promise<void> {
  const dehydrateOptions = {
    // Every answer the screen holds is kept, also one whose refetch has just failed (the device went offline
    // while it was asked again): dropping it then would leave a reload offline with nothing to show. Queries
    // backed by IndexedDB (meta.persist === false) are kept out, so the two stores never disagree.
    shouldDehydrateQuery: (query: Query) => query.state.data !== undefined && query.meta?.persist !== false,
  };
  const [, restored] = persistQueryClient({
    queryClient,
    persister: ownedPersister(owner),
    // A saved cache made for another account than the one signed in now is discarded, not restored.
    buster: stampOf(owner),
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    dehydrateOptions,
  });
  // The persister writes at most once a second: a page left (reloaded, closed, put away) within that second
  // writes what it shows now, synchronously, so a reload offline finds the orders it has just shown.
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => {
      const client = asShown({ buster: stampOf(owner), timestamp: Date.now(), clientState: dehydrate(queryClient, dehydrateOptions) });
      try {
        browserStorage()?.setItem(QUERY_CACHE_KEY, JSON.stringify(client));
      } catch {
        // Storage full or blocked: the last throttled save stands.
      }
    });
  }
  return restored;
}
