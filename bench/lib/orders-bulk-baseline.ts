// Baseline of the bulk-order benchmark: the same work as one 20-line order, sent straight through `pg`:
// 20 conditional stock UPDATEs (in product-id order), the order INSERT and one INSERT of its 20 lines,
// in one transaction, with as many concurrent callers and the same pool size as the server.
// Usage: node --import tsx bench/lib/orders-bulk-baseline.ts <plan.json>   (prints one JSON line)

import { randomUUID } from 'node:crypto';
import { type OrdersBaselinePlan, type OrdersBaselineResult, readPlan, runOrdersBaseline } from './baseline-orders-loop';

export interface BulkBaselinePlan extends OrdersBaselinePlan {
  linesPerOrder: number;
  user: { id: string; email: string; name: string };
  products: { id: string; quantity: number }[];
}

export type BulkBaselineResult = OrdersBaselineResult;

const plan = readPlan<BulkBaselinePlan>();

function pick(): { id: string; quantity: number }[] {
  const chosen = [...plan.products].sort(() => Math.random() - 0.5).slice(0, plan.linesPerOrder);
  return chosen.sort((a, b) => (a.id < b.id ? -1 : 1));
}

await runOrdersBaseline(plan, async (client) => {
  const lines = pick();
  const priced: { id: string; quantity: number; price: number; name: string; image: string }[] = [];
  for (const line of lines) {
    const reserved = await client.query<{ price: number; name: string; image_url: string }>(
      'update products set available = available - $2 where id = $1 and available >= $2 returning price, name, image_url',
      [line.id, line.quantity],
    );
    const row = reserved.rows[0];
    if (!row) return false;
    priced.push({ ...line, price: row.price, name: row.name, image: row.image_url });
  }
  const total = priced.reduce((sum, p) => sum + p.price * p.quantity, 0);
  const order = await client.query<{ id: string }>(
    `insert into orders (user_id, user_email, user_name, user_address, user_phone, total_minor, status, client_order_id)
     values ($1, $2, $3, $4, $5, $6, 'Unpaid', $7) returning id`,
    [plan.user.id, plan.user.email, plan.user.name, '1 Bench Street, Springfield', '+1 555 0100', total, randomUUID()],
  );
  const id = order.rows[0]?.id;
  const values: unknown[] = [];
  const rows = priced.map((p, i) => {
    values.push(id, i + 1, p.id, p.name, p.image, p.price, p.quantity, p.price * p.quantity);
    const b = i * 8;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8})`;
  });
  await client.query(
    `insert into order_lines (order_id, line_no, product_id, product_name, image_url, unit_price_minor, quantity, line_total_minor) values ${rows.join(', ')}`,
    values,
  );
  return true;
});
