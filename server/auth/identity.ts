// Verifies Firebase ID tokens with firebase-admin (the real project, or the local Auth emulator) and
// reads who the token belongs to from the identity provider's own record of the account, never from the
// token's claims (docs/decisions/010-identity-from-the-provider-record.md).

import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';
import { AppError, unauthorized } from '../errors';
import { cleanDisplayText } from '../../src/contract/display-text';

export interface VerifiedIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

export interface IdentityProvider {
  /** Throws a 401 AppError unless the token is valid, unrevoked, and its user still exists; a 503 when the provider cannot be reached. */
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
const unreachable = () => new AppError('unavailable', 'Sign-in cannot be checked right now. Please try again in a moment.');

/** The identity provider did not answer (no connection, or a server error): not a verdict on the token. */
class ProviderUnreachable extends Error {}

/** firebase-admin's codes for a provider it could not reach or that failed, as opposed to one that refused. */
const UNREACHABLE_CODES = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error', 'app/internal-error']);

const isUnreachable = (error: unknown) =>
  error instanceof ProviderUnreachable || UNREACHABLE_CODES.has(String((error as { code?: unknown } | null)?.code ?? ''));

/** How long to wait before asking a provider that did not answer once more. */
const RETRY_AFTER_MS = 250;

/**
 * One question to the identity provider. A refusal is a 401; a provider that cannot be reached is asked
 * once more, then the answer is a 503, since the dealer's sign-in may well be valid.
 */
async function askProvider<T>(question: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await question();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (!isUnreachable(error)) throw notVerified();
      if (attempt >= 2) throw unreachable();
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    }
  }
}

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
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken }) });
  } catch {
    throw new ProviderUnreachable('the Auth emulator did not answer');
  }
  if (res.status >= 500) throw new ProviderUnreachable(`the Auth emulator answered ${res.status}`);
  if (!res.ok) throw notVerified();
  let body: EmulatorLookup;
  try {
    body = (await res.json()) as EmulatorLookup;
  } catch {
    throw notVerified();
  }
  const account = body.users?.[0];
  if (!account || account.localId !== uid || account.disabled === true) throw notVerified();
}

/** The subject of a token whose claims firebase-admin has already checked. */
function subjectOf(idToken: string): string {
  try {
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
    if (typeof claims.sub === 'string' && claims.sub !== '') return claims.sub;
  } catch {
    // Not JSON: refused below like any other token without a subject.
  }
  throw notVerified();
}

/**
 * The account a token belongs to, once firebase-admin has checked its claims and that it is not revoked.
 * firebase-admin calls a token revoked when its sign-in time (auth_time) is before the time the account's
 * tokens are valid from. The Auth emulator stamps those two with separate reads of the clock in whole seconds,
 * so a token it issued at sign-up can read as revoked when a second ends between them. There the emulator's
 * own lookup (confirmWithEmulator, which every emulator token goes through) decides instead, by the token's
 * issue time, which is after any revocation it honours.
 */
async function verifiedUid(auth: Auth, config: FirebaseConfig, idToken: string): Promise<string> {
  try {
    return (await auth.verifyIdToken(idToken, true)).uid;
  } catch (error) {
    if (config.mode === 'emulator' && (error as { code?: unknown } | null)?.code === 'auth/id-token-revoked') return subjectOf(idToken);
    throw error;
  }
}

export function firebaseIdentity(config: FirebaseConfig): IdentityProvider {
  const auth = adminAuth(config);
  return {
    async verifyIdToken(idToken) {
      // checkRevoked also looks the user up, so a deleted or disabled account is refused.
      const uid = await askProvider(() => verifiedUid(auth, config, idToken));
      if (config.mode === 'emulator') await askProvider(() => confirmWithEmulator(config, idToken, uid));
      const record: UserRecord = await askProvider(() => auth.getUser(uid));
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
