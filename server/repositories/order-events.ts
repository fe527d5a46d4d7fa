// The orders' change notifications (migration 0007: a trigger on orders sends them on commit) and the one
// figure the live stream carries with each. Read by server/lib/live-orders.ts.

import { count, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { OrderChangeSchema, type OrderChange } from '../../src/contract/live-orders';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';

export const ORDERS_CHANNEL = 'orders_changed';

/** The trigger's payload, or null for anything else on the channel. */
export function parseOrderChange(payload: string): OrderChange | null {
  try {
    const parsed = v.safeParse(OrderChangeSchema, JSON.parse(payload));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * Orders waiting to ship, paid by card or confirmed on account (the sales figures' "to ship" counts the same):
 * an index-only count over `orders_status_idx`.
 */
export async function countPaidOrders(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(inArray(orders.status, ['Paid', 'Confirmed']));
  return row?.n ?? 0;
}
