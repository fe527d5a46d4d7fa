// A copy of the access token in IndexedDB, because the service worker (Background Sync of the order
// outbox) cannot read localStorage (docs/architecture.md, "Identity and access"). localStorage stays
// the source of truth.
//
// Layout, for the service worker and anyone else reading it:
//   database 'forgeline-auth' (version 1), object store 'tokens' (out-of-line keys),
//   key 'accessToken' -> the token string. No entry means signed out.
// It is kept apart from the app's Dexie database so that schema changes there never touch it.

export const TOKEN_DB_NAME = 'forgeline-auth';
export const TOKEN_STORE = 'tokens';
export const TOKEN_KEY = 'accessToken';

function openTokenDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(TOKEN_DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(TOKEN_STORE)) request.result.createObjectStore(TOKEN_STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openTokenDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(TOKEN_STORE, mode);
      const request = run(tx.objectStore(TOKEN_STORE));
      // Resolve when the transaction commits, so a write is durable before anyone relies on it.
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

const available = () => typeof indexedDB !== 'undefined';

// Writes run one after another, so a sign-out right after a sign-in always leaves the store empty.
let lastWrite: Promise<void> = Promise.resolve();

/** Writes (or, with null, removes) the copy. Failures are swallowed: the page keeps working from localStorage. */
export function writeTokenCopy(token: string | null): Promise<void> {
  if (!available()) return Promise.resolve();
  lastWrite = lastWrite.then(async () => {
    try {
      await withStore<unknown>('readwrite', (store): IDBRequest => (token === null ? store.delete(TOKEN_KEY) : store.put(token, TOKEN_KEY)));
    } catch {
      // Private mode or storage blocked: the service worker then waits for the page to send the outbox.
    }
  });
  return lastWrite;
}

/** The stored copy, or null. Usable from a page or a service worker. */
export async function readTokenCopy(): Promise<string | null> {
  if (!available()) return null;
  try {
    const value = await withStore<unknown>('readonly', (store) => store.get(TOKEN_KEY));
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The e-mail our access token was issued to; the server checks the signature, this only picks the owner. */
export function tokenEmail(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(
      payload
        .replace(/-/gu, '+')
        .replace(/_/gu, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const email = (JSON.parse(json) as { email?: unknown }).email;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}
