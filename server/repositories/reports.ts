// The admin's figures: one query each, computed by the database (docs/architecture.md, "Data model").

import { desc, sql, type SQL } from 'drizzle-orm';
import type { PaymentTerms } from '../../src/contract/account-terms';
import { CURRENCY_DIGITS, type CurrencyCode } from '../../src/contract/money';
import type { SalesSummary } from '../../src/contract/reports';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { orders } from '../db/schema';
import { currencyOf, orderSearchWhere, type OrderSearch } from './orders';

/**
 * An order's amount in US dollars, as a numeric of the database: minor units of its currency at the rate
 * of the price list it was priced with (docs/decisions/045-price-lists-and-money.md). Revenue adds orders
 * of every currency up this way; the list price's own orders are their cents over 100.
 */
function inDollars(minor: SQL, alias: string): SQL {
  const divisors = Object.entries(CURRENCY_DIGITS)
    .filter(([, digits]) => digits !== 2)
    .map(([code, digits]) => `when '${code}' then ${10 ** digits}`)
    .join(' ');
  const divisor = sql.raw(`(case ${alias}.currency ${divisors} else 100 end)`);
  return sql`(${minor}::numeric * 1000000 / (${sql.raw(`${alias}.rate_micros`)} * ${divisor}))`;
}

/**
 * Sales are counted net of tax (docs/decisions/046-tax-per-ship-to-location.md): the tax in an order's gross
 * is owed to the tax office, not earned, and the net is what the order's lines add up to, so the revenue of
 * a day and of its top tools count the same money.
 */
export async function salesSummary(tx: Tx, now: Date): Promise<SalesSummary> {
  const total = inDollars(sql.raw('(orders.total_minor - orders.tax_minor)'), 'orders');
  const totalOf = inDollars(sql.raw('(o.total_minor - o.tax_minor)'), 'o');
  const lineTotal = inDollars(sql.raw('l.line_total_minor'), 'o');
  const at = now.toISOString();
  const [toShip, revenue, daily, top] = await Promise.all([
    // Waiting to be shipped: paid by card, or confirmed on account (docs/decisions/044-orders-on-account.md).
    rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from orders where status in ('Paid', 'Confirmed')`),
    rowsOf<{ today: string | number; week: string | number; month: string | number }>(
      tx,
      sql`
      select round(coalesce(sum(${total}) filter (where paid_at >= date_trunc('day', ${at}::timestamptz at time zone 'UTC') at time zone 'UTC'), 0))::bigint as today,
             round(coalesce(sum(${total}) filter (where paid_at >= ${at}::timestamptz - interval '7 days'), 0))::bigint as week,
             round(coalesce(sum(${total}) filter (where paid_at >= ${at}::timestamptz - interval '30 days'), 0))::bigint as month
        from orders where status in ('Paid', 'Shipped') and paid_at <= ${at}::timestamptz`,
    ),
    rowsOf<{ date: string; revenue: string | number; orders: number }>(
      tx,
      sql`
      select to_char(d.day, 'YYYY-MM-DD') as date, round(coalesce(sum(${totalOf}), 0))::bigint as revenue, count(o.id)::int as orders
        from generate_series(date_trunc('day', ${at}::timestamptz at time zone 'UTC') - interval '29 days',
                             date_trunc('day', ${at}::timestamptz at time zone 'UTC'), interval '1 day') as d(day)
        left join orders o on o.status in ('Paid', 'Shipped') and o.paid_at <= ${at}::timestamptz
             and (o.paid_at at time zone 'UTC') >= d.day and (o.paid_at at time zone 'UTC') < d.day + interval '1 day'
       group by d.day order by d.day`,
    ),
    rowsOf<{ product_id: string | null; name: string; units: string | number; revenue: string | number }>(
      tx,
      sql`
      select l.product_id, min(l.product_name) as name, sum(l.quantity)::bigint as units, round(sum(${lineTotal}))::bigint as revenue
        from order_lines l join orders o on o.id = l.order_id
       where o.status in ('Paid', 'Shipped') and o.paid_at >= ${at}::timestamptz - interval '30 days' and o.paid_at <= ${at}::timestamptz
       group by l.product_id order by units desc, name limit 5`,
    ),
  ]);
  const r = revenue[0];
  return {
    toShip: Number(toShip[0]?.n ?? 0),
    revenue: { today: Number(r?.today ?? 0), week: Number(r?.week ?? 0), month: Number(r?.month ?? 0) },
    daily: daily.map((d) => ({
      date: d.date,
      revenue: Number(d.revenue),
      orders: Number(d.orders),
    })),
    topTools: top.map((t) => ({
      productId: t.product_id,
      name: t.name,
      units: Number(t.units),
      revenue: Number(t.revenue),
    })),
  };
}

export interface ExportRow {
  id: string;
  number: string;
  createdAt: Date;
  userName: string;
  userEmail: string;
  userAddress: string;
  userPhone: string;
  tools: string;
  pieces: number;
  /** Minor units of `currency`: the gross. */
  totalMinor: number;
  /** The tax in `totalMinor`, in minor units of `currency`. */
  taxMinor: number;
  currency: CurrencyCode;
  /** Its price list's rate then (millionths of `currency` per US dollar). */
  rateMicros: number;
  status: string;
  transactionId: string | null;
  shippedAt: Date | null;
  carrier: string | null;
  trackingNumber: string | null;
  poNumber: string | null;
  paymentTerms: PaymentTerms;
  /** An order on account that shipped: when its invoice is due. */
  dueAt: Date | null;
  /** When it was paid: by card, or an invoice on account when it was settled. */
  paidAt: Date | null;
  /** On account: the deposit paid by card before it ships, in minor units of `currency` (0: none), and when it was paid. */
  depositMinor: number;
  depositPaidAt: Date | null;
}

/**
 * Every order matching the Manage Orders search (orderSearchWhere), newest first,
 * with its tools in one cell ("Drill x 50; Saw x 5").
 */
export async function ordersForExport(tx: Tx, search: OrderSearch, limit: number): Promise<ExportRow[]> {
  const rows = await tx
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      userName: orders.userName,
      userEmail: orders.userEmail,
      userAddress: orders.userAddress,
      userPhone: orders.userPhone,
      totalMinor: orders.totalMinor,
      taxMinor: orders.taxMinor,
      currency: orders.currency,
      rateMicros: orders.rateMicros,
      status: orders.status,
      transactionId: orders.transactionId,
      shippedAt: orders.shippedAt,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      poNumber: orders.poNumber,
      paymentTerms: orders.paymentTerms,
      dueAt: orders.dueAt,
      paidAt: orders.paidAt,
      depositMinor: orders.depositMinor,
      depositPaidAt: orders.depositPaidAt,
      tools: sql<
        string | null
      >`(select string_agg(l.product_name || ' x ' || l.quantity, '; ' order by l.line_no) from order_lines l where l.order_id = ${orders.id})`,
      pieces: sql<number>`(select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = ${orders.id})::int`,
    })
    .from(orders)
    .where(orderSearchWhere(search))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    totalMinor: Number(r.totalMinor),
    taxMinor: Number(r.taxMinor),
    depositMinor: Number(r.depositMinor),
    currency: currencyOf(r),
    tools: r.tools ?? '',
    pieces: Number(r.pieces),
  }));
}
