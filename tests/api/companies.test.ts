// A dealer's own company on the server: GET and PATCH /api/company, and its locations (add, change, delete,
// make default). Company admins change them, buyers only read, another company's location does not exist
// for the caller, and a registered customer has a company of one from the start.

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { companyMessages, type Location, type MyCompany } from '../../src/contract/dealer-company';
import { validationMessages } from '../../src/contract/messages';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const harbour = { name: 'Leeds branch', address: '12 Harbour Road, Leeds LS1 4AB', phone: '+44 113 496 0000', contactName: 'Dana Dealer' };
const mill = { name: 'Bradford depot', address: '3 Mill Lane, Bradford BD1 1AA', phone: '+44 1274 496 000', contactName: 'Sam Stores' };
/** A location made without a country is in its company's (Dana's moved to the United Kingdom by then), with no tax rate set for it. */
const inCompanyCountry = { country: 'GB', region: '', taxRateMicros: 0, taxName: null };

describeEachDatabase('company API', (kind) => {
  const {
    t,
    users: { dana, buyer, other, admin, leaver, stayer },
  } = useTestApp(kind, {
    users: {
      dana: { displayName: 'Dana Dealer' },
      buyer: { displayName: 'Bo Buyer' },
      other: { displayName: 'Olli Other' },
      admin: { admin: true },
      leaver: { displayName: 'Lee Leaver' },
      stayer: { displayName: 'Stella Stayer' },
    },
  });

  const as = (user: TestUser | null) => user?.auth ?? {};
  const getCompany = (user: TestUser | null) => t.app.inject({ method: 'GET', url: '/api/company', headers: as(user) });
  const patchCompany = (user: TestUser | null, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/company', headers: as(user), payload: payload as Record<string, unknown> });
  const addLocation = (user: TestUser | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/company/locations', headers: as(user), payload: payload as Record<string, unknown> });
  const patchLocation = (user: TestUser | null, id: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/company/locations/${id}`, headers: as(user), payload: payload as Record<string, unknown> });
  const deleteLocation = (user: TestUser | null, id: string) => t.app.inject({ method: 'DELETE', url: `/api/company/locations/${id}`, headers: as(user) });
  const makeDefault = (user: TestUser | null, id: string) => t.app.inject({ method: 'POST', url: `/api/company/locations/${id}/default`, headers: as(user) });

  const companyOf = async (user: TestUser) => (await getCompany(user)).json() as MyCompany;
  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? null;
  const companyExists = async (id: string) =>
    ((await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from companies where id = ${id}::uuid`))[0]?.n ?? 0) > 0;

  /** Moves `user` into `owner`'s company as a buyer; the company it had of its own goes. */
  async function joinAsBuyer(user: TestUser, owner: TestUser): Promise<void> {
    const own = await companyIdOf(user);
    const target = await companyIdOf(owner);
    await t.database.db.execute(sql`update company_members set company_id = ${target}::uuid, role = 'buyer' where user_id = ${user.id}::uuid`);
    await t.database.db.execute(sql`delete from companies where id = ${own}::uuid`);
  }

  describe('a registered customer', () => {
    it('is the company admin of an approved company of one, named after them', async () => {
      const res = await getCompany(dana);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        company: {
          id: expect.any(String),
          name: 'Dana Dealer',
          country: 'US',
          taxNumber: null,
          status: 'approved',
          taxExempt: false,
          taxRateMicros: 0,
          taxName: null,
        },
        role: 'company_admin',
        locations: [],
        members: [
          {
            userId: dana.id,
            email: dana.email,
            name: 'Dana Dealer',
            role: 'company_admin',
            canSeeAllOrders: false,
            joinedAt: expect.any(String),
            orderLimitMinor: null,
            monthlyLimitMinor: null,
            isApprover: false,
          },
        ],
        invitations: [],
        currency: 'USD',
        approver: true,
      });
    });

    it('keeps the one company when signing in again', async () => {
      const before = await companyIdOf(dana);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${encodeURIComponent(dana.email)}`,
        headers: { authorization: `Bearer ${dana.idToken}` },
        payload: { email: dana.email },
      });
      expect(res.statusCode).toBe(200);
      expect(await companyIdOf(dana)).toBe(before);
      const [count] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from company_members where user_id = ${dana.id}::uuid`);
      expect(count?.n).toBe(1);
    });

    it('gives admins of the shop no company, and anonymous callers 401', async () => {
      const res = await getCompany(admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: companyMessages.noCompany } });
      expect((await patchCompany(admin, { name: 'Shop' })).statusCode).toBe(404);
      expect((await addLocation(admin, harbour)).statusCode).toBe(404);
      expect((await getCompany(null)).statusCode).toBe(401);
      expect((await patchCompany(null, { name: 'Anyone' })).statusCode).toBe(401);
      expect((await addLocation(null, harbour)).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/company', () => {
    it('changes name, country and tax number, trimmed, the country in capitals', async () => {
      const res = await patchCompany(dana, { name: '  Dana Tools Ltd  ', country: ' gb ', taxNumber: ' GB-123 456 789 ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Dana Tools Ltd', country: 'GB', taxNumber: 'GB-123 456 789', status: 'approved' });
      expect((await companyOf(dana)).company).toMatchObject({ name: 'Dana Tools Ltd', country: 'GB', taxNumber: 'GB-123 456 789' });
    });

    it('leaves out what is not sent, and an empty or null tax number means none', async () => {
      expect((await patchCompany(dana, { taxNumber: '' })).json()).toMatchObject({ name: 'Dana Tools Ltd', country: 'GB', taxNumber: null });
      expect((await patchCompany(dana, { taxNumber: 'DE811907980' })).json()).toMatchObject({ taxNumber: 'DE811907980' });
      expect((await patchCompany(dana, { taxNumber: null })).json()).toMatchObject({ taxNumber: null });
    });

    it('refuses bad details with messages in the dealer’s words, and changes nothing', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '   ' }, 'name', companyMessages.nameRequired],
        [{ name: '\u200B' }, 'name', companyMessages.nameRequired],
        [{ name: 'N'.repeat(121) }, 'name', validationMessages.tooLong(120)],
        [{ country: 'XX' }, 'country', companyMessages.countryRequired],
        [{ country: 'USA' }, 'country', companyMessages.countryRequired],
        [{ country: 44 }, 'country', companyMessages.countryRequired],
        [{ taxNumber: 'GB#123' }, 'taxNumber', companyMessages.taxNumberCharacters],
        [{ taxNumber: '1'.repeat(21) }, 'taxNumber', companyMessages.taxNumberTooLong],
      ];
      for (const [payload, field, message] of cases) {
        const res = await patchCompany(dana, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'invalid_data', details: { fields: [{ field, message }] } } });
      }
      const res = await patchCompany(dana, { name: 'Dana', status: 'approved' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: 'Unknown field "status" is not allowed' } });
      expect((await companyOf(dana)).company).toMatchObject({ name: 'Dana Tools Ltd', country: 'GB', taxNumber: null, status: 'approved' });
    });
  });

  describe('locations', () => {
    const state: { first?: Location; second?: Location } = {};

    it('makes the first location the default, and the next ones not', async () => {
      const first = await addLocation(dana, { ...harbour, name: '  Leeds branch ' });
      expect(first.statusCode).toBe(201);
      state.first = first.json() as Location;
      expect(state.first).toEqual({ id: expect.any(String), ...harbour, ...inCompanyCountry, isDefault: true });
      const second = await addLocation(dana, mill);
      expect(second.statusCode).toBe(201);
      state.second = second.json() as Location;
      expect(state.second).toMatchObject({ ...mill, isDefault: false });
      expect((await companyOf(dana)).locations.map((l) => [l.name, l.isDefault])).toEqual([
        ['Leeds branch', true],
        ['Bradford depot', false],
      ]);
    });

    it('refuses a location without its fields, in the dealer’s words', async () => {
      const res = await addLocation(dana, { name: '', address: ' ', phone: 'call me', contactName: '' });
      expect(res.statusCode).toBe(400);
      const fields = (res.json() as { error: { details: { fields: { field: string; message: string }[] } } }).error.details.fields;
      expect(fields).toEqual(
        expect.arrayContaining([
          { field: 'name', message: companyMessages.locationNameRequired },
          { field: 'address', message: validationMessages.addressRequired },
          { field: 'phone', message: validationMessages.phoneInvalid },
          { field: 'contactName', message: companyMessages.contactRequired },
        ]),
      );
      expect((await addLocation(dana, { ...harbour, isDefault: true })).statusCode).toBe(400);
      expect((await companyOf(dana)).locations).toHaveLength(2);
    });

    it('changes a location, only what is sent', async () => {
      const id = state.second?.id ?? '';
      const res = await patchLocation(dana, id, { contactName: 'Sam Stores-Hill', phone: '+44 1274 496 001' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...mill, ...inCompanyCountry, id, contactName: 'Sam Stores-Hill', phone: '+44 1274 496 001', isDefault: false });
      expect((await patchLocation(dana, id, { address: '' })).statusCode).toBe(400);
      const unchanged = await patchLocation(dana, id, {});
      expect(unchanged.statusCode).toBe(200);
      expect(unchanged.json()).toEqual({ ...mill, ...inCompanyCountry, id, contactName: 'Sam Stores-Hill', phone: '+44 1274 496 001', isDefault: false });
      expect((await patchLocation(dana, '00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(404);
    });

    it('moves the default, refuses to delete it while others exist, and deletes the rest', async () => {
      const first = state.first?.id ?? '';
      const second = state.second?.id ?? '';
      const res = await makeDefault(dana, second);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: second, isDefault: true });
      expect((await companyOf(dana)).locations.map((l) => [l.id, l.isDefault])).toEqual([
        [second, true],
        [first, false],
      ]);
      // Making the default the default again changes nothing.
      expect((await makeDefault(dana, second)).statusCode).toBe(200);

      const refused = await deleteLocation(dana, second);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: 'conflict', message: companyMessages.defaultInUse } });

      expect((await deleteLocation(dana, first)).json()).toEqual({ deletedCount: 1 });
      expect((await deleteLocation(dana, first)).statusCode).toBe(404);
      // The last location may go, default or not.
      expect((await deleteLocation(dana, second)).json()).toEqual({ deletedCount: 1 });
      expect((await companyOf(dana)).locations).toEqual([]);
    });

    it('keeps one default when two are made default at once', async () => {
      const made = await Promise.all([addLocation(dana, harbour), addLocation(dana, mill), addLocation(dana, { ...mill, name: 'York yard' })]);
      const ids = made.map((res) => (res.json() as Location).id);
      expect(made.filter((res) => (res.json() as Location).isDefault)).toHaveLength(1);
      const answers = await Promise.all(ids.map((id) => makeDefault(dana, id)));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      const locations = (await companyOf(dana)).locations;
      expect(locations.filter((l) => l.isDefault)).toHaveLength(1);
    });

    it('answers another company’s location as a missing one, and leaves it as it was', async () => {
      const theirs = (await addLocation(other, harbour)).json() as Location;
      expect(theirs.isDefault).toBe(true);
      for (const res of [
        await patchLocation(dana, theirs.id, { name: 'Mine now' }),
        await deleteLocation(dana, theirs.id),
        await makeDefault(dana, theirs.id),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'not_found', message: 'That location was not found.' } });
      }
      expect((await companyOf(other)).locations).toEqual([theirs]);
      expect((await companyOf(dana)).locations.map((l) => l.id)).not.toContain(theirs.id);
    });

    it('answers a malformed id like a missing one', async () => {
      for (const id of ['not-a-uuid', '1', '%27']) {
        expect((await patchLocation(dana, id, { name: 'X' })).statusCode).toBe(404);
        expect((await deleteLocation(dana, id)).statusCode).toBe(404);
        expect((await makeDefault(dana, id)).statusCode).toBe(404);
      }
    });
  });

  describe('a buyer', () => {
    it('sees the company and its locations, not its members, and changes nothing', async () => {
      await joinAsBuyer(buyer, dana);
      const res = await getCompany(buyer);
      expect(res.statusCode).toBe(200);
      const seen = res.json() as MyCompany;
      expect(seen.role).toBe('buyer');
      expect(seen.company).toEqual((await companyOf(dana)).company);
      expect(seen.locations).toEqual((await companyOf(dana)).locations);
      expect(seen.members).toBeUndefined();
      expect((await companyOf(dana)).members?.map((m) => [m.email, m.role])).toEqual([
        [dana.email, 'company_admin'],
        [buyer.email, 'buyer'],
      ]);

      const location = seen.locations[0]?.id ?? '';
      for (const refused of [
        await patchCompany(buyer, { name: 'Bo’s now' }),
        await addLocation(buyer, harbour),
        await patchLocation(buyer, location, { name: 'Bo’s branch' }),
        await deleteLocation(buyer, location),
        await makeDefault(buyer, location),
      ]) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: { code: 'forbidden', message: companyMessages.onlyCompanyAdmin } });
      }
      expect((await companyOf(dana)).locations).toEqual(seen.locations);
      expect((await companyOf(dana)).company.name).toBe('Dana Tools Ltd');
    });
  });

  describe('deleting an account', () => {
    it('deletes a company of one with its locations, and keeps a company that still has members', async () => {
      const alone = (await companyIdOf(leaver)) ?? '';
      await addLocation(leaver, harbour);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${leaver.id}`, headers: admin.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect(await companyExists(alone)).toBe(false);
      const [left] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from company_locations where company_id = ${alone}::uuid`);
      expect(left?.n).toBe(0);

      await joinAsBuyer(stayer, dana);
      const shared = (await companyIdOf(dana)) ?? '';
      expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${stayer.id}`, headers: admin.auth })).statusCode).toBe(200);
      expect(await companyExists(shared)).toBe(true);
      expect((await companyOf(dana)).members?.map((m) => m.email)).toEqual([dana.email, buyer.email]);
    });
  });
});
