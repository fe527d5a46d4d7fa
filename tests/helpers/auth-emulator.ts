// The Firebase Auth emulator's REST API, as the tests drive it: make an account, sign in, read the e-mails
// it keeps instead of sending. Used by the API tests (vitest) and the journeys (Playwright), so it imports
// neither runner.

/** Any key works with the emulator; this is the one the demo configurations use. */
export const EMULATOR_API_KEY = 'demo-api-key';

export interface EmulatorSession {
  uid: string;
  /** A Firebase ID token: the credential PUT /api/user/{email} exchanges for our access token. */
  idToken: string;
}

async function call<T>(emulatorUrl: string, method: string, body: unknown): Promise<T> {
  const res = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${EMULATOR_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok || answer.error) throw new Error(`emulator ${method} failed (${res.status}): ${answer.error?.message ?? JSON.stringify(answer)}`);
  return answer;
}

/**
 * Creates an account as the register screen would. The display name is given at sign-up, so the account
 * and the returned ID token both carry it (a later accounts:update answers without a new token).
 */
export async function signUpInEmulator(emulatorUrl: string, account: { email: string; password: string; displayName?: string }): Promise<EmulatorSession> {
  const body = await call<{ idToken?: string; localId?: string }>(emulatorUrl, 'signUp', {
    email: account.email,
    password: account.password,
    displayName: account.displayName,
    returnSecureToken: true,
  });
  if (!body.idToken || !body.localId) throw new Error(`emulator sign-up of ${account.email} answered no token`);
  return { uid: body.localId, idToken: body.idToken };
}

/** Signs an existing account in with its password: a fresh ID token. */
export async function signInToEmulator(emulatorUrl: string, account: { email: string; password: string }): Promise<EmulatorSession> {
  const body = await call<{ idToken?: string; localId?: string }>(emulatorUrl, 'signInWithPassword', {
    email: account.email,
    password: account.password,
    returnSecureToken: true,
  });
  if (!body.idToken || !body.localId) throw new Error(`emulator sign-in of ${account.email} answered no token`);
  return { uid: body.localId, idToken: body.idToken };
}

/** Marks the account's e-mail verified through the emulator's admin API, as opening its link would. */
export async function verifyEmailInEmulator(emulatorUrl: string, projectId: string, uid: string): Promise<void> {
  const res = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`, {
    method: 'POST',
    // The emulator takes 'owner' as an administrator's credential.
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!res.ok) throw new Error(`emulator verification of ${uid} failed (${res.status}): ${await res.text()}`);
}

export interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** The e-mails the emulator would have sent (verification, password reset), oldest first. */
export async function emulatorOobCodes(emulatorUrl: string, projectId: string): Promise<OobCode[]> {
  const res = await fetch(`${emulatorUrl}/emulator/v1/projects/${projectId}/oobCodes`);
  if (!res.ok) throw new Error(`emulator oobCodes failed (${res.status})`);
  return ((await res.json()) as { oobCodes: OobCode[] }).oobCodes;
}
