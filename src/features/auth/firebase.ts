// The Firebase Auth client, created on first use so the home page's first load does not carry it.

import type { Auth } from 'firebase/auth';
import type * as FirebaseAuthModule from 'firebase/auth';
import { getRuntimeConfig } from '../../api/runtime-config';

let authPromise: Promise<Auth> | null = null;

export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= (async () => {
    const [{ initializeApp, getApps }, authModule, config] = await Promise.all([import('firebase/app'), import('firebase/auth'), getRuntimeConfig()]);
    const { initializeAuth, indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence, connectAuthEmulator } = authModule;
    const app = getApps()[0] ?? initializeApp({ apiKey: config.firebase.apiKey, authDomain: config.firebase.authDomain, projectId: config.firebase.projectId });
    // The spec's persistence, in order of preference, indexed storage, local storage, session storage.
    // No popup/redirect resolver here: with one, every page that starts Auth would load Google's script from
    // apis.google.com. Google sign-in passes it to the calls that need it (sign-in.ts).
    const auth = initializeAuth(app, {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    });
    if (config.firebase.emulatorUrl) connectAuthEmulator(auth, config.firebase.emulatorUrl, { disableWarnings: true });
    return auth;
  })().catch((error: unknown) => {
    authPromise = null;
    throw error;
  });
  return authPromise;
}

export type FirebaseAuthSdk = typeof FirebaseAuthModule;

/** The Auth instance together with the SDK's functions, both loaded on first use. */
export async function loadFirebaseAuth(): Promise<{ auth: Auth; sdk: FirebaseAuthSdk }> {
  const [auth, sdk] = await Promise.all([getFirebaseAuth(), import('firebase/auth')]);
  return { auth, sdk };
}
