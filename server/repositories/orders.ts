// Data access for orders. Every status change is a conditional update (DESIGN section 6), so two
// requests racing on one order can never move it backwards or skip a state.

import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Order } from '../../src/contract/order';
import type { OrderStatus } from '../../src/contract/order-status';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    userName: row.userName,
    userEmail: row.userEmail,
    userAddress: row.userAddress,
    userPhone: row.userPhone,
    productId: row.productId,
    productName: row.productName,
    imageUrl: row.imageUrl,
    unitPrice: row.unitPrice,
    orderQuantity: row.quantity,
    totalPrice: row.totalPrice,
    status: row.status,
    transactionId: row.transactionId,
    clientOrderId: row.clientOrderId,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface OrderRequest {
  userId: string;
  userEmail: string;
  userName: string;
  userAddress: string;
  userPhone: string;
  productId: string;
  quantity: number;
  clientOrderId: string;
  /** The total the customer saw, when sent: the order is made only if the server's total is the same. */
  expectedTotal: number | null;
  /** The largest total one order may have. */
  maxTotal: number;
}

/**
 * Inserts the order, priced and named from the product row in the same statement, if the product exists
 * and the order keeps its rules (minimum, stock, the total the customer saw, the largest total). Returns
 * the new id and unit price, or null when a rule refuses it, the product is gone, or this user already
 * sent the clientOrderId: INSERT ... ON CONFLICT waits for a racing request with the same key to commit or
 * roll back, so exactly one of any number of racing duplicates gets an id here. Reading the product in the
 * insert spares every order a round trip (README Performance); the caller reads it only to explain a null.
 */
export async function insertOrderIfAllowed(tx: Tx, o: OrderRequest): Promise<{ id: string; unitPrice: number } | null> {
  const total = sql`p.price::bigint * ${o.quantity}::bigint`;
  const result = await tx.execute(sql`
    insert into orders (user_id, user_email, user_name, user_address, user_phone, product_id, product_name, image_url,
                        unit_price, quantity, total_price, status, client_order_id)
    select ${o.userId}::uuid, ${o.userEmail}, ${o.userName}, ${o.userAddress}, ${o.userPhone}, p.id, p.name, p.image_url,
           p.price, ${o.quantity}::int, (${total})::int, 'Unpaid', ${o.clientOrderId}::uuid
      from products p
     where p.id = ${o.productId}::uuid
       and p.min_order <= ${o.quantity}::int
       and p.available >= ${o.quantity}::int
       and ${total} <= ${o.maxTotal}::bigint
       and (${o.expectedTotal}::bigint is null or ${total} = ${o.expectedTotal}::bigint)
    on conflict (user_email, client_order_id) do nothing
    returning id, unit_price`);
  // node-postgres and PGlite both answer raw SQL with { rows }; the Tx type covers both, so it says unknown.
  const row = (result as unknown as { rows: { id: string; unit_price: number }[] }).rows[0];
  return row ? { id: row.id, unitPrice: Number(row.unit_price) } : null;
}

export async function findOrderIdByClientOrderId(tx: Tx, userEmail: string, clientOrderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userEmail, userEmail), eq(orders.clientOrderId, clientOrderId)))
    .limit(1);
  return row?.id ?? null;
}

export async function findOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

export async function listOrdersByEmail(tx: Tx, userEmail: string): Promise<Order[]> {
  const rows = await tx.select().from(orders).where(eq(orders.userEmail, userEmail)).orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
}

export interface OrderPageQuery {
  page: number;
  pageSize: number;
  status?: OrderStatus | undefined;
  q?: string | undefined;
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
}

/** One page of all orders, newest first, and how many match in total (docs/decisions/004). */
export async function listOrdersPage(tx: Tx, query: OrderPageQuery): Promise<{ items: Order[]; total: number }> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.q) {
    const pattern = likePattern(query.q);
    const match = or(ilike(orders.userEmail, pattern), ilike(orders.productName, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    tx
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    tx.select({ n: count() }).from(orders).where(where),
  ]);
  return { items: rows.map(toOrder), total: totals[0]?.n ?? 0 };
}

/** Deletes the order only while it is Unpaid; returns what was deleted, so its stock can go back. */
export async function deleteUnpaidOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx
    .delete(orders)
    .where(and(eq(orders.id, id), eq(orders.status, 'Unpaid')))
    .returning();
  return row ?? null;
}

/** Remembers the payment intent made for an Unpaid order, so a later attempt can reuse it. */
export async function setPaymentIntent(tx: Tx, id: string, intentId: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ paymentIntentId: intentId })
    .where(and(eq(orders.id, id), eq(orders.status, 'Unpaid')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Unpaid -> Paid with the processor's transaction id; false when the order was not Unpaid. */
export async function markOrderPaid(tx: Tx, id: string, transactionId: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'Paid', transactionId, paidAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, 'Unpaid')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Paid -> Shipped; false when the order was not Paid. */
export async function markOrderShipped(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'Shipped', shippedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, 'Paid')))
    .returning({ id: orders.id });
  return rows.length > 0;
}
