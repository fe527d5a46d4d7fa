// Barcodes (docs/decisions/048-barcodes-on-the-counter.md): an admin gives a tool its GTIN on Add Product or the
// editor, checked on the server (length, check digit, one tool per number); the catalogue answers it, a search
// for the number finds the tool, and the demo catalogue's tools get theirs once.

import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { seedProducts, seedSku } from '../../server/db/seed-data';
import { insertProduct } from '../../server/repositories/products';
import { giveSeededBarcodes } from '../../server/services/seed';
import { gtinMessages, seedGtin } from '../../src/contract/gtin';
import type { Product, ProductPage } from '../../src/contract/product';
import { storeTestPicture } from '../helpers/pictures';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('product barcodes', (kind) => {
  const {
    t,
    users: { admin },
  } = useTestApp(kind, { users: { admin: { admin: true } } });

  const create = async (extra: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.auth,
      payload: {
        name: 'Barcode Test Grinder',
        description: 'B'.repeat(160),
        price: 80,
        availableQnt: 20,
        minOrderQnt: 1,
        imageUrl: await storeTestPicture(t.app.services.images),
        ...extra,
      },
    });
  const product = async (id: string) => (await t.app.inject(`/api/products/${id}`)).json() as Product;
  const patch = (id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: admin.auth, payload });

  it('takes a valid number in any of its written forms, and refuses a wrong one with the reason', async () => {
    const made = await create({ gtin: '0 36000 29145 2', sku: 'FL-BC001' });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { insertedId: string }).insertedId;
    expect(await product(id)).toMatchObject({ gtin: '0036000291452' });

    const wrongDigit = await create({ gtin: '0036000291453', sku: 'FL-BC002' });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json()).toMatchObject({ error: { message: expect.stringContaining(gtinMessages.checkDigit(2)) } });
    const letters = await create({ gtin: 'ABC123', sku: 'FL-BC003' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({ error: { message: expect.stringContaining(gtinMessages.invalid) } });

    // One tool per number, whichever way it was written.
    const taken = await create({ gtin: '036000291452', sku: 'FL-BC004' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'conflict', message: gtinMessages.taken } });
    const none = await create({ sku: 'FL-BC005' });
    expect(none.statusCode).toBe(201);
    expect((await product((none.json() as { insertedId: string }).insertedId)).gtin).toBeUndefined();
  });

  it('changes or removes a tool’s number in the editor, and finds the tool by it', async () => {
    const id = await insertProduct(t.database.db, {
      name: 'Barcode Edit Saw',
      description: 'S'.repeat(160),
      imageUrl: '',
      price: 120,
      available: 10,
      minOrder: 1,
      sku: 'FL-BC010',
    });
    const set = await patch(id, { gtin: '4006381333931' });
    expect(set.statusCode, set.body).toBe(200);
    expect(await product(id)).toMatchObject({ gtin: '4006381333931', name: 'Barcode Edit Saw' });

    const found = (await t.app.inject('/api/products?q=4006381333931')).json() as ProductPage;
    expect(found.items.map((p) => p._id)).toEqual([id]);
    // The same number scanned as written on the box, with spaces, is the same search.
    expect(((await t.app.inject('/api/products?q=4%20006381%20333931')).json() as ProductPage).items.map((p) => p._id)).toContain(id);

    const kept = await patch(id, { name: 'Barcode Edit Saw II' });
    expect(kept.statusCode).toBe(200);
    expect((await product(id)).gtin).toBe('4006381333931');
    expect((await patch(id, { gtin: null })).statusCode).toBe(200);
    expect((await product(id)).gtin).toBeUndefined();
    expect((await patch(id, { gtin: '4006381333932' })).statusCode).toBe(400);
  });

  it('gives the demo catalogue’s tools their numbers once, never taking one another tool has', async () => {
    const [first, second] = seedProducts;
    if (!first || !second) throw new Error('the demo catalogue has tools');
    const a = await insertProduct(t.database.db, {
      name: first.name,
      description: first.description,
      imageUrl: '',
      price: 10,
      available: 5,
      minOrder: 1,
      sku: seedSku(first),
    });
    const b = await insertProduct(t.database.db, {
      name: second.name,
      description: second.description,
      imageUrl: '',
      price: 10,
      available: 5,
      minOrder: 1,
      sku: seedSku(second),
    });
    // An admin gave the second demo number to another tool already.
    await insertProduct(t.database.db, {
      name: 'Taken number',
      description: 'T'.repeat(160),
      imageUrl: '',
      price: 10,
      available: 5,
      minOrder: 1,
      sku: 'FL-BC020',
      gtin: seedGtin(2),
    });

    expect(await giveSeededBarcodes(t.database.db)).toBe(1);
    expect(await giveSeededBarcodes(t.database.db)).toBe(0);
    const rows = await rowsOf<{ id: string; gtin: string | null }>(t.database.db, sql`select id, gtin from products where id in (${a}::uuid, ${b}::uuid)`);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.gtin]))).toEqual({ [a]: seedGtin(1), [b]: null });
  });
});
