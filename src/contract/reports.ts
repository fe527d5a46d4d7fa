// Admin reports: sales at a glance (GET /api/admin/sales) and the orders export (GET /api/orders/export).

import * as v from 'valibot';

export const SalesSummarySchema = v.object({
  /** Orders waiting to be shipped: paid by card or confirmed on account. */
  toShip: v.number(),
  /** Revenue of paid and shipped orders by the day they were paid (UTC): today, the last 7 and 30 days. */
  revenue: v.object({ today: v.number(), week: v.number(), month: v.number() }),
  /** The last 30 days, oldest first, every day present (0 when nothing was paid). */
  daily: v.array(v.object({ date: v.string(), revenue: v.number(), orders: v.number() })),
  /** The tools sold most, by pieces, over the last 30 days. */
  topTools: v.array(v.object({ productId: v.nullable(v.string()), name: v.string(), units: v.number(), revenue: v.number() })),
});
export type SalesSummary = v.InferOutput<typeof SalesSummarySchema>;

/** The columns of the orders export, in order. */
export const ORDER_EXPORT_COLUMNS = [
  'Order',
  'Placed (UTC)',
  'Customer',
  'E-mail',
  'Address',
  'Phone',
  'Tools',
  'Pieces',
  'Total (USD)',
  'Status',
  'Transaction',
  'Shipped (UTC)',
  'Carrier',
  'Tracking number',
  'Order id',
] as const;
