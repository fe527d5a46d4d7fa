// The whole catalogue is read a chunk at a time (server/repositories/products.ts), so that other requests'
// queries run between the chunks: read in chunks of a few tools it must be exactly what one statement reads,
// in the same order, ties of creation time included, and the offline copy must keep each tool once.

import { desc, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { catalogueCopy, listProducts, productColumns, toProduct } from '../../server/repositories/products';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('the whole catalogue read in chunks', (kind) => {
  const {
    t,
    users: { admin },
  } = useTestApp(kind, { users: { admin: { admin: true } } });

  it('lists every tool once, newest first and then by id, as one statement does, whatever the chunk', async () => {
    for (let i = 0; i < 9; i += 1) await t.createProduct({ name: i < 5 ? `Chunked Tool ${i}` : `Chunked Other ${i}` });
    // Tools made in one statement share their creation time to the microsecond: the id orders them.
    await t.database.db.execute(sql`update products set created_at = '2026-01-02 03:04:05.123456+00' where name like 'Chunked Tool %'`);
    const whole = (await t.database.db.select(productColumns).from(products).orderBy(desc(products.createdAt), products.id)).map(toProduct);
    expect(whole.length).toBeGreaterThanOrEqual(9);
    for (const chunk of [1, 2, 3, 7, whole.length, whole.length + 1]) expect(await listProducts(t.database.db, chunk), `chunk of ${chunk}`).toEqual(whole);
  });

  it('gives the offline copy every tool once in the order of their versions, with the deleted ones', async () => {
    const kept = await t.createProduct({ name: 'Copy Kept Tool' });
    const gone = await t.createProduct({ name: 'Copy Gone Tool' });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/products/${gone}`, headers: admin.auth });
    expect(response.statusCode).toBe(200);
    const once = await catalogueCopy(t.database.db, 100_000);
    expect(once.products.map((p) => p._id)).toContain(kept);
    expect(once.deleted).toContain(gone);
    expect([...once.versions].sort((a, b) => a - b)).toEqual(once.versions);
    for (const chunk of [1, 3, 5]) expect(await catalogueCopy(t.database.db, chunk), `chunk of ${chunk}`).toEqual({ ...once, cursor: expect.any(Number) });
  });
});
