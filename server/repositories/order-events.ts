// The orders' change notifications (migration 0007: a trigger on orders sends them on commit) and the one
// figure the live stream carries with each. Read by server/lib/live-orders.ts, and by the dealers' stream
// (server/lib/dealer-live-orders.ts) with who sees each order.

import { count, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { OrderChangeSchema, type OrderChange } from '../../src/contract/live-orders';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';
import { findOrderSeenBy } from './orders';

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

/**
 * Which of these accounts see the order now, by the one rule of who sees an order (dealerSeesOrder): for the
 * dealers' live orders. A deleted order is seen by none.
 */
export async function usersWhoSeeOrder(tx: Tx, orderId: string, userIds: string[]): Promise<Set<string>> {
  const seen = await Promise.all(userIds.map(async (userId) => ((await findOrderSeenBy(tx, orderId, userId)) ? userId : null)));
  return new Set(seen.filter((userId): userId is string => userId !== null));
}
