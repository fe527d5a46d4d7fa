// Baseline of the order benchmark: the same stock UPDATE and order and line INSERTs the API runs,
// sent straight through `pg` with as many concurrent callers and the same pool size as the server.
// Usage: node --import tsx bench/lib/orders-baseline.ts <plan.json>   (prints one JSON line)

import { randomUUID } from 'node:crypto';
import { type OrdersBaselinePlan, type OrdersBaselineResult, readPlan, runOrdersBaseline } from './baseline-orders-loop';

export interface BaselinePlan extends OrdersBaselinePlan {
  user: { id: string; email: string; name: string };
  products: { id: string; quantity: number }[];
}

export type BaselineResult = OrdersBaselineResult;

const plan = readPlan<BaselinePlan>();

await runOrdersBaseline(plan, async (client) => {
  const product = plan.products[Math.floor(Math.random() * plan.products.length)];
  if (!product) throw new Error('no products in the plan');
  const reserved = await client.query<{ price: number; name: string; image_url: string }>(
    'update products set available = available - $2 where id = $1 and available >= $2 returning price, name, image_url',
    [product.id, product.quantity],
  );
  const row = reserved.rows[0];
  if (!row) return false;
  const order = await client.query<{ id: string }>(
    `insert into orders (user_id, user_email, user_name, user_address, user_phone, total_minor, status, client_order_id)
     values ($1, $2, $3, $4, $5, $6, 'Unpaid', $7) returning id`,
    [plan.user.id, plan.user.email, plan.user.name, '1 Bench Street, Springfield', '+1 555 0100', row.price * product.quantity, randomUUID()],
  );
  await client.query(
    `insert into order_lines (order_id, line_no, product_id, product_name, image_url, unit_price_minor, quantity, line_total_minor)
     values ($1, 1, $2, $3, $4, $5, $6, $7)`,
    [order.rows[0]?.id, product.id, row.name, row.image_url, row.price, product.quantity, row.price * product.quantity],
  );
  return true;
});
