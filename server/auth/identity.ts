// Verifies Firebase ID tokens with firebase-admin: the real project, or the local Auth emulator.

import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';
import { unauthorized } from '../errors';

export interface VerifiedIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export interface IdentityProvider {
  /** Throws a 401 AppError unless the token is valid, unrevoked, and its user still exists. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  /** Removes the account from the identity provider; a missing account is not an error. */
  deleteUser(uid: string): Promise<void>;
}

function adminAuth(config: FirebaseConfig): Auth {
  if (config.mode === 'emulator') {
    // firebase-admin finds the emulator only through this variable; it is set here, from the parsed config.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `${config.emulatorHost}:${config.emulatorPort}`;
  } else {
    // With this variable set firebase-admin skips signature checks: a real project must never inherit it.
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  }
  const name = `forgeline-${config.projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: config.projectId }, name);
  return getAuth(app);
}

export function firebaseIdentity(config: FirebaseConfig): IdentityProvider {
  const auth = adminAuth(config);
  return {
    async verifyIdToken(idToken) {
      let decoded;
      try {
        // checkRevoked also looks the user up, so a deleted or disabled account is refused,
        // and in emulator mode a hand-made token for a user who does not exist is refused too.
        decoded = await auth.verifyIdToken(idToken, true);
      } catch {
        throw unauthorized('Your sign-in could not be verified. Please sign in again.');
      }
      if (!decoded.email) throw unauthorized('This account has no e-mail address.');
      const rawName: unknown = decoded.name;
      // Anyone can give their own account a name with NUL in it, which PostgreSQL text cannot hold.
      const name = typeof rawName === 'string' ? rawName.replaceAll('\u0000', '').trim() : '';
      return {
        uid: decoded.uid,
        email: decoded.email.toLowerCase(),
        emailVerified: decoded.email_verified === true,
        name: name === '' ? null : name,
      };
    },
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
  };
}
