// Payment provider events already applied: a webhook delivered twice is applied once (docs/architecture.md, "Payments").

import type { Tx } from '../db/client';
import { paymentEvents } from '../db/schema';

export interface PaymentEvent {
  eventId: string;
  type: string;
  orderId: string | null;
}

/** Records the event; false when it was recorded before (a replay or a retried delivery). */
export async function recordPaymentEvent(tx: Tx, event: PaymentEvent): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: paymentEvents.eventId })
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}
