// Baseline of the order benchmark: the same stock UPDATE and order INSERT transaction the API runs,
// sent straight through `pg` with as many concurrent callers and the same pool size as the server.
// Usage: node --import tsx bench/lib/orders-baseline.ts <plan.json>   (prints one JSON line)

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';

export interface BaselinePlan {
  databaseUrl: string;
  seconds: number;
  concurrency: number;
  poolSize: number;
  user: { id: string; email: string; name: string };
  products: { id: string; quantity: number }[];
}

export interface BaselineResult {
  orders: number;
  refused: number;
  seconds: number;
}

const plan = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as BaselinePlan;
const pool = new pg.Pool({ connectionString: plan.databaseUrl, max: plan.poolSize });

async function placeOne(): Promise<boolean> {
  const product = plan.products[Math.floor(Math.random() * plan.products.length)];
  if (!product) throw new Error('no products in the plan');
  const client = await pool.connect();
  try {
    await client.query('begin');
    const reserved = await client.query<{ price: number; name: string; image_url: string }>(
      'update products set available = available - $2 where id = $1 and available >= $2 returning price, name, image_url',
      [product.id, product.quantity],
    );
    const row = reserved.rows[0];
    if (!row) {
      await client.query('rollback');
      return false;
    }
    await client.query(
      `insert into orders (user_id, user_email, user_name, user_address, user_phone, product_id, product_name, image_url,
         unit_price, quantity, total_price, status, client_order_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Unpaid', $12) returning id`,
      [plan.user.id, plan.user.email, plan.user.name, '1 Bench Street, Springfield', '+1 555 0100', product.id, row.name, row.image_url, row.price, product.quantity, row.price * product.quantity, randomUUID()],
    );
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const started = performance.now();
const deadline = started + plan.seconds * 1000;
let orders = 0;
let refused = 0;
await Promise.all(
  Array.from({ length: plan.concurrency }, async () => {
    while (performance.now() < deadline) {
      if (await placeOne()) orders += 1;
      else refused += 1;
    }
  }),
);
const result: BaselineResult = { orders, refused, seconds: (performance.now() - started) / 1000 };
process.stdout.write(`${JSON.stringify(result)}\n`);
await pool.end();
