// "Forgot password?" on Login: the identity provider mails a link to choose a new password. The answer
// is the same whether or not an account has that address, so the form tells nobody who has an account.

import { authErrorMessage } from './auth-errors';
import { loadFirebaseAuth } from './firebase';

/** What the dealer is told once the request has gone out. */
export function passwordResetSent(email: string): string {
  return `If an account uses ${email}, an e-mail with a link to choose a new password is on its way. Open it, then log in with the new password.`;
}

/** Asks the provider to mail a reset link; resolves with the message to show, rejects with one in plain words. */
export async function sendPasswordReset(email: string): Promise<string> {
  const address = email.trim();
  try {
    const { auth, sdk } = await loadFirebaseAuth();
    await sdk.sendPasswordResetEmail(auth, address);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // No account with that address: answered like any other, so the form does not reveal who has one.
    if (code !== 'auth/user-not-found') throw new Error(authErrorMessage(error), { cause: error });
  }
  return passwordResetSent(address);
}
