// Which ID tokens the token exchange takes when an account's sessions were renewed or revoked, on the Auth
// emulator. The emulator stamps a new account's sign-in time and the time its tokens are valid from with two
// clocks reads in whole seconds; when a second ends between them, the token's auth_time is a second before
// validSince, and a check of auth_time against validSince (firebase-admin's checkRevoked) refuses a token
// issued just now. The emulator's own check compares the token's issue time instead, which is the rule here.

import { describe, expect, it } from 'vitest';
import { emulatorSignUp, emulatorUrl, uniqueEmail, type TestApp } from '../helpers/test-app';
import { EMULATOR_API_KEY } from '../helpers/auth-emulator';
import { TEST_PROJECT_ID } from '../helpers/test-config';
import { useTestApp } from '../helpers/use-test-app';

function exchange(t: TestApp, email: string, idToken: string) {
  return t.app.inject({ method: 'PUT', url: `/api/user/${encodeURIComponent(email)}`, headers: { authorization: `Bearer ${idToken}` }, payload: { email } });
}

/** Waits until the clock is in a later whole second than now, as the emulator counts them. */
async function nextSecond(): Promise<void> {
  const start = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === start) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function emulator<T>(path: string, body: unknown, admin = false): Promise<T> {
  const res = await fetch(`${emulatorUrl()}/identitytoolkit.googleapis.com/v1/${path}${admin ? '' : `?key=${EMULATOR_API_KEY}`}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('token exchange and renewed or revoked sessions', () => {
  const { t } = useTestApp('pglite');

  it('takes a token issued after the account was renewed, though its sign-in time is a second older', async () => {
    const email = uniqueEmail('renewed');
    const { idToken } = await emulatorSignUp(email, 'secret-pass-123');
    await nextSecond();
    // A new password makes the tokens valid from now and hands out a fresh one that keeps the old sign-in time.
    const renewed = await emulator<{ idToken: string }>('accounts:update', { idToken, password: 'secret-pass-456', returnSecureToken: true });
    const claims = JSON.parse(Buffer.from(renewed.idToken.split('.')[1] ?? '', 'base64url').toString()) as { auth_time: number; iat: number };
    expect(claims.auth_time).toBeLessThan(claims.iat);
    expect((await exchange(t, email, renewed.idToken)).statusCode).toBe(200);
  });

  it('refuses a token issued before the account’s sessions were revoked', async () => {
    const email = uniqueEmail('revoked');
    const { idToken, uid } = await emulatorSignUp(email, 'secret-pass-123');
    expect((await exchange(t, email, idToken)).statusCode).toBe(200);
    await nextSecond();
    await emulator(`projects/${TEST_PROJECT_ID}/accounts:update`, { localId: uid, validSince: String(Math.floor(Date.now() / 1000)) }, true);
    const refused = await exchange(t, email, idToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { message: 'Your sign-in could not be verified. Please sign in again.' } });
  });
});
