// Verifies Firebase ID tokens with firebase-admin (the real project, or the local Auth emulator) and
// reads who the token belongs to from the identity provider's own record of the account, never from the
// token's claims (docs/decisions/010-identity-from-the-provider-record.md).

import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';
import { unauthorized } from '../errors';
import { cleanDisplayText } from '../../src/contract/display-text';

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

const notVerified = () => unauthorized('Your sign-in could not be verified. Please sign in again.');

interface EmulatorLookup {
  users?: { localId?: string; email?: string; emailVerified?: boolean; disabled?: boolean }[];
}

/**
 * The Auth emulator signs nothing, so firebase-admin accepts any well-formed token there. The emulator
 * is asked to look the token itself up (accounts:lookup with the ID token): it refuses tokens of unknown,
 * disabled or signed-out accounts, and its answer must name the same account as the token.
 */
async function confirmWithEmulator(config: Extract<FirebaseConfig, { mode: 'emulator' }>, idToken: string, uid: string): Promise<void> {
  const url = `http://${config.emulatorHost}:${config.emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${encodeURIComponent(config.apiKey)}`;
  let body: EmulatorLookup;
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken }) });
    if (!res.ok) throw notVerified();
    body = (await res.json()) as EmulatorLookup;
  } catch {
    throw notVerified();
  }
  const account = body.users?.[0];
  if (!account || account.localId !== uid || account.disabled === true) throw notVerified();
}

export function firebaseIdentity(config: FirebaseConfig): IdentityProvider {
  const auth = adminAuth(config);
  return {
    async verifyIdToken(idToken) {
      let uid: string;
      try {
        // checkRevoked also looks the user up, so a deleted or disabled account is refused.
        uid = (await auth.verifyIdToken(idToken, true)).uid;
      } catch {
        throw notVerified();
      }
      if (config.mode === 'emulator') await confirmWithEmulator(config, idToken, uid);
      let record: UserRecord;
      try {
        record = await auth.getUser(uid);
      } catch {
        throw notVerified();
      }
      if (record.disabled) throw notVerified();
      if (!record.email) throw unauthorized('This account has no e-mail address.');
      // Anyone can give their own account a name that is blank once invisible characters are removed,
      // or that turns the text around it backwards; neither is shown to other dealers.
      const name = cleanDisplayText(record.displayName ?? '');
      return {
        uid: record.uid,
        email: record.email.toLowerCase(),
        emailVerified: record.emailVerified,
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
