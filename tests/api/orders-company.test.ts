// Orders belong to the company they were placed for (docs/decisions/040-dealer-companies.md): placing one
// copies the company and, when the dealer picks one, the company's location, whose address the server
// uses; a company that is not approved cannot order; a company's admin (and a buyer who sees all) sees,
// pays and downloads the invoices of every order of the company, a buyer only their own, anyone else none.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { companyMessages, type Location } from '../../src/contract/dealer-company';
import { orderMessages, type Order, type OrderPage } from '../../src/contract/order';
import { payOrder } from '../helpers/orders';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const leeds = { name: 'Leeds branch', address: '12 Harbour Road, Leeds LS1 4AB', phone: '+44 113 496 0000', contactName: 'Dana Dealer' };
const bradford = { name: 'Bradford depot', address: '3 Mill Lane, Bradford BD1 1AA', phone: '+44 1274 496 000', contactName: 'Sam Stores' };
const hull = { name: 'Hull yard', address: '9 Dock Street, Hull HU1 1AA', phone: '+44 1482 496 000', contactName: 'Olli Other' };
const typed = { userAddress: '1 One-off Street, York YO1 7HH', userPhone: '+44 1904 496 000' };

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describeEachDatabase('orders of a company', (kind) => {
  const {
    t,
    users: { dana, bo, cy, olli, loner, admin },
  } = useTestApp(kind, {
    users: {
      dana: { displayName: 'Dana Dealer' },
      bo: { displayName: 'Bo Buyer' },
      cy: { displayName: 'Cy Counter' },
      olli: { displayName: 'Olli Other' },
      loner: { displayName: 'Lone Wolf' },
      admin: { admin: true },
    },
  });

  let productId = '';
  let leedsId = '';
  let bradfordId = '';
  let hullId = '';
  let danaCompany = '';

  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';
  const addLocation = async (user: TestUser, location: typeof leeds) =>
    (await t.app.inject({ method: 'POST', url: '/api/company/locations', headers: user.auth, payload: location })).json() as Location;
  const place = (user: TestUser, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: user.auth,
      payload: { lines: [{ productId, quantity: 5 }], ...typed, clientOrderId: randomUUID(), ...extra },
    });
  const placed = async (user: TestUser, extra: Record<string, unknown> = {}) => {
    const res = await place(user, extra);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { insertedId: string }).insertedId;
  };
  const orderAs = (user: TestUser, id: string) => t.app.inject({ url: `/api/order/${id}`, headers: user.auth });
  const listAs = async (user: TestUser, query = '') => {
    const res = await t.app.inject({ url: `/api/orders/${encodeURIComponent(user.email)}${query}`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Order[];
  };
  const counts = async () =>
    (
      await rowsOf<{ orders: number; available: number }>(
        t.database.db,
        sql`select (select count(*)::int from orders) as orders, (select available from products where id = ${productId}::uuid) as available`,
      )
    )[0];
  const setStatus = (companyId: string, status: string) => t.database.db.execute(sql`update companies set status = ${status} where id = ${companyId}::uuid`);

  /** Moves `user` into `owner`'s company as a buyer; the company of one it had goes. */
  async function joinAsBuyer(user: TestUser, owner: TestUser, canSeeAllOrders = false): Promise<void> {
    const own = await companyIdOf(user);
    const target = await companyIdOf(owner);
    await t.database.db.execute(
      sql`update company_members set company_id = ${target}::uuid, role = 'buyer', can_see_all_orders = ${canSeeAllOrders} where user_id = ${user.id}::uuid`,
    );
    await t.database.db.execute(sql`delete from companies where id = ${own}::uuid`);
  }

  beforeAll(async () => {
    productId = await t.createProduct({ name: 'Impact Driver ID-18', price: 90, available: 1000, minOrder: 1 });
    await t.app.inject({ method: 'PATCH', url: '/api/company', headers: dana.auth, payload: { name: 'Dana Tools Ltd', taxNumber: 'GB-123 456 789' } });
    leedsId = (await addLocation(dana, leeds)).id;
    bradfordId = (await addLocation(dana, bradford)).id;
    hullId = (await addLocation(olli, hull)).id;
    await joinAsBuyer(bo, dana);
    await joinAsBuyer(cy, dana);
    danaCompany = await companyIdOf(dana);
    // An account from before companies: no membership at all.
    const lonerCompany = await companyIdOf(loner);
    await t.database.db.execute(sql`delete from company_members where user_id = ${loner.id}::uuid`);
    await t.database.db.execute(sql`delete from companies where id = ${lonerCompany}::uuid`);
  });

  describe('placing an order', () => {
    it('sends it to the chosen location: its address and phone, whatever was typed, and copies the company', async () => {
      const id = await placed(dana, { locationId: bradfordId });
      const order = (await orderAs(dana, id)).json() as Order;
      expect(order).toMatchObject({
        userAddress: bradford.address,
        userPhone: bradford.phone,
        userId: dana.id,
        companyId: danaCompany,
        companyName: 'Dana Tools Ltd',
        companyTaxNumber: 'GB-123 456 789',
        locationId: bradfordId,
        locationName: 'Bradford depot',
      });
    });

    it('takes a location on the spec’s one-tool body too', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: dana.auth,
        payload: { productId, orderQuantity: 2, ...typed, clientOrderId: randomUUID(), locationId: leedsId },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(Object.keys(res.json() as object)).toEqual(['insertedId']);
      const order = (await orderAs(dana, (res.json() as { insertedId: string }).insertedId)).json() as Order;
      expect(order).toMatchObject({ userAddress: leeds.address, locationName: 'Leeds branch', orderQuantity: 2 });
    });

    it('uses the typed address for a one-off delivery, with no location', async () => {
      const id = await placed(dana);
      expect((await orderAs(dana, id)).json()).toMatchObject({ ...typed, companyName: 'Dana Tools Ltd', locationId: null, locationName: null });
    });

    it('refuses another company’s location and a missing one as not found, and writes nothing', async () => {
      const before = await counts();
      for (const locationId of [hullId, randomUUID()]) {
        const res = await place(dana, { locationId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'not_found', message: orderMessages.locationNotFound } });
      }
      const malformed = await place(dana, { locationId: 'leeds' });
      expect(malformed.statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it('refuses a company that is not approved with 403 and its reason, and writes nothing', async () => {
      const olliCompany = await companyIdOf(olli);
      const earlier = randomUUID();
      await placed(olli, { clientOrderId: earlier });
      const before = await counts();
      for (const [status, message] of [
        ['applied', companyMessages.notApproved],
        ['rejected', companyMessages.rejected],
        ['suspended', companyMessages.suspended],
      ] as const) {
        await setStatus(olliCompany, status);
        const res = await place(olli, { locationId: hullId });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: { code: 'forbidden', message } });
        const oneTool = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: olli.auth,
          payload: { productId, orderQuantity: 1, ...typed, clientOrderId: randomUUID() },
        });
        expect(oneTool.statusCode).toBe(403);
      }
      // A rejection or suspension with the admin's reason says it too.
      await t.database.db.execute(sql`update companies set status_reason = 'Unpaid invoices since March' where id = ${olliCompany}::uuid`);
      expect((await place(olli)).json()).toEqual({
        error: { code: 'forbidden', message: `${companyMessages.suspended} The shop’s reason: Unpaid invoices since March` },
      });
      await t.database.db.execute(sql`update companies set status_reason = null where id = ${olliCompany}::uuid`);
      // An order that reached the shop before stays one order: its repeat is answered with it.
      expect((await place(olli, { clientOrderId: earlier })).statusCode).toBe(200);
      expect(await counts()).toEqual(before);
      await setStatus(olliCompany, 'approved');
      expect((await place(olli, { locationId: hullId })).statusCode).toBe(201);
    });

    it('lets an account without a company order as before, for no company, but to no location', async () => {
      const id = await placed(loner);
      expect((await orderAs(loner, id)).json()).toMatchObject({ ...typed, companyId: null, companyName: null, locationId: null });
      const res = await place(loner, { locationId: leedsId });
      expect(res.statusCode).toBe(404);
      expect((res.json() as { error: { message: string } }).error.message).toBe(orderMessages.locationNotFound);
    });
  });

  describe('who sees which orders', () => {
    let bosOrder = '';
    let danasOrder = '';
    let cysOrder = '';

    beforeAll(async () => {
      bosOrder = await placed(bo, { locationId: leedsId });
      cysOrder = await placed(cy);
      danasOrder = await placed(dana, { locationId: bradfordId });
    });

    it('shows a company admin every order of the company, saying who placed it and where it goes', async () => {
      const mine = await listAs(dana);
      const ids = mine.map((order) => order._id);
      expect(ids).toEqual(expect.arrayContaining([bosOrder, cysOrder, danasOrder]));
      expect(mine.find((order) => order._id === bosOrder)).toMatchObject({
        userId: bo.id,
        userName: 'Bo Buyer',
        userEmail: bo.email,
        companyName: 'Dana Tools Ltd',
        locationName: 'Leeds branch',
      });
      // The company admin pays and deletes every one of them: none is read-only to it.
      expect(mine.filter((order) => order.readOnly)).toEqual([]);
      expect((await orderAs(dana, bosOrder)).statusCode).toBe(200);
    });

    it('shows a buyer their own orders only', async () => {
      const ids = (await listAs(bo)).map((order) => order._id);
      expect(ids).toContain(bosOrder);
      expect(ids).not.toContain(danasOrder);
      expect(ids).not.toContain(cysOrder);
      expect((await orderAs(bo, danasOrder)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bo.auth, payload: { orderId: danasOrder } })).statusCode).toBe(
        404,
      );
      expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${danasOrder}`, headers: bo.auth })).statusCode).toBe(404);
    });

    it('shows a buyer who sees all every order of the company, from the moment it is switched on', async () => {
      await t.database.db.execute(sql`update company_members set can_see_all_orders = true where user_id = ${cy.id}::uuid`);
      const seen = await listAs(cy);
      expect(seen.map((order) => order._id)).toEqual(expect.arrayContaining([bosOrder, cysOrder, danasOrder]));
      // The list says which are only to read, so the app offers Pay and Delete on the buyer's own alone.
      expect(seen.filter((order) => order.readOnly).map((order) => order._id)).toEqual(expect.arrayContaining([bosOrder, danasOrder]));
      expect(seen.find((order) => order._id === cysOrder)?.readOnly).toBeUndefined();
      expect((await orderAs(cy, bosOrder)).statusCode).toBe(200);
      // Reading is all it gives: a colleague's order is theirs or the company admin's to pay or delete.
      const pay = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: cy.auth, payload: { orderId: bosOrder } });
      expect(pay.statusCode).toBe(403);
      expect(pay.json()).toMatchObject({ error: { message: orderMessages.onlyPlacerOrCompanyAdmin } });
      expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${bosOrder}`, headers: cy.auth })).statusCode).toBe(403);
      expect((await orderAs(bo, bosOrder)).json()).toMatchObject({ status: 'Unpaid' });
      await t.database.db.execute(sql`update company_members set can_see_all_orders = false where user_id = ${cy.id}::uuid`);
      expect((await listAs(cy)).map((order) => order._id)).toEqual([cysOrder]);
    });

    it('lets a company admin pay a buyer’s order and download its invoice, which names the company', async () => {
      await payOrder(t, dana, bosOrder);
      expect((await orderAs(bo, bosOrder)).json()).toMatchObject({ status: 'Paid' });
      const invoice = await t.app.inject({ url: `/api/orders/${bosOrder}/invoice`, headers: dana.auth });
      expect(invoice.statusCode).toBe(200);
      expect(invoice.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(invoice.rawPayload);
      for (const printed of ['Dana Tools Ltd', 'Tax number GB-123 456 789', 'Ordered by Bo Buyer', 'Leeds branch']) expect(text).toContain(printed);
      expect((await t.app.inject({ url: `/api/orders/${bosOrder}/invoice`, headers: bo.auth })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/orders/${bosOrder}/invoice`, headers: cy.auth })).statusCode).toBe(404);
    });

    it('keeps another company’s orders as if they did not exist', async () => {
      expect((await listAs(olli)).map((order) => order._id)).not.toContain(bosOrder);
      expect((await orderAs(olli, danasOrder)).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/orders/${bosOrder}/invoice`, headers: olli.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: olli.auth, payload: { orderId: danasOrder } })).statusCode).toBe(
        404,
      );
      expect(
        (await t.app.inject({ method: 'PATCH', url: `/api/order/${danasOrder}`, headers: olli.auth, payload: { transactionId: 'pi_x' } })).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${danasOrder}`, headers: olli.auth })).statusCode).toBe(404);
      expect((await orderAs(dana, danasOrder)).json()).toMatchObject({ status: 'Unpaid' });
    });

    it('lets a company admin delete a buyer’s unpaid order', async () => {
      const id = await placed(bo);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${id}`, headers: dana.auth });
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect((await orderAs(bo, id)).statusCode).toBe(404);
    });

    it('narrows a company’s view by who placed the order and by its location', async () => {
      const byBo = await listAs(dana, `?placedBy=${bo.id}`);
      expect(byBo.length).toBeGreaterThan(0);
      expect(byBo.every((order) => order.userId === bo.id)).toBe(true);
      const toBradford = await listAs(dana, `?locationId=${bradfordId}`);
      expect(toBradford.map((order) => order._id)).toContain(danasOrder);
      expect(toBradford.every((order) => order.locationId === bradfordId)).toBe(true);
      expect(await listAs(dana, `?placedBy=${bo.id}&locationId=${bradfordId}`)).toEqual([]);
      // A buyer's own view narrowed to someone else finds nothing, never that person's orders.
      expect(await listAs(bo, `?placedBy=${dana.id}`)).toEqual([]);
      const bad = await t.app.inject({ url: `/api/orders/${encodeURIComponent(dana.email)}?placedBy=bo`, headers: dana.auth });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('Manage Orders', () => {
    const page = async (query: string) => {
      const res = await t.app.inject({ url: `/api/orders?${query}`, headers: admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as OrderPage;
    };

    it('shows each order’s company, location and who placed it', async () => {
      const { items } = await page('pageSize=100');
      const toBradford = items.find((order) => order.locationId === bradfordId);
      expect(toBradford).toMatchObject({ companyName: 'Dana Tools Ltd', locationName: 'Bradford depot', userName: 'Dana Dealer' });
    });

    it('finds orders by part of the company’s name and of the location’s', async () => {
      const tools = await page('company=tools%20ltd&pageSize=100');
      expect(tools.total).toBeGreaterThan(0);
      expect(tools.items.every((order) => order.companyName === 'Dana Tools Ltd')).toBe(true);
      const depot = await page('company=Dana&location=depot&pageSize=100');
      expect(depot.total).toBeGreaterThan(0);
      expect(depot.items.every((order) => order.locationName === 'Bradford depot')).toBe(true);
      expect((await page('location=Hull')).items.every((order) => order.companyName === 'Olli Other')).toBe(true);
      expect((await page('company=nobody-like-this')).total).toBe(0);
      // The CSV export takes the same search.
      const csv = await t.app.inject({ url: '/api/orders/export?company=Olli', headers: admin.auth });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(olli.email);
      expect(csv.body).not.toContain(dana.email);
    });
  });
});
