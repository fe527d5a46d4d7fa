// Stock and idempotency under real concurrency, on PostgreSQL (PGlite has one session and cannot show
// races): requests go through a listening server over HTTP, all at once.

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { orderBody } from '../helpers/orders';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase(
  'orders under concurrency',
  (kind) => {
    const { t } = useTestApp(kind);
    let base: string;
    let dealers: TestUser[];

    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      dealers = await Promise.all(Array.from({ length: 5 }, (_, i) => t.createUser({ displayName: `Racer ${i}` })));
    });

    const post = (user: TestUser, body: Record<string, unknown>) =>
      fetch(`${base}/api/orders`, { method: 'POST', headers: { ...user.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const stock = async (productId: string) => ((await (await fetch(`${base}/api/products/${productId}`)).json()) as { availableQnt: number }).availableQnt;

    it('accepts exactly 10 of 50 concurrent orders for a stock of 10, and ends at stock 0', async () => {
      const productId = await t.createProduct({ available: 10, minOrder: 1, price: 80 });
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => post(dealers[i % dealers.length] as TestUser, orderBody({ productId, orderQuantity: 1, totalPrice: 80 }))),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(40);
      const refusals = await Promise.all(
        responses.filter((r) => r.status === 409).map(async (r) => ((await r.json()) as { error: { code: string } }).error.code),
      );
      expect(new Set(refusals)).toEqual(new Set(['out_of_stock']));
      expect(await stock(productId)).toBe(0);
      const placed = await Promise.all(
        dealers.map(
          async (d) =>
            ((await (await fetch(`${base}/api/orders/${d.email}`, { headers: d.auth })).json()) as { productId: string }[]).filter(
              (o) => o.productId === productId,
            ).length,
        ),
      );
      expect(placed.reduce((a, b) => a + b, 0)).toBe(10);
    });

    it('never oversells with mixed quantities racing for the last units', async () => {
      const productId = await t.createProduct({ available: 25, minOrder: 1 });
      const quantities = Array.from({ length: 40 }, (_, i) => (i % 4) + 1);
      const responses = await Promise.all(quantities.map((q, i) => post(dealers[i % dealers.length] as TestUser, orderBody({ productId, orderQuantity: q }))));
      const sold = quantities.filter((_, i) => responses[i]?.status === 201).reduce((a, b) => a + b, 0);
      expect(sold).toBeLessThanOrEqual(25);
      expect(await stock(productId)).toBe(25 - sold);
    });

    it('turns 20 identical requests sent at once into one order and one reservation', async () => {
      const productId = await t.createProduct({ available: 100, minOrder: 5 });
      const [dealer] = dealers as [TestUser];
      const body = orderBody({ productId, orderQuantity: 5, clientOrderId: randomUUID() });
      const responses = await Promise.all(Array.from({ length: 20 }, () => post(dealer, body)));
      const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { insertedId?: string } })));
      expect(new Set(answers.map((a) => a.body.insertedId)).size).toBe(1);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(19);
      expect(await stock(productId)).toBe(95);
    });

    it('lets only one of two racing deletions return the stock', async () => {
      const productId = await t.createProduct({ available: 30, minOrder: 5 });
      const [dealer] = dealers as [TestUser];
      const created = await post(dealer, orderBody({ productId, orderQuantity: 10 }));
      const { insertedId } = (await created.json()) as { insertedId: string };
      const results = await Promise.all(Array.from({ length: 6 }, () => fetch(`${base}/api/orders/${insertedId}`, { method: 'DELETE', headers: dealer.auth })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(await stock(productId)).toBe(30);
    });
  },
  ['postgres'],
);
