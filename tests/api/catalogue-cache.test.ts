// The cached catalogue (server/lib/catalogue-cache.ts) follows every change to the products table:
// the trigger of migration 0001 sends the NOTIFY, so stock taken by an order and even a change made
// outside the repositories reach GET /api/products.

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../helpers/orders';
import { createTestApp, dbKinds, type TestApp, type TestUser } from '../helpers/test-app';

describe.each(dbKinds())('cached catalogue on %s', (kind) => {
  let t: TestApp;
  let dealer: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    dealer = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
  });

  const listed = async (productId: string) => {
    const list = (await t.app.inject('/api/products')).json() as { _id: string; availableQnt: number; price: number }[];
    return list.find((p) => p._id === productId);
  };

  it('shows the stock an order took', async () => {
    const productId = await t.createProduct({ available: 40, minOrder: 5 });
    expect((await listed(productId))?.availableQnt).toBe(40);
    await placeOrder(t, dealer, { productId, orderQuantity: 15 });
    await expect.poll(async () => (await listed(productId))?.availableQnt).toBe(25);
  });

  it('shows a change made outside the repositories', async () => {
    const productId = await t.createProduct({ price: 100 });
    expect((await listed(productId))?.price).toBe(100);
    await t.database.db.execute(sql`update products set price = 120 where id = ${productId}`);
    await expect.poll(async () => (await listed(productId))?.price).toBe(120);
  });
});
