// Plain-words messages for everything that can go wrong while signing in or registering
// (the spec). A raw `auth/...` code is never shown on its own.

import { ApiError, NetworkError } from '../../api/errors';
import { texts, validationMessages } from '../../contract/messages';

const MESSAGES: Record<string, string> = {
  'auth/wrong-password': 'The e-mail or password is wrong. Please try again.',
  'auth/invalid-credential': 'The e-mail or password is wrong. Please try again.',
  'auth/invalid-login-credentials': 'The e-mail or password is wrong. Please try again.',
  'auth/invalid-password': 'The e-mail or password is wrong. Please try again.',
  'auth/user-not-found': 'There is no account with this e-mail. Please register first.',
  'auth/user-disabled': 'This account has been disabled. Please contact us.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'The sign-in service could not be reached. Check your connection and try again.',
  'auth/timeout': 'The sign-in service took too long to answer. Please try again.',
  'auth/google-unreachable': 'Google sign-in could not be reached. Check your connection, or log in with e-mail and password.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before signing in finished.',
  'auth/user-cancelled': 'Google sign-in was cancelled.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/cancelled-popup-request': 'Another Google sign-in window is already open. Finish or close it first.',
  'auth/unauthorized-domain': 'Google sign-in is not enabled for this web address. Please use e-mail and password.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled. Please use another one.',
  'auth/operation-not-supported-in-this-environment': 'This browser cannot open the Google sign-in. Please use e-mail and password.',
  'auth/web-storage-unsupported': 'This browser blocks the storage that signing in needs. Allow site data (or leave private mode) and try again.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
  'auth/invalid-auth-event': 'The Google sign-in did not complete. Please try again.',
  'auth/auth-domain-config-required': 'Google sign-in is not set up on this site yet. Please use e-mail and password.',
  'auth/invalid-api-key': 'Sign-in is not set up correctly on this site. Please contact us.',
  'auth/api-key-not-valid.-please-pass-a-valid-api-key.': 'Sign-in is not set up correctly on this site. Please contact us.',
  'auth/argument-error': 'The sign-in request was incomplete. Please reload the page and try again.',
  'auth/missing-multi-factor-info': 'This account needs a second sign-in step that this site does not offer. Please contact us.',
  'auth/multi-factor-auth-required': 'This account needs a second sign-in step that this site does not offer. Please contact us.',
  'auth/email-already-in-use': 'An account with this e-mail already exists. Please log in instead.',
  'auth/account-exists-with-different-credential': 'An account with this e-mail already exists. Log in with e-mail and password first.',
  'auth/credential-already-in-use': 'This Google account is already linked to another user.',
  'auth/weak-password': 'Choose a stronger password: at least 6 characters.',
  'auth/missing-password': validationMessages.passwordRequired,
  'auth/invalid-email': validationMessages.emailInvalid,
  'auth/missing-email': validationMessages.emailRequired,
  'auth/requires-recent-login': 'Please log in again to do this.',
  'auth/user-token-expired': 'Your sign-in has expired. Please log in again.',
  'auth/no-current-user': texts.noUserLoggedIn,
};

const GENERIC = 'Signing in did not work. Please try again.';

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code : null;
}

/** The message to show under the password field for any sign-in or register failure. */
export function authErrorMessage(error: unknown): string {
  // Our own API: the token exchange answers in plain words already (e.g. the rate limit).
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  const code = codeOf(error);
  if (code === null) return GENERIC;
  const known = MESSAGES[code];
  if (known) return known;
  // An unlisted Firebase code: a sentence first, the code only as a reference for support.
  return code.startsWith('auth/') ? `${GENERIC} (${code.slice(5)})` : GENERIC;
}

/** Errors where signInWithPopup cannot work here but a full-page redirect can. */
export function shouldFallBackToRedirect(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'auth/popup-blocked' || code === 'auth/operation-not-supported-in-this-environment';
}
