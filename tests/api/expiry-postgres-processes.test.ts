// Unpaid orders expire once across processes: two real server processes share one PostgreSQL database,
// both run the expiry job every second, and every expired order's stock comes back exactly once.

import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { jobRuns, orders } from '../../server/db/schema';
import { findOrder } from '../../server/repositories/orders';
import { markOrderPaid } from '../../server/services/orders';
import { findProduct, insertProduct } from '../../server/repositories/products';
import { http } from '../helpers/http';
import { mintUser } from '../helpers/minted-users';
import { orderBody } from '../helpers/orders';
import { usePostgresProcesses } from '../helpers/postgres-processes';
import type { ServerProcess } from '../helpers/server-process';
import '../setup/provided';

const PORTS = [3381, 3382] as const;
const SECRET = 'expiry-secret-that-is-long-enough-for-hs256-signing';

const postgresUrl = inject('postgresUrl');

describe('unpaid-order expiry with two server processes on one PostgreSQL database', () => {
  const cluster = usePostgresProcesses({
    ports: PORTS,
    secret: SECRET,
    env: {
      // A hold of 3.6 seconds and a job every second, so the test sees several runs race.
      UNPAID_ORDER_TTL_HOURS: '0.001',
      JOBS_INTERVAL_SECONDS: '1',
      RATE_LIMIT_ORDERS_PER_MINUTE: '60000',
    },
  });

  it.runIf(postgresUrl)(
    'gives the stock of every expired order back exactly once, and leaves paid orders alone',
    async () => {
      const productId = await insertProduct(cluster.database.db, {
        name: 'Expiry Angle Grinder',
        description: 'E'.repeat(160),
        imageUrl: `/uploads/${'f'.repeat(64)}.webp`,
        price: 20,
        available: 200,
        minOrder: 1,
      });
      const dealers = await Promise.all(Array.from({ length: 4 }, () => mintUser(cluster.database.db, SECRET)));
      const ids: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        const dealer = dealers[i % dealers.length];
        const placed = await http<{ insertedId: string }>((cluster.servers[i % 2] as ServerProcess).url, 'POST', '/api/orders', {
          auth: dealer?.auth,
          body: orderBody({ productId, orderQuantity: 5 }),
        });
        expect(placed.status).toBe(201);
        ids.push(placed.body.insertedId);
      }
      const paid = ids.slice(0, 4);
      for (const id of paid) await markOrderPaid(cluster.database.db, id, `pi_expiry_${id.slice(0, 8)}`);
      expect((await findProduct(cluster.database.db, productId))?.available).toBe(100);

      await expect
        .poll(
          async () =>
            (
              await cluster.database.db
                .select({ n: sql<number>`count(*)::int` })
                .from(orders)
                .where(sql`${orders.status} = 'Unpaid'`)
            )[0]?.n,
          {
            timeout: 30_000,
            interval: 250,
          },
        )
        .toBe(0);
      // 16 unpaid orders of 5 came back once each: 100 + 80. A second return of any would show here.
      expect((await findProduct(cluster.database.db, productId))?.available).toBe(180);
      for (const id of paid) expect((await findOrder(cluster.database.db, id))?.status).toBe('Paid');
      // Give both processes a few more runs: nothing changes.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect((await findProduct(cluster.database.db, productId))?.available).toBe(180);
      const [run] = await cluster.database.db
        .select()
        .from(jobRuns)
        .where(sql`${jobRuns.name} = 'expire-unpaid-orders'`);
      expect(run?.lastRunAt).toBeInstanceOf(Date);
    },
    120_000,
  );
});
