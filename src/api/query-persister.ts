// The answers kept in localStorage between visits (TanStack's persister), and what makes them one
// signed-in account's (docs/decisions/029-a-shared-counter-tablet.md): every save carries the account it
// was made for, a save is written only while that account is still the one signed in, a saved cache is
// restored only into that account's session, and signing out removes it at once.

import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
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
    persistClient: (client: PersistedClient) => inner.persistClient({ ...client, buster: stampOf(owner) }),
    restoreClient: () => inner.restoreClient(),
    removeClient: () => inner.removeClient(),
  };
}

/**
 * Restores the answers saved for the account signed in now (another account's, or a visitor's, are
 * removed instead) and keeps saving them. Returns the promise of the restore.
 */
export function persistQueries(queryClient: QueryClient, owner: QueryOwner): Promise<void> {
  const [, restored] = persistQueryClient({
    queryClient,
    persister: ownedPersister(owner),
    // A saved cache made for another account than the one signed in now is discarded, not restored.
    buster: stampOf(owner),
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    dehydrateOptions: {
      // Queries backed by IndexedDB (meta.persist === false) are kept out, so the two stores never disagree.
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
    },
  });
  return restored;
}
