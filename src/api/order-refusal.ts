// What a refused order says (a 409 of POST /api/orders): the lines the server refused, each with its reason
// and the tool as it is now, so the screen can show the current price and stock beside each line
// (docs/architecture.md, "Orders and stock"). The purchase page, the order pad and the outbox read refusals here.

import * as v from 'valibot';
import { OrderConflictDetailsSchema, type OrderLineProblem } from '../contract/order';
import { ApiError } from './errors';

export interface OrderRefusal {
  /** The first refused line's code ('conflict' when that tool is gone from the catalogue). */
  code: string;
  message: string;
  /** Every refused line, in the order's order; never empty. */
  lines: OrderLineProblem[];
}

/** The refusal of an order, line by line; null for any other error (another 409 such as unpaid_limit included). */
export function orderRefusal(error: unknown): OrderRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = v.safeParse(OrderConflictDetailsSchema, error.details);
  const lines = details.success ? (details.output.lines ?? []) : [];
  return lines.length > 0 ? { code: error.code, message: error.message, lines } : null;
}

/**
 * The refusal in the dealer's words: for an order of one tool, that tool's reason ("Only 20 pcs. are in
 * stock."); for several, the server's message, which names every refused tool.
 */
export function refusalMessage(refusal: OrderRefusal, orderLines: number): string {
  const [only] = refusal.lines;
  return orderLines === 1 && only ? only.message : refusal.message;
}
