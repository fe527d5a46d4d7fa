// What the sandbox processor decided for each of its intents (server/payments/sandbox.ts).

import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { sandboxIntents } from '../db/schema';

export type SandboxDecision = 'authorized' | 'succeeded' | 'canceled';

/**
 * Where the sandbox keeps what became of its intents. The first decision for an intent stands, except that
 * an authorised one moves on once, to succeeded (captured) or canceled.
 */
export interface SandboxIntentStore {
  /** Records the decision unless one exists, and answers with the one that stands. */
  decide(intentId: string, decision: SandboxDecision): Promise<SandboxDecision>;
  /** Moves an authorised intent to `decision`, and answers with the one that stands. */
  settleAuthorized(intentId: string, decision: 'succeeded' | 'canceled'): Promise<SandboxDecision | null>;
  find(intentId: string): Promise<SandboxDecision | null>;
}

export function sandboxIntentStore(db: Tx): SandboxIntentStore {
  async function find(intentId: string): Promise<SandboxDecision | null> {
    const [row] = await db.select({ status: sandboxIntents.status }).from(sandboxIntents).where(eq(sandboxIntents.intentId, intentId)).limit(1);
    return row?.status ?? null;
  }
  return {
    find,
    async decide(intentId, decision) {
      // ON CONFLICT waits for a racing decision to commit, so exactly one of a payment and a cancel wins.
      const inserted = await db
        .insert(sandboxIntents)
        .values({ intentId, status: decision })
        .onConflictDoNothing()
        .returning({ status: sandboxIntents.status });
      return inserted[0]?.status ?? (await find(intentId)) ?? decision;
    },
    async settleAuthorized(intentId, decision) {
      // Conditional: of a capture and a cancel racing, the first to commit wins and the other reads it.
      const moved = await db
        .update(sandboxIntents)
        .set({ status: decision, decidedAt: new Date() })
        .where(and(eq(sandboxIntents.intentId, intentId), eq(sandboxIntents.status, 'authorized')))
        .returning({ status: sandboxIntents.status });
      return moved[0]?.status ?? (await find(intentId));
    },
  };
}
