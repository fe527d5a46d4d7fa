// The e-mail verification state: resend the e-mail, and pick up a verification done elsewhere
// (the link opens in a mail app, another tab or another device).

import type { User } from 'firebase/auth';
import { texts } from '../../contract/messages';
import { exchangeIdToken } from './exchange-token';
import { loadFirebaseAuth } from './firebase';
import { authError } from './sign-in';
import { getSession, startSession, updateSessionUser } from './session';

export async function resendVerification(): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth();
  await auth.authStateReady();
  // The product's own message, in the spec's words, when nobody is signed in to Firebase.
  if (!auth.currentUser) throw authError('auth/no-current-user', texts.noUserLoggedIn);
  await sdk.sendEmailVerification(auth.currentUser);
}

let pendingExchange: Promise<void> | null = null;

/**
 * Brings the session in line with what Firebase knows of the user. When the e-mail has just been
 * verified, a fresh ID token is exchanged so the server records it too
 * (docs/architecture.md, "Identity and access").
 */
export function applyFirebaseUser(user: User): Promise<void> {
  const session = getSession().user;
  if (!session || session.email !== user.email?.toLowerCase()) return Promise.resolve();
  const displayName = user.displayName ?? session.displayName;
  if (user.emailVerified && !session.emailVerified) {
    pendingExchange ??= (async () => {
      try {
        const token = await exchangeIdToken(session.email, await user.getIdToken(true));
        startSession({ ...session, displayName, emailVerified: true }, token);
      } finally {
        pendingExchange = null;
      }
    })();
    return pendingExchange;
  }
  if (displayName !== session.displayName || user.emailVerified !== session.emailVerified) {
    updateSessionUser({ displayName, emailVerified: user.emailVerified });
  }
  return Promise.resolve();
}

/** Reloads the Firebase user (the only way to see a verification done elsewhere) and applies it. */
export async function refreshVerification(): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return;
  await sdk.reload(user);
  await applyFirebaseUser(user);
}
