// Signing in with Firebase (e-mail and password, or Google) and trading the ID token for our access
// token (docs/architecture.md, "Identity and access"). Screens call these and decide what to show; nothing here
// navigates.

import type { User } from 'firebase/auth';
import { shouldFallBackToRedirect } from './auth-errors';
import { exchangeIdToken } from './exchange-token';
import { loadFirebaseAuth } from './firebase';
import { startSession, type SessionUser } from './session';

/** Set just before a Google redirect, so only a page returning from one asks Firebase for the result. */
const GOOGLE_REDIRECT_MARKER = 'forgeline-google-redirect';

/** An error with a Firebase-style code, for the cases we detect ourselves. */
export function authError(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

/**
 * Exchanges the Firebase user's ID token for our access token and starts the session. If the exchange
 * fails the Firebase sign-in is undone, so Firebase and our session never disagree.
 */
export async function finishSignIn(user: User, options: { forceRefresh?: boolean } = {}): Promise<SessionUser> {
  const email = user.email?.toLowerCase();
  try {
    if (!email) throw authError('auth/missing-email', 'This account has no e-mail address.');
    const token = await exchangeIdToken(email, await user.getIdToken(options.forceRefresh));
    const sessionUser: SessionUser = { uid: user.uid, email, displayName: user.displayName ?? '', emailVerified: user.emailVerified };
    startSession(sessionUser, token);
    return sessionUser;
  } catch (error) {
    const { auth, sdk } = await loadFirebaseAuth();
    await sdk.signOut(auth).catch(() => undefined);
    throw error;
  }
}

export async function signInWithPassword(email: string, password: string): Promise<SessionUser> {
  const { auth, sdk } = await loadFirebaseAuth();
  const credential = await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
  return finishSignIn(credential.user);
}

/**
 * Google sign-in in a popup; where the browser blocks popups, a full-page redirect instead.
 * Resolves to null when the page is about to leave for the redirect.
 */
export async function signInWithGoogle(): Promise<SessionUser | null> {
  const { auth, sdk } = await loadFirebaseAuth();
  const provider = new sdk.GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  let credential;
  try {
    credential = await sdk.signInWithPopup(auth, provider, sdk.browserPopupRedirectResolver);
  } catch (error) {
    if (!shouldFallBackToRedirect(error)) throw googleError(error);
    sessionStorage.setItem(GOOGLE_REDIRECT_MARKER, '1');
    try {
      await sdk.signInWithRedirect(auth, provider, sdk.browserPopupRedirectResolver);
    } catch (redirectError) {
      sessionStorage.removeItem(GOOGLE_REDIRECT_MARKER);
      throw googleError(redirectError);
    }
    return null;
  }
  return finishSignIn(credential.user);
}

/**
 * The SDK loads Google's script from apis.google.com for both popup and redirect; when that script
 * cannot load it reports a bare internal or network error, which says more to a user as this.
 */
function googleError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'auth/internal-error' || code === 'auth/network-request-failed') {
    return authError('auth/google-unreachable', 'Google sign-in could not be reached.');
  }
  return error;
}

export function isReturningFromGoogleRedirect(): boolean {
  try {
    return sessionStorage.getItem(GOOGLE_REDIRECT_MARKER) !== null;
  } catch {
    return false;
  }
}

let pendingRedirect: Promise<SessionUser | null> | null = null;

/** After a Google redirect: the signed-in user, or null when there was nothing to finish. */
export function completeGoogleRedirect(): Promise<SessionUser | null> {
  if (!isReturningFromGoogleRedirect()) return Promise.resolve(null);
  // One exchange even when two components (or a remount) ask at the same time.
  pendingRedirect ??= (async () => {
    try {
      const { auth, sdk } = await loadFirebaseAuth();
      const result = await sdk.getRedirectResult(auth, sdk.browserPopupRedirectResolver);
      return result ? await finishSignIn(result.user) : null;
    } finally {
      sessionStorage.removeItem(GOOGLE_REDIRECT_MARKER);
      pendingRedirect = null;
    }
  })();
  return pendingRedirect;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

export interface Registration {
  user: SessionUser;
  /** Why the verification e-mail could not be sent, or null when it was. */
  verificationError: unknown;
}

/**
 * Register, as the spec has it: create the account, send the verification e-mail, set the display name,
 * then exchange the token. A failed verification e-mail does not undo the account: it can be resent
 * from My Profile.
 */
export async function registerAccount(input: RegisterInput): Promise<Registration> {
  const { auth, sdk } = await loadFirebaseAuth();
  const credential = await sdk.createUserWithEmailAndPassword(auth, input.email.trim(), input.password);
  let verificationError: unknown = null;
  try {
    await sdk.sendEmailVerification(credential.user);
  } catch (error) {
    verificationError = error;
  }
  const name = input.name.trim();
  await sdk.updateProfile(credential.user, { displayName: name });
  // A fresh ID token carries the new name, so the server records it on the first exchange.
  const user = await finishSignIn(credential.user, { forceRefresh: true });
  return { user, verificationError };
}
