// Abuse rules of the token exchange PUT /api/user/{email}: rate limits per IP and per e-mail,
// unsigned tokens in production mode, and a Google account reaching the server through the emulator.

import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, GoogleAuthProvider, initializeAuth, inMemoryPersistence, signInWithCredential } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirebaseConfig } from '../../server/config';
import { emulatorSignUp, emulatorUrl, uniqueEmail, type TestApp } from '../helpers/test-app';
import { TEST_PROJECT_ID } from '../helpers/test-config';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const LIMIT = 3;

function unsignedIdToken(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`;
}

function exchange(t: TestApp, email: string, idToken: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { authorization: `Bearer ${idToken}` },
    payload: { email },
    remoteAddress,
  });
}

describeEachDatabase('token exchange abuse rules', (kind) => {
  const { t } = useTestApp(kind, { config: { rateLimits: { tokenPerMinute: LIMIT, ordersPerMinute: 1000 } } });

  it('answers 429 with Retry-After once one IP passes the limit, valid token or not', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await exchange(t, uniqueEmail(), 'forged.token.value', ip);
      expect(res.statusCode).toBe(401);
    }
    const { idToken } = await emulatorSignUp(uniqueEmail(), 'secret-pass-123');
    const blocked = await exchange(t, uniqueEmail(), idToken, ip);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.json()).toMatchObject({ error: { code: 'rate_limited', message: 'Too many sign-in attempts. Please wait a minute and try again.' } });

    const otherIp = await exchange(t, uniqueEmail(), 'forged.token.value', '203.0.113.11');
    expect(otherIp.statusCode).toBe(401);
  });

  it('answers 429 once one e-mail passes the limit from many IPs', async () => {
    const email = uniqueEmail();
    const { idToken } = await emulatorSignUp(email, 'secret-pass-123');
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await exchange(t, email, idToken, `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(200);
    }
    const blocked = await exchange(t, email, idToken, '198.51.100.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('does not count refused tokens against an e-mail, so nobody can lock a dealer out', async () => {
    const email = uniqueEmail('victim');
    const { idToken } = await emulatorSignUp(email, 'secret-pass-123');
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const res = await exchange(t, email, 'forged.token.value', `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const own = await exchange(t, email, idToken, '192.0.2.200');
    expect(own.statusCode).toBe(200);
  });
});

describeEachDatabase('Google accounts', (kind) => {
  const { t } = useTestApp(kind);
  let client: FirebaseApp;
  beforeAll(() => {
    client = initializeApp({ apiKey: 'demo-api-key', projectId: TEST_PROJECT_ID, authDomain: `${TEST_PROJECT_ID}.firebaseapp.com` }, `google-${kind}`);
  });
  afterAll(async () => {
    await deleteApp(client);
  });

  it('signs a Google user in with signInWithCredential and exchanges the token with name and verified e-mail', async () => {
    const auth = initializeAuth(client, { persistence: inMemoryPersistence });
    connectAuthEmulator(auth, emulatorUrl(), { disableWarnings: true });
    const email = uniqueEmail('google');
    // The emulator accepts an unsigned Google ID token: the same call the popup makes after Google answers.
    const googleIdToken = unsignedIdToken({
      sub: `google-${email}`,
      email,
      email_verified: true,
      name: 'Gita Google',
      iss: 'https://accounts.google.com',
      aud: 'forgeline',
      iat: Math.floor(Date.now() / 1000),
    });
    const credential = await signInWithCredential(auth, GoogleAuthProvider.credential(googleIdToken));
    expect(credential.user.providerData[0]?.providerId).toBe('google.com');

    const res = await exchange(t, email, await credential.user.getIdToken());
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    const profile = await t.app.inject({ method: 'GET', url: `/api/users/${email}`, headers: { authorization: `Bearer ${token}` } });
    expect(profile.json()).toMatchObject({ email, displayName: 'Gita Google', emailVerified: true, admin: false });
  });
});

describe('production identity', () => {
  // The emulator's own project id, so the only difference from the emulator setup is the mode.
  const project: FirebaseConfig = { mode: 'project', projectId: TEST_PROJECT_ID, apiKey: 'unused', authDomain: `${TEST_PROJECT_ID}.firebaseapp.com` };
  const { t } = useTestApp('pglite', { config: { firebase: project } });
  let emulatorHost: string | undefined;
  beforeAll(() => {
    // firebase-admin reads the emulator address from the environment at call time; the test app set it
    // for the emulator, and a real deployment never has it.
    emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });
  afterAll(() => {
    if (emulatorHost !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  });

  it('refuses an unsigned ID token of a real account, which the emulator would accept, before any key is fetched', async () => {
    const email = uniqueEmail();
    const { uid } = await emulatorSignUp(email, 'secret-pass-123');
    const now = Math.floor(Date.now() / 1000);
    const token = unsignedIdToken({
      iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
      aud: TEST_PROJECT_ID,
      sub: uid,
      user_id: uid,
      email,
      email_verified: true,
      auth_time: now,
      iat: now,
      exp: now + 3600,
      firebase: { sign_in_provider: 'password', identities: {} },
    });
    const res = await exchange(t, email, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'unauthorized', message: 'Your sign-in could not be verified. Please sign in again.' } });
  });
});
