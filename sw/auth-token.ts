// Reads the copy of the access token that the page keeps for the worker in IndexedDB, with the layout
// documented in src/features/auth/token-store.ts: database 'forgeline-auth', store 'tokens', key 'accessToken'.
// Read-only here: the page alone writes and removes it.

const TOKEN_DB_NAME = 'forgeline-auth';
const TOKEN_STORE = 'tokens';
const TOKEN_KEY = 'accessToken';

export function readAccessToken(): Promise<string | null> {
  return new Promise((resolve) => {
    const open = indexedDB.open(TOKEN_DB_NAME);
    // No database yet: nobody ever signed in on this device. Do not create it from here.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(TOKEN_STORE)) {
        db.close();
        resolve(null);
        return;
      }
      const request = db.transaction(TOKEN_STORE, 'readonly').objectStore(TOKEN_STORE).get(TOKEN_KEY);
      request.onsuccess = () => {
        db.close();
        resolve(typeof request.result === 'string' ? request.result : null);
      };
      request.onerror = () => {
        db.close();
        resolve(null);
      };
    };
  });
}
