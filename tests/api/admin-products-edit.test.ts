// Editing a tool: PATCH /api/products/{id} takes any field of Add A Product (name, description, price in
// whole dollars, stock, minimum, SKU, category, a stored picture) and the bulk-order rules, checked as on
// Add A Product, the checks across fields on the tool as it will be. A SKU another tool has is a 409. The
// change reaches the catalogue, its search and the offline copies' change feed.

import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { validationMessages as m } from '../../src/contract/messages';
import type { CatalogueChanges, Product } from '../../src/contract/product';
import { updateProduct } from '../../server/repositories/products';
import { storeTestPicture } from '../helpers/pictures';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const description = (what: string) =>
  `${what}: a brushless tool for masonry, steel and timber, with a two-speed metal gearbox, a keyless chuck, an auxiliary ` +
  'handle and a depth stop; sold in cartons of ten for dealer counters.';

describeEachDatabase('editing a tool', (kind) => {
  const {
    t,
    users: { admin, customer },
  } = useTestApp(kind, { users: { admin: { admin: true }, customer: {} } });
  let firstPicture = '';
  let secondPicture = '';
  let id = '';
  let sku = '';

  beforeAll(async () => {
    firstPicture = await storeTestPicture(t.app.services.images, '#c2410c');
    secondPicture = await storeTestPicture(t.app.services.images, '#1d4ed8');
  });

  const patch = (payload: unknown, headers: Record<string, string> = admin.auth, productId = id) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, headers, payload: payload as Record<string, unknown> });
  const read = async (productId = id) => (await t.app.inject(`/api/products/${productId}`)).json() as Product;
  const error = (res: { json: () => unknown }) => (res.json() as { error: { code: string; message: string; details?: unknown } }).error;

  beforeEach(async () => {
    sku = `ED-${randomUUID().slice(0, 8).toUpperCase()}`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.auth,
      payload: {
        name: `Edit Test Drill ${randomUUID().slice(0, 6)}`,
        description: description('Edit Test Drill'),
        price: 120,
        availableQnt: 300,
        minOrderQnt: 6,
        sku,
        category: 'Drills',
        packSize: 2,
        priceTiers: [{ minQnt: 60, price: 110 }],
        imageUrl: firstPicture,
      },
    });
    expect(made.statusCode).toBe(201);
    id = (made.json() as { insertedId: string }).insertedId;
  });

  it('refuses anonymous (401) and customers (403), and answers 404 for a tool that is gone', async () => {
    expect((await patch({ name: 'Anonymous Drill' }, {})).statusCode).toBe(401);
    expect((await patch({ name: 'Customer Drill' }, customer.auth)).statusCode).toBe(403);
    expect((await read()).name).toMatch(/^Edit Test Drill/u);
    const gone = await patch({ name: 'Nobody' }, admin.auth, randomUUID());
    expect(gone.statusCode).toBe(404);
    expect(error(gone)).toMatchObject({ code: 'not_found', message: 'That product was not found.' });
  });

  it('changes every field at once, and the catalogue, its search and the change feed show it', async () => {
    const before = (await t.app.inject('/api/products/changes?after=0')).json() as CatalogueChanges;
    const newSku = `fl-ed${randomUUID().slice(0, 6)}`;
    const name = `Forgeline Edited Hammer ${randomUUID().slice(0, 6)}`;
    const res = await patch({
      name: `  ${name}  `,
      description: description('Edited'),
      price: 95,
      availableQnt: 500,
      minOrderQnt: 10,
      sku: newSku,
      category: 'Hammers',
      imageUrl: secondPicture,
      maxOrderQnt: 200,
      packSize: 5,
      priceTiers: [{ minQnt: 100, price: 90 }],
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      _id: id,
      name,
      description: description('Edited'),
      price: 95,
      availableQnt: 500,
      minOrderQnt: 10,
      sku: newSku.toUpperCase(),
      category: 'Hammers',
      imageUrl: secondPicture,
      maxOrderQnt: 200,
      packSize: 5,
      priceTiers: [{ minQnt: 100, price: 90 }],
    };
    expect(res.json()).toEqual(expected);
    expect(await read()).toEqual(expected);

    // The public list, the search by the new name and SKU, and the feed the offline copies follow.
    await expect.poll(async () => ((await t.app.inject('/api/products')).json() as Product[]).find((p) => p._id === id)?.name).toBe(name);
    const found = (await t.app.inject(`/api/products?q=${encodeURIComponent(newSku)}&page=1`)).json() as { items: Product[] };
    expect(found.items.map((p) => p._id)).toContain(id);
    const changes = (await t.app.inject(`/api/products/changes?after=${before.cursor ?? 0}`)).json() as CatalogueChanges;
    expect(changes.products.find((p) => p._id === id)).toMatchObject({ name, price: 95, imageUrl: secondPicture, sku: newSku.toUpperCase() });
    const categories = (await t.app.inject('/api/categories')).json() as { name: string }[];
    expect(categories.map((c) => c.name)).toContain('Hammers');
  });

  it('keeps every field left out, and takes a rule cleared with null', async () => {
    const before = await read();
    expect((await patch({ price: 130 })).statusCode).toBe(200);
    expect(await read()).toEqual({ ...before, price: 130 });
    expect((await patch({ maxOrderQnt: 100 })).statusCode).toBe(200);
    expect((await patch({ maxOrderQnt: null, packSize: 1, priceTiers: [] })).statusCode).toBe(200);
    expect(await read()).toEqual({ ...before, price: 130, maxOrderQnt: null, packSize: 1, priceTiers: [] });
  });

  it.each([
    ['a blank name', { name: '   ' }, m.productNameRequired],
    ['a null name', { name: null }, m.productNameRequired],
    ['a short description', { description: 'Too short.' }, m.descriptionMin],
    ['a fractional price', { price: 9.5 }, m.wholePositive],
    ['a price in cents', { price: '95.00' }, m.priceRequired],
    ['a zero stock', { availableQnt: 0 }, m.wholePositive],
    ['a minimum above the stock', { minOrderQnt: 400 }, `minOrderQnt: ${m.minAboveStock}`],
    ['a stock below the minimum', { availableQnt: 4 }, `minOrderQnt: ${m.minAboveStock}`],
    ['a SKU with spaces', { sku: 'no spaces here' }, 'A SKU is 2 to 40 letters, digits and dashes'],
    ['an empty category', { category: '  ' }, 'Enter a category'],
    ['an image from elsewhere', { imageUrl: 'https://evil.example/x.webp' }, 'uploaded through the image upload'],
    ['a picture this server never stored', { imageUrl: `/uploads/${'b'.repeat(64)}.webp` }, 'This picture is not stored on this server'],
    ['a price at or below a volume price', { price: 110 }, 'priceTiers: Every tier price must be below the list price'],
    ['a minimum that is not whole packs', { minOrderQnt: 7 }, 'packSize: The minimum order must be a whole number of packs'],
    ['an unknown field', { status: 'featured' }, 'Unknown field "status"'],
  ])('answers 400 for %s and changes nothing', async (_name, change, message) => {
    const before = await read();
    const res = await patch(change);
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_data', message: expect.stringContaining(message) });
    expect(await read()).toEqual(before);
  });

  it('names the field of a check across fields, for the form to show it there', async () => {
    const res = await patch({ availableQnt: 10, minOrderQnt: 12 });
    expect(res.statusCode).toBe(400);
    expect(error(res).details).toEqual({ fields: [{ field: 'minOrderQnt', message: m.minAboveStock }] });
  });

  it('renames a tool whose stock orders took below its minimum', async () => {
    // As if orders took the stock: the edit of the name alone is not refused for it.
    await updateProduct(t.database.db, id, { available: 2 });
    const res = await patch({ name: 'Nearly Sold Out Drill' });
    expect(res.statusCode).toBe(200);
    expect(await read()).toMatchObject({ name: 'Nearly Sold Out Drill', availableQnt: 2, minOrderQnt: 6 });
  });

  it('refuses a SKU another tool has with 409, in any case, and takes the tool its own SKU again', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.auth,
      payload: { name: 'SKU Holder', description: description('SKU Holder'), price: 50, availableQnt: 20, minOrderQnt: 1, imageUrl: firstPicture },
    });
    const otherId = (other.json() as { insertedId: string }).insertedId;
    const otherSku = (await read(otherId)).sku ?? '';
    const taken = await patch({ sku: otherSku.toLowerCase(), name: 'Should Not Stick' });
    expect(taken.statusCode).toBe(409);
    expect(error(taken)).toMatchObject({ code: 'conflict', message: 'That SKU is already used by another tool.' });
    expect((await read()).name).not.toBe('Should Not Stick');
    expect((await patch({ sku })).statusCode).toBe(200);
  });
});
