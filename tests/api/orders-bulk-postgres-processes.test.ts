// Bulk orders across processes: two real server processes on one PostgreSQL database take multi-line
// orders whose lines share tools in every order. Locks are taken in product-id order, so no two orders
// ever wait on each other crosswise (a deadlock would surface as a 5xx), and no tool is oversold.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { findProduct, insertProduct } from '../../server/repositories/products';
import { http } from '../helpers/http';
import { mintUser } from '../helpers/minted-users';
import { usePostgresProcesses } from '../helpers/postgres-processes';
import type { ServerProcess } from '../helpers/server-process';
import '../setup/provided';

const PORTS = [3383, 3384] as const;
const SECRET = 'bulk-processes-secret-that-is-long-enough-for-hs256';

const postgresUrl = inject('postgresUrl');

/** A small seeded shuffle, so a failure can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('bulk orders from two server processes on one PostgreSQL database', () => {
  const cluster = usePostgresProcesses({ ports: PORTS, secret: SECRET, env: { RATE_LIMIT_ORDERS_PER_MINUTE: '60000' } });

  it.runIf(postgresUrl)(
    'places 120 crossing eight-line orders with no deadlock and no oversold tool; totals equal their lines',
    async () => {
      const stock = 150;
      const tools = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          insertProduct(cluster.database.db, {
            name: `Crossing Tool ${i}`,
            description: 'C'.repeat(160),
            imageUrl: `/uploads/${'c'.repeat(64)}.webp`,
            price: 10 + i,
            available: stock,
            minOrder: 1,
          }),
        ),
      );
      const dealers = await Promise.all(Array.from({ length: 40 }, () => mintUser(cluster.database.db, SECRET)));
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, i) => {
          // Eight of the twelve tools, in a different order for every order.
          const lines = shuffled(tools, i + 1)
            .slice(0, 8)
            .map((productId, j) => ({ productId, quantity: 1 + ((i + j) % 3) }));
          const dealer = dealers[i % dealers.length];
          return http<{ insertedId?: string; error?: { code: string } }>((cluster.servers[i % 2] as ServerProcess).url, 'POST', '/api/orders', {
            auth: dealer?.auth,
            body: { lines, userAddress: '9 Cross Street, York', userPhone: '+44 1904 496000', clientOrderId: randomUUID() },
          });
        }),
      );
      const statuses = answers.map((a) => a.status);
      // Every answer is a placed order or a clean stock refusal: never a deadlock or any other 5xx.
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.error?.code === 'out_of_stock')).toBe(true);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(30);

      for (const id of tools) {
        const product = await findProduct(cluster.database.db, id);
        const reserved = await cluster.database.db.execute(sql`
          select coalesce(sum(l.quantity), 0)::int as n from order_lines l where l.product_id = ${id}`);
        const taken = (reserved as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
        expect(product?.available).toBeGreaterThanOrEqual(0);
        expect((product?.available ?? 0) + taken).toBe(stock);
      }
      const mismatched = await cluster.database.db.execute(sql`
        select o.id from orders o join order_lines l on l.order_id = o.id
         group by o.id, o.total_minor having o.total_minor <> sum(l.line_total_minor)`);
      expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
      const placed = await cluster.database.db.execute(sql`select count(*)::int as n from orders`);
      expect((placed as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(statuses.filter((s) => s === 201).length);
    },
    120_000,
  );
});
