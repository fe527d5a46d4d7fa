import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { emulatorSignUp, uniqueEmail } from '../helpers/test-app';
import { TEST_PROJECT_ID } from '../helpers/test-config';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

function unsignedIdToken(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`;
}

describeEachDatabase('platform', (kind) => {
  const { t } = useTestApp(kind);

  it('answers health and readiness with the database kind', async () => {
    expect((await t.app.inject('/api/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: kind });
  });

  it('serves the runtime config with the emulator and the sandbox, and no secrets', async () => {
    const res = await t.app.inject('/api/config');
    const body = res.json() as { firebase: { emulatorUrl: string | null; projectId: string }; payments: { provider: string } };
    expect(body.firebase.projectId).toBe(TEST_PROJECT_ID);
    expect(body.firebase.emulatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/u);
    expect(body.payments.provider).toBe('sandbox');
    expect(res.body).not.toContain(t.config.accessTokenSecret);
  });

  it('lists products newest first with the spec field names, and a product by id', async () => {
    const older = await t.createProduct({ name: 'Older Saw' });
    const newer = await t.createProduct({ name: 'Newer Drill', price: 250, available: 80, minOrder: 10 });
    const list = (await t.app.inject('/api/products')).json() as { _id: string; name: string }[];
    const ids = list.map((p) => p._id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const one = await t.app.inject(`/api/products/${newer}`);
    expect(one.json()).toEqual({
      _id: newer,
      name: 'Newer Drill',
      description: 'A'.repeat(160),
      imageUrl: `/uploads/${'a'.repeat(64)}.webp`,
      price: 250,
      availableQnt: 80,
      minOrderQnt: 10,
      sku: expect.stringMatching(/^FL-[0-9A-F]{8}$/u),
      category: 'General',
      maxOrderQnt: null,
      packSize: 1,
      priceTiers: [],
    });
  });

  it('supports ETag revalidation and drops the cached catalogue after a change', async () => {
    const first = await t.app.inject('/api/products');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await t.createProduct({ name: 'Brand New Grinder' });
    // NOTIFY is delivered asynchronously; PGlite and PostgreSQL both deliver it within moments.
    await expect.poll(async () => (await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } })).statusCode).toBe(200);
    const names = ((await t.app.inject('/api/products')).json() as { name: string }[]).map((p) => p.name);
    expect(names).toContain('Brand New Grinder');
  });

  it('answers a missing or malformed product id with 404 in the error shape', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject(`/api/products/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
    const unknown = await t.app.inject('/api/no-such-route');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  describe('token exchange PUT /api/user/{email}', () => {
    it('issues our access token for a valid ID token of that e-mail and creates the user as a customer', async () => {
      const user = await t.createUser({ displayName: 'Ana Dealer' });
      const claims = await t.app.tokens.verify(user.token);
      expect(claims).toEqual({ userId: user.id, email: user.email });
      const again = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${user.email}`,
        headers: { authorization: `Bearer ${user.idToken}` },
        payload: { email: user.email },
      });
      expect(again.statusCode).toBe(200);
    });

    it('refuses a missing, forged or malformed ID token with 401', async () => {
      const email = uniqueEmail();
      for (const authorization of [undefined, 'Bearer not.a.token', 'Bearer ', 'Basic abc']) {
        const res = await t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers: authorization ? { authorization } : {}, payload: { email } });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
      }
    });

    it('refuses a hand-made token for a user the identity provider does not know', async () => {
      const email = uniqueEmail();
      const now = Math.floor(Date.now() / 1000);
      const token = unsignedIdToken({
        iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
        aud: TEST_PROJECT_ID,
        sub: 'nobody-uid',
        user_id: 'nobody-uid',
        email,
        email_verified: true,
        auth_time: now,
        iat: now,
        exp: now + 3600,
        firebase: { sign_in_provider: 'password', identities: {} },
      });
      const res = await t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers: { authorization: `Bearer ${token}` }, payload: { email } });
      expect(res.statusCode).toBe(401);
    });

    it('refuses an expired ID token and one for another project', async () => {
      const email = uniqueEmail();
      const { uid } = await emulatorSignUp(email, 'secret-pass-123');
      const now = Math.floor(Date.now() / 1000);
      const base = { sub: uid, user_id: uid, email, email_verified: false, firebase: { sign_in_provider: 'password', identities: {} } };
      const expired = unsignedIdToken({
        ...base,
        iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
        aud: TEST_PROJECT_ID,
        auth_time: now - 7200,
        iat: now - 7200,
        exp: now - 3600,
      });
      const otherProject = unsignedIdToken({
        ...base,
        iss: 'https://securetoken.google.com/demo-other',
        aud: 'demo-other',
        auth_time: now,
        iat: now,
        exp: now + 3600,
      });
      for (const token of [expired, otherProject]) {
        const res = await t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers: { authorization: `Bearer ${token}` }, payload: { email } });
        expect(res.statusCode).toBe(401);
      }
    });

    it('answers 403 when the ID token belongs to another e-mail', async () => {
      const user = await t.createUser();
      const victim = uniqueEmail('victim');
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${victim}`,
        headers: { authorization: `Bearer ${user.idToken}` },
        payload: { email: victim },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
    });

    it('refuses unknown body fields and a body e-mail that differs from the path', async () => {
      const user = await t.createUser();
      const extra = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${user.email}`,
        headers: { authorization: `Bearer ${user.idToken}` },
        payload: { email: user.email, role: 'admin' },
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toMatchObject({ error: { code: 'invalid_data', message: 'Unknown field "role" is not allowed' } });
      const other = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${user.email}`,
        headers: { authorization: `Bearer ${user.idToken}` },
        payload: { email: 'x@example.com' },
      });
      expect(other.statusCode).toBe(400);
    });

    it('makes ADMIN_EMAILS users admin on sign-in', async () => {
      const admin = await t.createUser({ admin: true });
      const { findUserById } = await import('../../server/repositories/users');
      expect((await findUserById(t.database.db, admin.id))?.role).toBe('admin');
    });

    it('never verifies our own tokens signed with another secret, unsigned, or expired', async () => {
      const user = await t.createUser();
      const other = new TextEncoder().encode('another-secret-of-sufficient-length-000000');
      const forged = await new SignJWT({ email: user.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('forgeline-api')
        .setAudience('forgeline-pwa')
        .setExpirationTime('1h')
        .sign(other);
      const key = new TextEncoder().encode(t.config.accessTokenSecret);
      const expired = await new SignJWT({ email: user.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('forgeline-api')
        .setAudience('forgeline-pwa')
        .setIssuedAt(1_600_000_000)
        .setExpirationTime(1_600_000_100)
        .sign(key);
      const [h, p] = user.token.split('.');
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p ?? ''}.`;
      expect(h).toBeTruthy();
      for (const token of [forged, expired, none, `${user.token}x`]) expect(await t.app.tokens.verify(token)).toBeNull();
    });
  });

  it('refuses JSON with prototype-pollution keys and oversized bodies with 4xx in the error shape', async () => {
    const email = uniqueEmail();
    const poisoned = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${email}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${email}","__proto__":{"admin":true}}`,
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toMatchObject({ error: { code: 'invalid_data' } });
    const huge = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${email}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    const broken = await t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
  });
});
