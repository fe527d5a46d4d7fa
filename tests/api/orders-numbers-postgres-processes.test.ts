// Order numbers across processes (docs/decisions/035-order-numbers.md): two real server processes on one
// PostgreSQL database take orders at the same moment from many dealers; every order gets a number, no
// number is given twice, and each answer carries the number the database gave its order.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { insertProduct } from '../../server/repositories/products';
import { http } from '../helpers/http';
import { mintUser } from '../helpers/minted-users';
import { usePostgresProcesses } from '../helpers/postgres-processes';
import type { ServerProcess } from '../helpers/server-process';
import '../setup/provided';

const PORTS = [3387, 3388] as const;
const SECRET = 'order-numbers-processes-secret-long-enough-for-hs256';

const postgresUrl = inject('postgresUrl');

describe('order numbers from two server processes on one PostgreSQL database', () => {
  const cluster = usePostgresProcesses({ ports: PORTS, secret: SECRET, env: { RATE_LIMIT_ORDERS_PER_MINUTE: '60000' } });

  it.runIf(postgresUrl)(
    'gives 120 orders placed at once 120 different numbers, each answered with its own order',
    async () => {
      const tool = await insertProduct(cluster.database.db, {
        name: 'Numbered Crowd Drill',
        description: 'N'.repeat(160),
        imageUrl: `/uploads/${'n'.repeat(64)}.webp`,
        price: 10,
        available: 100_000,
        minOrder: 1,
      });
      const dealers = await Promise.all(Array.from({ length: 30 }, () => mintUser(cluster.database.db, SECRET)));
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          http<{ insertedId: string; number: string }>((cluster.servers[i % 2] as ServerProcess).url, 'POST', '/api/orders', {
            auth: dealers[i % dealers.length]?.auth,
            body: {
              lines: [{ productId: tool, quantity: 1 + (i % 3) }],
              userAddress: '3 Count Lane, York',
              userPhone: '+44 1904 496001',
              clientOrderId: randomUUID(),
            },
          }),
        ),
      );
      expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([]);
      const numbers = answers.map((a) => a.body.number);
      expect(numbers.every((n) => /^O-\d{4}-\d{5,}$/u.test(n))).toBe(true);
      expect(new Set(numbers).size).toBe(120);

      const rows = await rowsOf<{ id: string; number: string }>(cluster.database.db, sql`select id, number from orders`);
      expect(rows).toHaveLength(120);
      const byId = new Map(rows.map((row) => [row.id, row.number]));
      for (const answer of answers) expect(byId.get(answer.body.insertedId)).toBe(answer.body.number);
    },
    120_000,
  );
});
