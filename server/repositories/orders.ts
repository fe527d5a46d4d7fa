// Data access for orders. Every status change is a conditional update (docs/architecture.md, "Orders and
// stock"), so two requests racing on one order can never move it backwards or skip a state. Orders belong
// to a user id: the e-mail on an order is a snapshot for the records, never a key.

import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Order, OrderLine } from '../../src/contract/order';
import type { OrderStatus } from '../../src/contract/order-status';
import type { Tx } from '../db/client';
import { orderLines, orders, products } from '../db/schema';
import { productColumns, type ProductRow } from './products';

export type OrderRow = typeof orders.$inferSelect;

/**
 * The wire shape. `heldFor` is how long an unpaid order keeps its stock (UNPAID_ORDER_TTL_HOURS): an
 * unpaid order says until when, so the dealer knows how long there is to pay.
 */
export function toOrder(row: OrderRow, heldFor: number | null = null, lines: OrderLine[] = []): Order {
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
    heldUntil: row.status === 'Unpaid' && row.holdsStock && heldFor !== null ? new Date(row.createdAt.getTime() + heldFor).toISOString() : null,
    holdsStock: row.holdsStock,
    lines,
    invoiceNo: invoiceNoOf(row),
  };
}

/** `2026-00042`: the year the order was paid and its number in that year. */
export function invoiceNoOf(row: Pick<OrderRow, 'invoiceYear' | 'invoiceSeq'>): string | null {
  if (row.invoiceYear === null || row.invoiceSeq === null) return null;
  return `${row.invoiceYear}-${String(row.invoiceSeq).padStart(5, '0')}`;
}

type LineRecord = typeof orderLines.$inferSelect;

function toLine(row: LineRecord): OrderLine {
  return {
    productId: row.productId,
    productName: row.productName,
    sku: row.sku,
    imageUrl: row.imageUrl,
    unitPrice: row.unitPrice,
    quantity: row.quantity,
    lineTotal: row.lineTotal,
  };
}

/** The lines of these orders, in line order, one query for all of them. */
export async function linesOf(tx: Tx, orderIds: string[]): Promise<Map<string, OrderLine[]>> {
  const byOrder = new Map<string, OrderLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await tx.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(toLine(row));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** Orders in their wire shape, lines included. */
export async function withLines(tx: Tx, rows: OrderRow[], heldFor: number | null): Promise<Order[]> {
  const lines = await linesOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrder(row, heldFor, lines.get(row.id) ?? []));
}

/** What the placing user's row says, read under a lock on it (see lockUserForOrder). */
export interface PlacingUser {
  /** Pieces the user holds in unpaid orders, kept by a trigger on orders (migration 0010, decision 022). */
  held: number;
  /** The shop trusts the user to hold stock unpaid (docs/decisions/027). */
  trusted: boolean;
  /** As the user's row says now: the sign-in that made the access token may be older. */
  emailVerified: boolean;
  /** The order this user already placed with the clientOrderId, if any. */
  existing: string | null;
}

/**
 * Locks the user's row until the transaction ends and reads what placing an order needs from it: the
 * pieces held unpaid and an earlier order with this clientOrderId. One user's orders are placed one after
 * another, so a repeated request finds the first one committed, and two orders cannot both slip under
 * the unpaid cap (docs/decisions/011-unpaid-orders-expire.md).
 */
export async function lockUserForOrder(tx: Tx, userId: string, clientOrderId: string): Promise<PlacingUser> {
  // The lock first, on its own: a statement that waited for the lock still reads with the snapshot it
  // started with, so reading in the same statement would miss an order committed while it waited.
  await tx.execute(sql`select 1 from users where id = ${userId}::uuid for update`);
  const result = await tx.execute(sql`
    select u.unpaid_units as held, u.trusted_at is not null as trusted, u.email_verified as verified,
           (select o.id from orders o where o.user_id = u.id and o.client_order_id = ${clientOrderId}::uuid) as existing
      from users u where u.id = ${userId}::uuid`);
  const row = (result as unknown as { rows: { held: number; trusted: boolean; verified: boolean; existing: string | null }[] }).rows[0];
  return { held: Number(row?.held ?? 0), trusted: row?.trusted === true, emailVerified: row?.verified === true, existing: row?.existing ?? null };
}

/**
 * Locks the products of an order in id order, so two orders that share tools never wait on each other
 * crosswise (no deadlock, whatever order their lines are in), and returns them as they are now.
 */
export async function lockProducts(tx: Tx, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return tx.select(productColumns).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
}

export interface NewOrder {
  userId: string;
  userEmail: string;
  userName: string;
  userAddress: string;
  userPhone: string;
  clientOrderId: string;
  totalPrice: number;
  lines: { productId: string; productName: string; imageUrl: string; unitPrice: number; quantity: number }[];
  /** Takes the pieces off the shelf now; false for an account not trusted to hold stock (docs/decisions/027). */
  holdsStock: boolean;
  /** Puts the dealer's "we have your order" mail in the queue: only for a verified address (docs/decisions/026). */
  tellDealer: boolean;
}

/**
 * Inserts the order, its lines and (when it holds stock) takes their pieces off the stock, in one
 * statement. The caller holds the products' locks and has checked every rule, so the stock cannot go below
 * zero here (and the table's CHECK would refuse it if it did).
 */
export async function insertOrderWithLines(tx: Tx, order: NewOrder): Promise<string> {
  const [first] = order.lines;
  if (!first) throw new Error('an order needs a line');
  const pieces = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const lineValues = sql.join(
    order.lines.map(
      (line, i) =>
        sql`(${i + 1}::int, ${line.productId}::uuid, ${line.productName}, ${line.imageUrl}, ${line.unitPrice}::int, ${line.quantity}::int, ${line.unitPrice * line.quantity}::int)`,
    ),
    sql`, `,
  );
  const stockValues = sql.join(
    order.lines.map((line) => sql`(${line.productId}::uuid, ${line.quantity}::int)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with placed as (
      insert into orders (user_id, user_email, user_name, user_address, user_phone, product_id, product_name, image_url,
                          unit_price, quantity, total_price, status, client_order_id, holds_stock)
      values (${order.userId}::uuid, ${order.userEmail}, ${order.userName}, ${order.userAddress}, ${order.userPhone},
              ${first.productId}::uuid, ${first.productName}, ${first.imageUrl}, ${first.unitPrice}::int, ${pieces}::int,
              ${order.totalPrice}::int, 'Unpaid', ${order.clientOrderId}::uuid, ${order.holdsStock})
      returning id
    ), lines as (
      insert into order_lines (order_id, line_no, product_id, product_name, sku, image_url, unit_price, quantity, line_total)
      select placed.id, v.line_no, v.product_id, v.product_name, (select p.sku from products p where p.id = v.product_id),
             v.image_url, v.unit_price, v.quantity, v.line_total
        from placed cross join (values ${lineValues}) as v(line_no, product_id, product_name, image_url, unit_price, quantity, line_total)
    ), taken as (
      update products set available = products.available - s.quantity
        from (values ${stockValues}) as s(product_id, quantity)
       where products.id = s.product_id and ${order.holdsStock}
    ), told as (
      -- The dealer hears of the order from the mail queue (docs/decisions/013-invoices-and-mail-queue.md).
      insert into mail_queue (kind, order_id, recipient) select 'order_placed', placed.id, ${order.userEmail} from placed where ${order.tellDealer}
    )
    select id from placed`);
  const row = (result as unknown as { rows: { id: string }[] }).rows[0];
  if (!row) throw new Error('order insert returned no row');
  return row.id;
}

/** Puts pieces back on the shelf, locking the products in id order first (see lockProducts). */
export async function returnPieces(tx: Tx, pieces: { productId: string | null; quantity: number }[]): Promise<void> {
  const perProduct = new Map<string, number>();
  for (const piece of pieces) if (piece.productId) perProduct.set(piece.productId, (perProduct.get(piece.productId) ?? 0) + piece.quantity);
  if (perProduct.size === 0) return;
  const ids = [...perProduct.keys()].sort();
  await lockProducts(tx, ids);
  const values = sql.join(
    ids.map((id) => sql`(${id}::uuid, ${perProduct.get(id) ?? 0}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update products set available = products.available + s.quantity
      from (values ${values}) as s(product_id, quantity)
     where products.id = s.product_id`);
}

/** The pieces of these orders' lines, for giving them back. */
export async function piecesOf(tx: Tx, orderIds: string[]): Promise<{ productId: string | null; quantity: number }[]> {
  if (orderIds.length === 0) return [];
  return tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines).where(inArray(orderLines.orderId, orderIds));
}

export async function findOrderIdByClientOrderId(tx: Tx, userId: string, clientOrderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, clientOrderId)))
    .limit(1);
  return row?.id ?? null;
}

export async function findOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

export async function listOrdersByUser(tx: Tx, userId: string, heldFor: number | null = null): Promise<Order[]> {
  const rows = await tx.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return withLines(tx, rows, heldFor);
}

/** The user's unpaid orders that have a payment started at the processor. */
export async function listUnpaidWithPaymentByUser(tx: Tx, userId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'Unpaid'), isNotNull(orders.paymentIntentId)));
}

/** Unpaid orders placed before the cutoff, oldest first: the ones whose hold on the stock has run out. */
export async function listExpiredUnpaid(tx: Tx, placedBefore: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'Unpaid'), lt(orders.createdAt, placedBefore)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

export interface OrderPageQuery {
  page: number;
  pageSize: number;
  status?: OrderStatus | undefined;
  q?: string | undefined;
  heldFor?: number | null;
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
    // Any line's tool matches, not only the first one the order row names.
    const anyLine = sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.productName} ilike ${pattern})`;
    const match = or(ilike(orders.userEmail, pattern), ilike(orders.productName, pattern), anyLine);
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
  return { items: await withLines(tx, rows, query.heldFor ?? null), total: totals[0]?.n ?? 0 };
}

/**
 * Deletes the order only while it is Unpaid (and, for the expiry job, only if placed before the cutoff);
 * returns what was deleted, so its stock can go back.
 */
export async function deleteUnpaidOrder(tx: Tx, id: string, placedBefore?: Date): Promise<OrderRow | null> {
  const [row] = await tx
    .delete(orders)
    .where(and(eq(orders.id, id), eq(orders.status, 'Unpaid'), placedBefore ? lt(orders.createdAt, placedBefore) : undefined))
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

/**
 * Unpaid -> Paid with the processor's transaction id; false when the order was not Unpaid. One statement
 * does everything paying means, so every path that pays an order (the payment page, the webhook, the
 * processor asked before a deletion) does all of it (docs/decisions/013-invoices-and-mail-queue.md):
 * - the order's row is locked first, so of two payments racing only one goes on;
 * - the invoice number is the year's counter plus one, its row locked until the transaction ends: a
 *   rolled-back payment gives its number back, so the numbers of a year have no gaps and never repeat;
 * - the dealer's confirmation (to a verified address only, docs/decisions/026) and the admins' notices go
 *   into the mail queue;
 * - the account is trusted to hold stock from its first payment on (docs/decisions/027).
 */
export async function markOrderPaid(tx: Tx, id: string, transactionId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    with target as (
      select id from orders where id = ${id}::uuid and status = 'Unpaid' for update
    ), numbered as (
      insert into invoice_counters as c (year, last_no)
      select extract(year from now() at time zone 'UTC')::int, 1 from target
      on conflict (year) do update set last_no = c.last_no + 1
      returning year, last_no
    ), paid as (
      update orders set status = 'Paid', transaction_id = ${transactionId}, paid_at = now(),
                        invoice_year = numbered.year, invoice_seq = numbered.last_no
        from numbered
       where orders.id = ${id}::uuid and orders.status = 'Unpaid'
      returning orders.id, orders.user_email, orders.user_id
    ), trusted as (
      update users set trusted_at = now() where id = (select user_id from paid) and trusted_at is null
    ), dealer as (
      insert into mail_queue (kind, order_id, recipient)
      select 'order_paid', paid.id, paid.user_email from paid join users u on u.id = paid.user_id and u.email = paid.user_email and u.email_verified
      on conflict do nothing
    ), admins as (
      insert into mail_queue (kind, order_id, recipient)
      select 'order_paid_admin', paid.id, u.email from paid cross join users u where u.role = 'admin' and u.notify_paid_orders and u.email_verified
      on conflict do nothing
    )
    select id from paid`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Paid -> Shipped, and the dealer's shipping notice into the mail queue (to a verified address only,
 * docs/decisions/026); false when the order was not Paid.
 */
export async function markOrderShipped(tx: Tx, id: string): Promise<boolean> {
  const result = await tx.execute(sql`
    with shipped as (
      update orders set status = 'Shipped', shipped_at = now() where id = ${id}::uuid and status = 'Paid'
      returning id, user_email, user_id
    ), told as (
      insert into mail_queue (kind, order_id, recipient)
      select 'order_shipped', shipped.id, shipped.user_email from shipped join users u on u.id = shipped.user_id and u.email = shipped.user_email and u.email_verified
      on conflict do nothing
    )
    select id from shipped`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** What taking an order's pieces for its payment came to (see takeStockForPayment). */
export type StockForPayment =
  { outcome: 'taken' | 'held' } | { outcome: 'not_unpaid' } | { outcome: 'short'; short: { productName: string; wanted: number; available: number }[] };

/**
 * For an order that holds no stock yet (docs/decisions/027): locks the order, then its products in id
 * order, and takes every line's pieces if all of them are there, all or nothing. 'held' when the order
 * already holds its pieces (taken by an earlier try, or placed by a trusted account).
 */
export async function takeStockForPayment(tx: Tx, orderId: string): Promise<StockForPayment> {
  const [order] = await tx.select({ status: orders.status, holdsStock: orders.holdsStock }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || order.status !== 'Unpaid') return { outcome: 'not_unpaid' };
  if (order.holdsStock) return { outcome: 'held' };
  const lines = await tx
    .select({ productId: orderLines.productId, productName: orderLines.productName, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const wanted = new Map<string, { productName: string; quantity: number }>();
  const gone: { productName: string; wanted: number; available: number }[] = [];
  for (const line of lines) {
    // A tool deleted since the order was placed cannot be delivered.
    if (!line.productId) {
      gone.push({ productName: line.productName, wanted: line.quantity, available: 0 });
      continue;
    }
    const sum = wanted.get(line.productId);
    wanted.set(line.productId, { productName: line.productName, quantity: (sum?.quantity ?? 0) + line.quantity });
  }
  const rows = await lockProducts(tx, [...wanted.keys()].sort());
  const available = new Map(rows.map((row) => [row.id, row.available]));
  const short = [
    ...gone,
    ...[...wanted].flatMap(([productId, want]) => {
      const have = available.get(productId) ?? 0;
      return have < want.quantity ? [{ productName: want.productName, wanted: want.quantity, available: have }] : [];
    }),
  ];
  if (short.length > 0) return { outcome: 'short', short };
  const values = sql.join(
    [...wanted].map(([productId, want]) => sql`(${productId}::uuid, ${want.quantity}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update products set available = products.available - s.quantity
      from (values ${values}) as s(product_id, quantity)
     where products.id = s.product_id`);
  await tx.update(orders).set({ holdsStock: true }).where(eq(orders.id, orderId));
  return { outcome: 'taken' };
}
