// Admin product management: POST /api/products and DELETE /api/products/{id}. Only admins pass; the
// body is the contract's strict schema; a deleted product leaves its orders' names intact.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { validationMessages as m } from '../../src/contract/messages';
import { orders } from '../../server/db/schema';
import { insertOrder, linesOf } from '../../server/repositories/orders';
import { markOrderPaid } from '../../server/services/orders';
import { findProduct } from '../../server/repositories/products';
import { storeTestPicture } from '../helpers/pictures';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const description =
  'A brushless 18 V hammer drill for masonry, steel and timber, with a two-speed metal gearbox, a 13 mm keyless chuck, ' +
  'an auxiliary handle and a depth stop; sold in cartons of ten for dealer counters.';

/** A picture the suite's app stored: POST /api/products takes no other. */
let pictureUrl = '';

const validBody = () => ({
  name: 'Brushless Hammer Drill HD-18',
  description,
  price: 149,
  availableQnt: 400,
  minOrderQnt: 20,
  imageUrl: pictureUrl,
});

describeEachDatabase('admin product management', (kind) => {
  const {
    t,
    users: { admin, customer },
  } = useTestApp(kind, { users: { admin: { admin: true }, customer: {} } });
  beforeAll(async () => {
    pictureUrl = await storeTestPicture(t.app.services.images);
  });

  const postProduct = (payload: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/products', headers, payload: payload as Record<string, unknown> });
  const deleteProduct = (id: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers });
  const catalogueNames = async () => ((await t.app.inject('/api/products')).json() as { name: string }[]).map((p) => p.name);

  describe('POST /api/products', () => {
    it('refuses anonymous (401) and customers (403), and nothing is added', async () => {
      expect((await postProduct(validBody(), {})).statusCode).toBe(401);
      const res = await postProduct({ ...validBody(), name: 'Customer Saw' }, customer.auth);
      expect(res.statusCode).toBe(403);
      expect(await catalogueNames()).not.toContain('Customer Saw');
    });

    it('adds the product for an admin; it is in the catalogue with the spec field names', async () => {
      const res = await postProduct(validBody(), admin.auth);
      expect(res.statusCode).toBe(201);
      const { insertedId } = res.json() as { insertedId: string };
      expect(insertedId).toMatch(/^[0-9a-f-]{36}$/u);
      const one = await t.app.inject(`/api/products/${insertedId}`);
      expect(one.json()).toEqual({
        _id: insertedId,
        ...validBody(),
        sku: expect.stringMatching(/^FL-[0-9A-F]{8}$/u),
        category: 'General',
        maxOrderQnt: null,
        packSize: 1,
        priceTiers: [],
      });
      await expect.poll(catalogueNames).toContain(validBody().name);
    });

    it.each([
      ['a short description', { description: 'Too short.' }, m.descriptionMin],
      ['an empty description', { description: '   ' }, m.descriptionRequired],
      ['a blank name', { name: '   ' }, m.productNameRequired],
      ['a missing name', { name: undefined }, 'name:'],
      ['a fractional price', { price: 9.5 }, m.wholePositive],
      ['a zero price', { price: 0 }, m.wholePositive],
      ['a negative stock', { availableQnt: -1 }, m.wholePositive],
      ['a minimum above the stock', { availableQnt: 10, minOrderQnt: 11 }, m.minAboveStock],
      ['a price as text', { price: '149' }, m.priceRequired],
      ['an image from elsewhere', { imageUrl: 'https://evil.example/x.webp' }, 'uploaded through the image upload'],
      ['an image path that escapes', { imageUrl: `/uploads/../${'a'.repeat(61)}.webp` }, 'uploaded through the image upload'],
      ['an unknown field', { status: 'featured' }, 'Unknown field "status"'],
    ])('answers 400 for %s', async (_name, change, message) => {
      const body: Record<string, unknown> = { ...validBody(), ...change, name: 'name' in change ? change.name : `Rejected ${randomUUID()}` };
      const res = await postProduct(body, admin.auth);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'invalid_data',
        message: expect.stringContaining(message),
      });
    });
  });

  describe('DELETE /api/products/{id}', () => {
    it('refuses anonymous (401) and customers (403), and the product stays', async () => {
      const id = await t.createProduct();
      expect((await deleteProduct(id, {})).statusCode).toBe(401);
      expect((await deleteProduct(id, customer.auth)).statusCode).toBe(403);
      expect(await findProduct(t.database.db, id)).not.toBeNull();
    });

    it('deletes for an admin; orders of the product keep its name and price', async () => {
      const id = await t.createProduct({ name: 'Discontinued Chop Saw', price: 80 });
      const orderId = await insertOrder(t.database.db, {
        userId: customer.id,
        userEmail: customer.email,
        userName: customer.displayName,
        userAddress: '12 Harbour Road, Leeds',
        userPhone: '+44 113 496 0000',
        clientOrderId: randomUUID(),
        totalMinor: 400 * 100,
        lines: [{ productId: id, productName: 'Discontinued Chop Saw', sku: null, imageUrl: '', unitPriceMinor: 80 * 100, quantity: 5 }],
        holdsStock: false,
      });
      // Paid as every payment is: with its invoice number.
      await markOrderPaid(t.database.db, orderId, 'pi_test_kept');
      const res = await deleteProduct(id, admin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect(await findProduct(t.database.db, id)).toBeNull();
      await expect.poll(catalogueNames).not.toContain('Discontinued Chop Saw');
      const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(kept).toMatchObject({ totalMinor: 40_000, status: 'Paid' });
      expect((await linesOf(t.database.db, [orderId])).get(orderId)).toMatchObject([
        { productId: null, productName: 'Discontinued Chop Saw', unitPriceMinor: 80 * 100, quantity: 5, lineTotal: 400 },
      ]);
    });

    it('answers 404 for a product that is already gone or a malformed id', async () => {
      const id = await t.createProduct();
      expect((await deleteProduct(id, admin.auth)).statusCode).toBe(200);
      expect((await deleteProduct(id, admin.auth)).statusCode).toBe(404);
      expect((await deleteProduct('drill', admin.auth)).statusCode).toBe(404);
    });
  });
});
