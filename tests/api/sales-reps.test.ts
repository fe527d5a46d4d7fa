// Sales reps (docs/decisions/043-sales-reps.md): admins make a customer a rep and back, and assign companies to
// it; a rep orders for an assigned company and one of its locations, sees those companies' orders and no others,
// and none of the admin routes; the company sees the rep's orders; every change is in the audit log.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { companyMessages, type Location } from '../../src/contract/dealer-company';
import { orderMessages, type Order } from '../../src/contract/order';
import { repMessages, type AdminRep, type CompanyRep, type RepCompany } from '../../src/contract/sales-rep';
import type { UserProfile } from '../../src/contract/user';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const typed = { userAddress: '1 One-off Street, York YO1 7HH', userPhone: '+44 1904 496 000' };
const leeds = { name: 'Leeds branch', address: '12 Harbour Road, Leeds LS1 4AB', phone: '+44 113 496 0000', contactName: 'Dana Dealer' };
const hull = { name: 'Hull yard', address: '9 Dock Street, Hull HU1 1AA', phone: '+44 1482 496 000', contactName: 'Olli Other' };

describeEachDatabase('sales reps', (kind) => {
  const {
    t,
    users: { admin, rita, dana, olli, bo, solo },
  } = useTestApp(kind, {
    users: {
      admin: { admin: true },
      rita: { displayName: 'Rita Rep' },
      dana: { displayName: 'Dana Dealer' },
      olli: { displayName: 'Olli Other' },
      bo: { displayName: 'Bo Buyer' },
      solo: { displayName: 'Solo Seller' },
    },
  });

  let productId = '';
  let danaCompany = '';
  let olliCompany = '';
  let leedsId = '';
  let hullId = '';

  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';
  const addLocation = async (user: TestUser, location: typeof leeds) =>
    (await t.app.inject({ method: 'POST', url: '/api/company/locations', headers: user.auth, payload: location })).json() as Location;
  const makeRep = (email: string, as: TestUser = admin) => t.app.inject({ method: 'PUT', url: `/api/user/rep/${encodeURIComponent(email)}`, headers: as.auth });
  const makeCustomer = (email: string) => t.app.inject({ method: 'DELETE', url: `/api/user/rep/${encodeURIComponent(email)}`, headers: admin.auth });
  const assign = (companyId: string, userId: string, as: TestUser = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/companies/${companyId}/reps/${userId}`, headers: as.auth });
  const unassign = (companyId: string, userId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/companies/${companyId}/reps/${userId}`, headers: admin.auth });
  const place = (user: TestUser, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: user.auth,
      payload: { lines: [{ productId, quantity: 3 }], ...typed, clientOrderId: randomUUID(), ...extra },
    });
  const placed = async (user: TestUser, extra: Record<string, unknown> = {}) => {
    const res = await place(user, extra);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { insertedId: string }).insertedId;
  };
  const listAs = async (user: TestUser, query = '') => {
    const res = await t.app.inject({ url: `/api/orders/${encodeURIComponent(user.email)}${query}`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Order[];
  };
  const auditOf = async (action: string) =>
    rowsOf<{ actor: string; role: string; subject: string | null; company: string | null }>(
      t.database.db,
      sql`select actor_email as actor, actor_role as role, subject_id as subject, company_id::text as company from audit_log where action = ${action} order by id`,
    );
  const profile = async (user: TestUser) =>
    (await t.app.inject({ url: `/api/users/${encodeURIComponent(user.email)}`, headers: user.auth })).json() as UserProfile;

  beforeAll(async () => {
    productId = await t.createProduct({ name: 'Impact Driver ID-18', price: 90, available: 1000, minOrder: 1 });
    await t.app.inject({ method: 'PATCH', url: '/api/company', headers: dana.auth, payload: { name: 'Dana Tools Ltd', taxNumber: 'GB-123 456 789' } });
    await t.app.inject({ method: 'PATCH', url: '/api/company', headers: olli.auth, payload: { name: 'Olli Hardware' } });
    leedsId = (await addLocation(dana, leeds)).id;
    hullId = (await addLocation(olli, hull)).id;
    danaCompany = await companyIdOf(dana);
    olliCompany = await companyIdOf(olli);
  });

  describe('making a rep', () => {
    it('is for admins only', async () => {
      expect((await makeRep(rita.email, dana)).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/reps', headers: dana.auth })).statusCode).toBe(403);
    });

    it('makes a customer a rep that belongs to no company: its company of one goes, and the change is audited', async () => {
      const ownCompany = await companyIdOf(rita);
      expect(ownCompany).not.toBe('');
      const res = await makeRep(rita.email);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      expect(await profile(rita)).toMatchObject({ admin: false, rep: true });
      expect(await companyIdOf(rita)).toBe('');
      expect(await rowsOf(t.database.db, sql`select id from companies where id = ${ownCompany}::uuid`)).toHaveLength(0);
      expect(await auditOf('user.made_rep')).toEqual([{ actor: admin.email, role: 'admin', subject: rita.email, company: ownCompany }]);
      // Again: nothing changes, nothing more is written.
      expect((await makeRep(rita.email)).json()).toEqual({ modifiedCount: 0 });
      expect(await auditOf('user.made_rep')).toHaveLength(1);
    });

    it('refuses an admin, an unknown address, and the last company admin of a company others buy for', async () => {
      expect((await makeRep(admin.email)).json().error).toMatchObject({ code: 'conflict', message: repMessages.notACustomer });
      expect((await makeRep('nobody-here@example.com')).statusCode).toBe(404);
      // Bo buys for Dana's company; Dana is its only company admin.
      await t.database.db.execute(sql`delete from companies where id = (select company_id from company_members where user_id = ${bo.id}::uuid)`);
      await t.database.db.execute(sql`insert into company_members (user_id, company_id, role) values (${bo.id}::uuid, ${danaCompany}::uuid, 'buyer')`);
      const refused = await makeRep(dana.email);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ message: repMessages.lastCompanyAdmin });
      expect(await companyIdOf(dana)).toBe(danaCompany);
    });

    it('lists the reps for the admins', async () => {
      const reps = (await t.app.inject({ url: '/api/admin/reps', headers: admin.auth })).json() as AdminRep[];
      expect(reps).toEqual([{ id: rita.id, email: rita.email, name: 'Rita Rep', companyCount: 0 }]);
    });
  });

  describe('assigning companies', () => {
    it('assigns a company to a rep once, answers the company’s reps, and audits it', async () => {
      const res = await assign(danaCompany, rita.id);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as CompanyRep[]).map((rep) => rep.email)).toEqual([rita.email]);
      expect((await assign(danaCompany, rita.id)).statusCode).toBe(200);
      expect(await auditOf('rep.assigned')).toEqual([{ actor: admin.email, role: 'admin', subject: rita.email, company: danaCompany }]);
      const detail = (await t.app.inject({ url: `/api/admin/companies/${danaCompany}`, headers: admin.auth })).json() as { reps: CompanyRep[] };
      expect(detail.reps).toEqual([expect.objectContaining({ id: rita.id, email: rita.email, name: 'Rita Rep' })]);
    });

    it('refuses a customer, an unknown company or account, and anyone but an admin', async () => {
      expect((await assign(danaCompany, olli.id)).json().error).toMatchObject({ code: 'conflict', message: repMessages.notARep });
      expect((await assign(randomUUID(), rita.id)).statusCode).toBe(404);
      expect((await assign(danaCompany, randomUUID())).statusCode).toBe(404);
      expect((await assign(olliCompany, rita.id, rita)).statusCode).toBe(403);
    });

    it('shows the rep its companies with their locations, and nobody else', async () => {
      const res = await t.app.inject({ url: '/api/rep/companies', headers: rita.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const companies = res.json() as RepCompany[];
      expect(companies).toEqual([
        expect.objectContaining({
          id: danaCompany,
          name: 'Dana Tools Ltd',
          status: 'approved',
          locations: [expect.objectContaining({ id: leedsId, isDefault: true })],
        }),
      ]);
      expect((await t.app.inject({ url: '/api/rep/companies', headers: dana.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/rep/companies', headers: admin.auth })).statusCode).toBe(403);
    });
  });

  describe('ordering for a company', () => {
    let repOrder = '';

    it('places the order for the company and its location, says a rep placed it, and audits it', async () => {
      repOrder = await placed(rita, { companyId: danaCompany, locationId: leedsId });
      const order = (await t.app.inject({ url: `/api/order/${repOrder}`, headers: rita.auth })).json() as Order;
      expect(order).toMatchObject({
        userEmail: rita.email,
        userName: 'Rita Rep',
        companyId: danaCompany,
        companyName: 'Dana Tools Ltd',
        locationId: leedsId,
        locationName: 'Leeds branch',
        userAddress: leeds.address,
        placedByRep: true,
      });
      expect(await auditOf('order.placed_by_rep')).toEqual([{ actor: rita.email, role: 'rep', subject: repOrder, company: danaCompany }]);
    });

    it('the one-tool body takes the company too', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: rita.auth,
        payload: { productId, orderQuantity: 2, ...typed, clientOrderId: randomUUID(), companyId: danaCompany },
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('needs a company, one of the rep’s, and a location of that company', async () => {
      const before = await rowsOf(t.database.db, sql`select id from orders`);
      const missing = await place(rita);
      expect(missing.statusCode, missing.body).toBe(400);
      expect(missing.body).toContain(repMessages.companyRequired);
      const other = await place(rita, { companyId: olliCompany });
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toMatchObject({ message: orderMessages.notYourCompany });
      expect((await place(rita, { companyId: danaCompany, locationId: hullId })).json().error).toMatchObject({ message: orderMessages.locationNotFound });
      expect(await rowsOf(t.database.db, sql`select id from orders`)).toHaveLength(before.length);
    });

    it('cannot order for a suspended company', async () => {
      await t.database.db.execute(sql`update companies set status = 'suspended' where id = ${danaCompany}::uuid`);
      try {
        const res = await place(rita, { companyId: danaCompany });
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toMatchObject({ message: companyMessages.suspended });
      } finally {
        await t.database.db.execute(sql`update companies set status = 'approved' where id = ${danaCompany}::uuid`);
      }
    });

    it('lets a dealer name its own company, and no other', async () => {
      await placed(olli, { companyId: olliCompany, locationId: hullId });
      expect((await place(olli, { companyId: danaCompany })).json().error).toMatchObject({ message: orderMessages.notYourCompany });
    });

    it('shows the company admin the rep’s orders, and the rep its companies’ orders only', async () => {
      const danasOwn = await placed(dana);
      const danaSees = await listAs(dana);
      expect(danaSees.find((order) => order._id === repOrder)).toMatchObject({ placedByRep: true, userEmail: rita.email });
      const ritaSees = (await listAs(rita)).map((order) => order._id);
      expect(ritaSees).toContain(repOrder);
      expect(ritaSees).toContain(danasOwn);
      expect((await listAs(rita)).every((order) => order.companyId === danaCompany)).toBe(true);
      // The rep reads the dealer's own orders and acts on those it placed.
      const ritaList = await listAs(rita);
      expect(ritaList.find((order) => order._id === danasOwn)?.readOnly).toBe(true);
      expect(ritaList.find((order) => order._id === repOrder)?.readOnly).toBeUndefined();
      expect((await listAs(rita, `?companyId=${olliCompany}`)).map((order) => order._id)).toEqual([]);
      expect((await listAs(rita, `?companyId=${danaCompany}`)).length).toBe(ritaSees.length);
      // The company's admin acts on the rep's order as on any of the company's.
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/orders/${repOrder}`, headers: dana.auth });
      expect(removed.statusCode, removed.body).toBe(200);
    });

    it('keeps a rep out of the admin pages, reviews and company membership', async () => {
      expect((await t.app.inject({ url: '/api/admin/companies', headers: rita.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/orders?page=1', headers: rita.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/audit', headers: rita.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/reviews', headers: rita.auth, payload: { review: 'Great tools', rating: 5 } })).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ url: '/api/company', headers: rita.auth })).statusCode).toBe(404);
    });

    it('after the company is taken from it, the rep neither orders for it nor sees its orders, and that is audited', async () => {
      const res = await unassign(danaCompany, rita.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([]);
      expect(await auditOf('rep.unassigned')).toEqual([{ actor: admin.email, role: 'admin', subject: rita.email, company: danaCompany }]);
      expect((await unassign(danaCompany, rita.id)).statusCode).toBe(404);
      expect((await place(rita, { companyId: danaCompany })).statusCode).toBe(404);
      expect((await listAs(rita)).filter((order) => order.companyId === danaCompany && order.userId !== rita.id)).toEqual([]);
    });
  });

  describe('making a rep a customer again', () => {
    it('makes an admin of a rep only once it is a customer again', async () => {
      const refused = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${encodeURIComponent(rita.email)}`, headers: admin.auth });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ message: repMessages.repNotAdmin });
      expect(await profile(rita)).toMatchObject({ admin: false, rep: true });
    });

    it('drops its companies and gives it a company of its own', async () => {
      await assign(olliCompany, rita.id);
      const res = await makeCustomer(rita.email);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      expect((await profile(rita)).rep).toBeUndefined();
      expect(await companyIdOf(rita)).not.toBe('');
      expect(await rowsOf(t.database.db, sql`select company_id from company_reps where user_id = ${rita.id}::uuid`)).toHaveLength(0);
      expect(await auditOf('user.made_customer')).toHaveLength(1);
      const [entry] = await rowsOf<{ after: { role: string; company: string } }>(
        t.database.db,
        sql`select after from audit_log where action = 'user.made_customer'`,
      );
      expect(entry?.after).toEqual({ role: 'customer', company: 'Rita Rep' });
      expect((await makeCustomer(rita.email)).json()).toEqual({ modifiedCount: 0 });
      expect((await makeCustomer(admin.email)).statusCode).toBe(409);
    });

    it('a rep whose account was a company’s only member may be made from a customer with no company at all', async () => {
      const own = await companyIdOf(solo);
      await t.database.db.execute(sql`delete from companies where id = ${own}::uuid`);
      expect((await makeRep(solo.email)).json()).toEqual({ modifiedCount: 1 });
      expect(await auditOf('user.made_rep')).toEqual(expect.arrayContaining([expect.objectContaining({ subject: solo.email, company: null })]));
    });
  });
});
