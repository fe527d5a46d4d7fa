// Admin user management: GET /api/users, PUT /api/user/admin/{email}, DELETE /api/users/{id}.
// Only admins pass; nobody deletes themselves; two admins deleting each other cannot both succeed;
// a deleted user's tokens stop working and their paid orders stay on record.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { insertOrder as insertOrderRow } from '../../server/repositories/orders';
import { findProduct, takePieces } from '../../server/repositories/products';
import { countByRole, findUserById } from '../../server/repositories/users';
import { markOrderPaid, markOrderShipped } from '../../server/services/orders';
import { placeOrder } from '../helpers/orders';
import { uniqueEmail, type TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const anonymous = {};

describeEachDatabase('admin user management', (kind) => {
  const {
    t,
    users: { admin, customer },
  } = useTestApp(kind, { users: { admin: { admin: true }, customer: {} } });

  const listUsers = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users', headers });
  const makeAdmin = (email: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/api/user/admin/${encodeURIComponent(email)}`, headers });
  const deleteUser = (id: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers });

  /** An order as the orders API would leave it (its line, its stock taken), then moved to `status`. */
  async function insertOrder(user: TestUser, productId: string, quantity: number, status: 'Unpaid' | 'Paid' | 'Shipped'): Promise<string> {
    const product = await findProduct(t.database.db, productId);
    if (!product) throw new Error('no product');
    const id = await t.database.db.transaction(async (tx) => {
      const placed = await insertOrderRow(tx, {
        userId: user.id,
        userEmail: user.email,
        userName: user.displayName,
        userAddress: '12 Harbour Road, Leeds',
        userPhone: '+44 113 496 0000',
        clientOrderId: randomUUID(),
        totalMinor: quantity * product.price * 100,
        lines: [{ productId, productName: product.name, sku: product.sku ?? null, imageUrl: product.imageUrl, unitPriceMinor: product.price * 100, quantity }],
        holdsStock: true,
      });
      await takePieces(tx, [{ productId, quantity }]);
      return placed;
    });
    // As every payment and shipment goes: a paid order has its invoice number.
    if (status !== 'Unpaid') await markOrderPaid(t.database.db, id, `pi_${randomUUID().replaceAll('-', '')}`);
    if (status === 'Shipped') await markOrderShipped(t.database.db, id);
    return id;
  }

  describe('GET /api/users', () => {
    it('lists every user as {_id, email, role} for an admin', async () => {
      const res = await listUsers(admin.auth);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Record<string, unknown>[];
      expect(rows).toEqual(
        expect.arrayContaining([
          { _id: admin.id, email: admin.email, role: 'admin' },
          { _id: customer.id, email: customer.email, role: 'customer' },
        ]),
      );
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(['_id', 'email', 'role']);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('refuses anonymous (401) and customers (403)', async () => {
      expect((await listUsers(anonymous)).statusCode).toBe(401);
      const res = await listUsers(customer.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
    });
  });

  describe('PUT /api/user/admin/{email}', () => {
    it('refuses anonymous (401) and customers (403), even for their own address', async () => {
      const target = await t.createUser();
      expect((await makeAdmin(target.email, anonymous)).statusCode).toBe(401);
      expect((await makeAdmin(target.email, customer.auth)).statusCode).toBe(403);
      expect((await makeAdmin(customer.email, customer.auth)).statusCode).toBe(403);
      expect((await findUserById(t.database.db, target.id))?.role).toBe('customer');
      expect((await findUserById(t.database.db, customer.id))?.role).toBe('customer');
    });

    it('promotes a customer at once: their existing token now passes the admin guard', async () => {
      const target = await t.createUser();
      expect((await listUsers(target.auth)).statusCode).toBe(403);
      const res = await makeAdmin(target.email.toUpperCase(), admin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      expect((await listUsers(target.auth)).statusCode).toBe(200);
      // Promoting twice changes nothing.
      expect((await makeAdmin(target.email, admin.auth)).json()).toEqual({ modifiedCount: 0 });
    });

    it('answers 404 for an unknown or malformed address', async () => {
      expect((await makeAdmin(uniqueEmail('nobody'), admin.auth)).statusCode).toBe(404);
      expect((await makeAdmin('not-an-email', admin.auth)).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/users/{id}', () => {
    it('refuses anonymous (401) and customers (403), and the target stays', async () => {
      const target = await t.createUser();
      expect((await deleteUser(target.id, anonymous)).statusCode).toBe(401);
      expect((await deleteUser(target.id, customer.auth)).statusCode).toBe(403);
      expect((await deleteUser(customer.id, customer.auth)).statusCode).toBe(403);
      expect(await findUserById(t.database.db, target.id)).not.toBeNull();
    });

    it('refuses to let an admin delete themselves', async () => {
      const res = await deleteUser(admin.id, admin.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'You cannot delete your own account.' } });
      expect(await findUserById(t.database.db, admin.id)).not.toBeNull();
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await deleteUser(randomUUID(), admin.auth)).statusCode).toBe(404);
      expect((await deleteUser('42', admin.auth)).statusCode).toBe(404);
    });

    it('deletes the user, their unpaid orders (stock returned) and their sign-in; paid and shipped orders stay', async () => {
      const target = await t.createUser({ displayName: 'Gone Dealer' });
      const productId = await t.createProduct({ available: 100, minOrder: 1 });
      const unpaid = await insertOrder(target, productId, 7, 'Unpaid');
      const paid = await insertOrder(target, productId, 5, 'Paid');
      const shipped = await insertOrder(target, productId, 3, 'Shipped');
      expect((await findProduct(t.database.db, productId))?.available).toBe(85);

      const res = await deleteUser(target.id, admin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });

      expect(await findUserById(t.database.db, target.id)).toBeNull();
      expect((await findProduct(t.database.db, productId))?.available).toBe(92);
      const left = await t.database.db.select().from(orders).where(eq(orders.userEmail, target.email));
      expect(left.map((o) => o.id).sort()).toEqual([paid, shipped].sort());
      expect(left.map((o) => o.id)).not.toContain(unpaid);
      for (const order of left) {
        expect(order.userId).toBeNull();
        expect(order.userName).toBe('Gone Dealer');
      }

      // Their access token stops working at once, and the identity provider no longer knows them.
      const profile = await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(target.email)}`, headers: target.auth });
      expect(profile.statusCode).toBe(401);
      const exchange = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${encodeURIComponent(target.email)}`,
        headers: { authorization: `Bearer ${target.idToken}` },
        payload: { email: target.email },
      });
      expect(exchange.statusCode).toBe(401);
      expect(await findUserById(t.database.db, target.id)).toBeNull();
    });

    it('gives back only the stock their unpaid orders held: an order of an account not trusted yet held none', async () => {
      const target = await t.createUser({ trusted: false });
      const productId = await t.createProduct({ available: 40, minOrder: 1 });
      await placeOrder(t, target, { productId, orderQuantity: 6 });
      expect((await findProduct(t.database.db, productId))?.available).toBe(40);

      expect((await deleteUser(target.id, admin.auth)).statusCode).toBe(200);
      expect((await findProduct(t.database.db, productId))?.available).toBe(40);
    });

    it('keeps the user and their orders when the identity provider refuses the deletion', async () => {
      const target = await t.createUser();
      const productId = await t.createProduct({ available: 10, minOrder: 1 });
      const unpaid = await insertOrder(target, productId, 4, 'Unpaid');
      const identity = t.app.deps.identity;
      const original = identity.deleteUser;
      identity.deleteUser = async () => {
        throw new Error('identity provider unavailable');
      };
      try {
        const res = await deleteUser(target.id, admin.auth);
        expect(res.statusCode).toBe(500);
      } finally {
        identity.deleteUser = original;
      }
      expect(await findUserById(t.database.db, target.id)).not.toBeNull();
      expect((await t.database.db.select().from(orders).where(eq(orders.id, unpaid))).length).toBe(1);
      expect((await findProduct(t.database.db, productId))?.available).toBe(6);
      expect((await listUsers(target.auth)).statusCode).toBe(403);
    });

    it('lets an admin delete another admin, who is then refused at once', async () => {
      const other = await t.createUser({ admin: true });
      expect((await listUsers(other.auth)).statusCode).toBe(200);
      const res = await deleteUser(other.id, admin.auth);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect((await listUsers(other.auth)).statusCode).toBe(401);
    });

    it('never lets two admins who delete each other at the same moment both succeed', async () => {
      for (let round = 0; round < 4; round += 1) {
        const [a, b] = await Promise.all([t.createUser({ admin: true }), t.createUser({ admin: true })]);
        const [ab, ba] = await Promise.all([deleteUser(b.id, a.auth), deleteUser(a.id, b.auth)]);
        const codes = [ab.statusCode, ba.statusCode].sort();
        expect(codes[0]).toBe(200);
        // The loser is refused either by the guard (its row is gone: 401) or inside the locked check (403).
        expect([401, 403]).toContain(codes[1]);
        const survivors = [await findUserById(t.database.db, a.id), await findUserById(t.database.db, b.id)].filter(Boolean);
        expect(survivors).toHaveLength(1);
        expect(survivors[0]?.role).toBe('admin');
      }
      expect(await countByRole(t.database.db, 'admin')).toBeGreaterThanOrEqual(1);
    });
  });
});

describeEachDatabase('the last admin', (kind) => {
  const {
    t,
    users: { a, b },
  } = useTestApp(kind, { users: { a: { admin: true }, b: { admin: true } } });

  it('cannot be deleted: with two admins left, one deletion succeeds and the survivor cannot delete themselves', async () => {
    expect(await countByRole(t.database.db, 'admin')).toBe(2);
    const [ab, ba] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/users/${b.id}`, headers: a.auth }),
      t.app.inject({ method: 'DELETE', url: `/api/users/${a.id}`, headers: b.auth }),
    ]);
    expect([ab.statusCode, ba.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect(await countByRole(t.database.db, 'admin')).toBe(1);
    const survivor = ab.statusCode === 200 ? a : b;
    const self = await t.app.inject({ method: 'DELETE', url: `/api/users/${survivor.id}`, headers: survivor.auth });
    expect(self.statusCode).toBe(403);
    expect(await countByRole(t.database.db, 'admin')).toBe(1);
  });
});
