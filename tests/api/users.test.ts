// My Profile on the server: GET /api/users/{email} (owner or admin) and PATCH /api/user/{email} (owner only).

import { describe, expect, it } from 'vitest';
import { ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH, URL_MAX_LENGTH } from '../../src/contract/constants';
import { validationMessages } from '../../src/contract/messages';
import { findUserByEmail } from '../../server/repositories/users';
import { emulatorOobCodes, signInToEmulator } from '../helpers/auth-emulator';
import { emulatorUrl, uniqueEmail } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const validProfile = { address: '12 Harbour Road, Leeds LS1 4AB', phone: '+44 113 496 0000', linkedin: 'https://www.linkedin.com/in/dana-dealer' };

describeEachDatabase('profile API', (kind) => {
  const {
    t,
    users: { customer, other, admin },
  } = useTestApp(kind, { users: { customer: { displayName: 'Dana Dealer' }, other: {}, admin: { admin: true } } });

  const getProfile = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(email)}`, headers });
  const patchProfile = (email: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PATCH', url: `/api/user/${encodeURIComponent(email)}`, headers, payload: payload as Record<string, unknown> });

  describe('GET /api/users/{email}', () => {
    it('gives the owner their profile with the admin flag from the server', async () => {
      const res = await getProfile(customer.email, customer.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        admin: false,
        email: customer.email,
        displayName: 'Dana Dealer',
        address: '',
        phone: '',
        linkedin: '',
        emailVerified: false,
      });
    });

    it('says admin: true for an ADMIN_EMAILS user', async () => {
      const res = await getProfile(admin.email, admin.auth);
      expect(res.json()).toMatchObject({ admin: true, email: admin.email });
    });

    it('matches the address whatever its letter case', async () => {
      const res = await getProfile(customer.email.toUpperCase(), customer.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: customer.email });
    });

    it('lets an admin read any profile, and answers 404 for an unknown one', async () => {
      const res = await getProfile(customer.email, admin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: customer.email, admin: false });
      const missing = await getProfile(uniqueEmail('nobody'), admin.auth);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
    });

    it('refuses another customer with 403, whether or not the address has an account', async () => {
      for (const email of [other.email, admin.email, uniqueEmail('nobody')]) {
        const res = await getProfile(email, customer.auth);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
      }
    });

    it('refuses anonymous, garbage and foreign-secret tokens with 401', async () => {
      const attempts: Record<string, string>[] = [
        {},
        { authorization: 'Bearer garbage' },
        { authorization: `Bearer ${customer.token}x` },
        { authorization: `Bearer ${customer.idToken}` },
      ];
      for (const headers of attempts) {
        const res = await getProfile(customer.email, headers);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
      }
    });
  });

  describe('PATCH /api/user/{email}', () => {
    it('updates the owner profile and answers matchedCount', async () => {
      const user = await t.createUser({ displayName: 'Pat Dealer' });
      const res = await patchProfile(user.email, validProfile, user.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ matchedCount: 1 });
      const read = await getProfile(user.email, user.auth);
      expect(read.json()).toEqual({ admin: false, email: user.email, displayName: 'Pat Dealer', emailVerified: false, ...validProfile });
    });

    it('trims the fields, allows an empty LinkedIn URL and renames through userName', async () => {
      const user = await t.createUser();
      const res = await patchProfile(user.email, { userName: '  Renamed Dealer ', address: '  1 Main St  ', phone: ' 555 0100 ', linkedin: '' }, user.auth);
      expect(res.statusCode).toBe(200);
      expect((await getProfile(user.email, user.auth)).json()).toMatchObject({
        displayName: 'Renamed Dealer',
        address: '1 Main St',
        phone: '555 0100',
        linkedin: '',
      });
    });

    it('keeps a name set in My Profile when the user signs in again', async () => {
      const user = await t.createUser({ displayName: 'Firebase Name' });
      await patchProfile(user.email, { ...validProfile, userName: 'Profile Name' }, user.auth);
      const again = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${user.email}`,
        headers: { authorization: `Bearer ${user.idToken}` },
        payload: { email: user.email },
      });
      expect(again.statusCode).toBe(200);
      expect((await getProfile(user.email, user.auth)).json()).toMatchObject({ displayName: 'Profile Name' });
    });

    it('refuses to change another user profile, for customers and admins alike', async () => {
      for (const [actor, target] of [
        [customer, other],
        [admin, customer],
        [customer, admin],
      ] as const) {
        const res = await patchProfile(target.email, validProfile, actor.auth);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
      }
      expect((await getProfile(other.email, other.auth)).json()).toMatchObject({ address: '', phone: '' });
    });

    it('refuses anonymous and invalid tokens with 401', async () => {
      const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
      for (const headers of attempts) {
        const res = await patchProfile(customer.email, validProfile, headers);
        expect(res.statusCode).toBe(401);
      }
    });

    it('refuses unknown fields, so e-mail and role cannot be changed', async () => {
      const user = await t.createUser();
      for (const [field, value] of [
        ['email', 'someone-else@example.com'],
        ['role', 'admin'],
        ['admin', true],
        ['emailVerified', true],
      ] as const) {
        const res = await patchProfile(user.email, { ...validProfile, [field]: value }, user.auth);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'invalid_data', message: `Unknown field "${field}" is not allowed` } });
      }
      const row = await findUserByEmail(t.database.db, user.email);
      expect(row).toMatchObject({ email: user.email, role: 'customer', address: '', emailVerified: false });
    });

    it('requires address and phone with the spec messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ phone: validProfile.phone }, 'address: This field is required'],
        [{ address: '   ', phone: validProfile.phone }, validationMessages.addressRequired],
        [{ address: validProfile.address }, 'phone: This field is required'],
        [{ address: validProfile.address, phone: '' }, validationMessages.phoneRequired],
        [{ address: validProfile.address, phone: 'call me' }, validationMessages.phoneInvalid],
      ];
      for (const [payload, message] of cases) {
        const res = await patchProfile(customer.email, payload, customer.auth);
        expect(res.statusCode).toBe(400);
        expect((res.json() as { error: { message: string } }).error.message).toContain(message);
      }
    });

    it('bounds the length of every field', async () => {
      const cases: Record<string, unknown>[] = [
        { ...validProfile, address: 'a'.repeat(ADDRESS_MAX_LENGTH + 1) },
        { ...validProfile, phone: `+1 ${'5'.repeat(PHONE_MAX_LENGTH)}` },
        { ...validProfile, linkedin: `https://www.linkedin.com/in/${'a'.repeat(URL_MAX_LENGTH)}` },
        { ...validProfile, userName: 'N'.repeat(NAME_MAX_LENGTH + 1) },
      ];
      for (const payload of cases) {
        const res = await patchProfile(customer.email, payload, customer.auth);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'invalid_data' } });
      }
      const atLimit = await patchProfile(customer.email, { ...validProfile, address: 'a'.repeat(ADDRESS_MAX_LENGTH) }, customer.auth);
      expect(atLimit.statusCode).toBe(200);
    });

    it('accepts only http(s) LinkedIn URLs', async () => {
      for (const linkedin of ['javascript:alert(1)', 'ftp://example.com/me', 'data:text/html,hi', 'linkedin.com/in/me', 'not a url']) {
        const res = await patchProfile(customer.email, { ...validProfile, linkedin }, customer.auth);
        expect(res.statusCode).toBe(400);
        expect((res.json() as { error: { message: string } }).error.message).toContain(validationMessages.linkedinUrl);
      }
      for (const linkedin of ['http://linkedin.com/in/me', 'HTTPS://www.linkedin.com/in/me']) {
        const res = await patchProfile(customer.email, { ...validProfile, linkedin }, customer.auth);
        expect(res.statusCode).toBe(200);
      }
    });

    it('refuses a body that is not a JSON object', async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/user/${customer.email}`,
        headers: { ...customer.auth, 'content-type': 'application/json' },
        payload: '[1,2]',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  it('records the verification state from the ID token at the next token exchange', async () => {
    const user = await t.createUser();
    const base = `${emulatorUrl()}/identitytoolkit.googleapis.com/v1`;
    // The same steps the PWA takes: send the verification e-mail, then the user opens its link.
    const send = await fetch(`${base}/accounts:sendOobCode?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken: user.idToken }),
    });
    expect(send.ok).toBe(true);
    const code = (await emulatorOobCodes(emulatorUrl(), t.config.firebase.projectId)).find((c) => c.email === user.email && c.requestType === 'VERIFY_EMAIL');
    expect(code).toBeDefined();
    expect((await fetch(code?.oobLink ?? '')).ok).toBe(true);

    const { idToken } = await signInToEmulator(emulatorUrl(), user);
    const exchange = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.email}`,
      headers: { authorization: `Bearer ${idToken}` },
      payload: { email: user.email },
    });
    expect(exchange.statusCode).toBe(200);
    expect((await getProfile(user.email, user.auth)).json()).toMatchObject({ emailVerified: true });
  });
});
