// The cached catalogue (server/lib/catalogue-cache.ts) follows every change to the products table:
// the trigger of migration 0001 sends the NOTIFY, so stock taken by an order and even a change made
// outside the repositories reach GET /api/products.

import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { placeOrder } from '../helpers/orders';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('cached catalogue', (kind) => {
  const {
    t,
    users: { dealer },
  } = useTestApp(kind, { users: { dealer: {} } });

  const listed = async (productId: string) => {
    const list = (await t.app.inject('/api/products')).json() as { _id: string; availableQnt: number; price: number }[];
    return list.find((p) => p._id === productId);
  };

  it('shows the stock an order took', async () => {
    const productId = await t.createProduct({ available: 40, minOrder: 5 });
    // The new product itself arrives through the same asynchronous NOTIFY.
    await expect.poll(async () => (await listed(productId))?.availableQnt).toBe(40);
    await placeOrder(t, dealer, { productId, orderQuantity: 15 });
    await expect.poll(async () => (await listed(productId))?.availableQnt).toBe(25);
  });

  it('shows a change made outside the repositories', async () => {
    const productId = await t.createProduct({ price: 100 });
    await expect.poll(async () => (await listed(productId))?.price).toBe(100);
    await t.database.db.execute(sql`update products set price = 120 where id = ${productId}`);
    await expect.poll(async () => (await listed(productId))?.price).toBe(120);
  });
});
