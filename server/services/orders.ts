// Placing, deleting and expiring orders: the rules that span the orders and products repositories and the
// payment processor (docs/architecture.md, "Orders and stock"). Routes and the background job call it;
// it is built once per app from its dependencies, so tests can give it another processor or clock.

import type { FastifyBaseLogger } from 'fastify';
import { MAX_ORDER_TOTAL } from '../../src/contract/constants';
import type { CreateBulkOrderBody, CreateOrderBody, OrderLineInput, OrderLineProblem } from '../../src/contract/order';
import { lineProblem, orderTotal, unitPriceFor } from '../../src/contract/pricing';
import type { AuthUser } from '../auth/guards';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { AppError, invalid, notFound } from '../errors';
import {
  intentAuthorisesFor,
  intentPaysFor,
  PaymentLookupError,
  PaymentProviderError,
  whyNotPaying,
  type PaymentProvider,
  type RetrievedIntent,
} from '../payments/provider';
import {
  deleteUnpaidOrder,
  findOrder,
  insertOrderWithLines,
  listExpiredUnpaid,
  listUnpaidWithPaymentByUser,
  lockProducts,
  lockUserForOrder,
  markOrderPaid,
  piecesOf,
  returnPieces,
  takeStockForPayment,
  type OrderRow,
} from '../repositories/orders';
import { toProduct, type ProductRow } from '../repositories/products';

/** One order as the service takes it: the spec's one-tool body becomes an order with one line. */
export interface PlaceRequest {
  lines: OrderLineInput[];
  userAddress: string;
  userPhone: string;
  clientOrderId: string;
  /** The total the dealer saw, when sent: the order is made only if the server's total is the same. */
  totalPrice?: number | undefined;
}

export function fromSpecBody(body: CreateOrderBody): PlaceRequest {
  return {
    lines: [{ productId: body.productId, quantity: body.orderQuantity }],
    userAddress: body.userAddress,
    userPhone: body.userPhone,
    clientOrderId: body.clientOrderId,
    totalPrice: body.totalPrice,
  };
}

export function fromBulkBody(body: CreateBulkOrderBody): PlaceRequest {
  return { lines: body.lines, userAddress: body.userAddress, userPhone: body.userPhone, clientOrderId: body.clientOrderId, totalPrice: body.totalPrice };
}

function termsOf(row: ProductRow) {
  return {
    price: row.price,
    availableQnt: row.available,
    minOrderQnt: row.minOrder,
    maxOrderQnt: row.maxOrder,
    packSize: row.packSize,
    priceTiers: row.priceTiers,
  };
}

/** Every line's problem, in the order of the lines; empty when the order can be placed as it is. */
function checkLines(lines: OrderLineInput[], byId: Map<string, ProductRow>): OrderLineProblem[] {
  const problems: OrderLineProblem[] = [];
  for (const line of lines) {
    const row = byId.get(line.productId);
    if (!row) {
      problems.push({ productId: line.productId, code: 'not_found', message: 'This tool is no longer in the catalogue.' });
      continue;
    }
    const product = toProduct(row);
    const unitPrice = unitPriceFor(termsOf(row), line.quantity);
    if (line.unitPrice !== undefined && line.unitPrice !== unitPrice) {
      problems.push({
        productId: line.productId,
        code: 'price_changed',
        message: `The price has changed: ${line.quantity} pcs. now cost $${unitPrice} each.`,
        product,
      });
      continue;
    }
    const problem = lineProblem(termsOf(row), line.quantity);
    if (problem) problems.push({ productId: line.productId, ...problem, product });
  }
  return problems;
}

/** A refused bulk order: the first line's reason is the code, every line is in the details. */
function bulkConflict(problems: OrderLineProblem[], byId: Map<string, ProductRow>): AppError {
  const [first] = problems;
  const code = first?.code === 'not_found' || first === undefined ? 'conflict' : first.code;
  const named = problems.map((p) => `${byId.get(p.productId)?.name ?? 'A tool'}: ${p.message}`);
  const lead = problems.length === 1 ? 'One line cannot be ordered as it is.' : `${problems.length} lines cannot be ordered as they are.`;
  return new AppError(code, `${lead} ${named.join(' ')}`, { lines: problems });
}

export interface OrderService {
  /**
   * Creates the order with all its lines, stock reserved for every line in one transaction, all or
   * nothing; or returns the id of the one already placed with this clientOrderId. `spec` answers a
   * refusal in the spec's one-tool shape, `bulk` names every failing line.
   */
  place(user: AuthUser, request: PlaceRequest, shape: 'spec' | 'bulk'): Promise<{ id: string; created: boolean }>;
  /**
   * Deletes an Unpaid order and returns its stock. An order whose payment went through at the processor
   * is marked Paid instead (409), so nobody is charged for an order that is gone.
   */
  remove(id: string, mayDelete: (order: OrderRow) => boolean): Promise<number>;
  /** Releases the stock of unpaid orders placed more than UNPAID_ORDER_TTL_HOURS before `now`. */
  expireUnpaid(now?: Date): Promise<{ expired: number; paid: number; skipped: number }>;
  /**
   * Before a user is deleted with their unpaid orders: every such order whose payment went through is
   * marked Paid (and so kept), every other payment is cancelled at the processor.
   */
  settleUnpaidOf(userId: string): Promise<void>;
  /**
   * Pays the order with the processor's intent, taking its stock first if it holds none (an authorised
   * intent is charged only then); true when this call marked it Paid. Throws `payment_failed` for an intent
   * that does not pay for this order, `out_of_stock` when its pieces are gone (the card is not charged).
   */
  payWith(order: OrderRow, intent: RetrievedIntent): Promise<boolean>;
  /** How long an unpaid order holds its stock, in milliseconds. */
  readonly heldFor: number;
}

export function orderService(deps: { db: Db; config: AppConfig; payments: PaymentProvider; log?: FastifyBaseLogger }): OrderService {
  const { db, config, payments, log } = deps;

  async function place(user: AuthUser, request: PlaceRequest, shape: 'spec' | 'bulk'): Promise<{ id: string; created: boolean }> {
    return db.transaction(async (tx) => {
      // Under the user's lock: a repeat of an order already placed gets the first order's id back,
      // whatever became of the products since.
      const { held, trusted, emailVerified, existing } = await lockUserForOrder(tx, user.id, request.clientOrderId);
      if (existing) return { id: existing, created: false };

      const ids = [...new Set(request.lines.map((line) => line.productId))].sort();
      const rows = await lockProducts(tx, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const problems = checkLines(request.lines, byId);
      const priced = request.lines.map((line) => {
        const row = byId.get(line.productId);
        return { line, row, unitPrice: row ? unitPriceFor(termsOf(row), line.quantity) : 0 };
      });
      const total = priced.reduce((sum, p) => sum + orderTotal(p.line.quantity, p.unitPrice), 0);

      if (shape === 'spec') {
        // The spec's one-tool order answers as it always has: the total the customer saw first, then the
        // tool's own rules, each with the product as it is now.
        const [only] = priced;
        if (!only?.row) throw notFound('That product');
        const product = toProduct(only.row);
        if (request.totalPrice !== undefined && request.totalPrice !== total) {
          throw new AppError('price_changed', `The price has changed: ${only.line.quantity} pcs. now cost $${total}. Please confirm the new total.`, {
            product,
          });
        }
        const [problem] = problems;
        if (problem) throw new AppError(problem.code === 'not_found' ? 'conflict' : problem.code, problem.message, { product });
      } else {
        if (problems.length > 0) throw bulkConflict(problems, byId);
        if (request.totalPrice !== undefined && request.totalPrice !== total) {
          throw new AppError('price_changed', `The prices have changed: the order now totals $${total}. Please check the lines and confirm.`, {
            lines: priced.flatMap((p) =>
              p.row ? [{ productId: p.line.productId, code: 'price_changed' as const, message: `Now $${p.unitPrice} each.`, product: toProduct(p.row) }] : [],
            ),
          });
        }
      }
      if (total > MAX_ORDER_TOTAL) throw invalid('This order is larger than one order can be. Please split it into smaller orders.');

      // Nobody can take tools off the shelf for everyone else by ordering and never paying: an account
      // holds at most so many pieces unpaid (docs/decisions/011-unpaid-orders-expire.md).
      const pieces = request.lines.reduce((sum, line) => sum + line.quantity, 0);
      const limit = user.emailVerified ? config.unpaidUnitsLimit.verified : config.unpaidUnitsLimit.unverified;
      if (held + pieces > limit) {
        const verify = user.emailVerified ? '' : ' Verify your e-mail address to hold more.';
        throw new AppError(
          'unpaid_limit',
          `You have ${held} pcs. waiting for payment; one account may hold ${limit} pcs. unpaid. Pay or delete an unpaid order first.${verify}`,
        );
      }

      const id = await insertOrderWithLines(tx, {
        userId: user.id,
        userEmail: user.email,
        userName: user.displayName.trim() || user.email,
        userAddress: request.userAddress,
        userPhone: request.userPhone,
        clientOrderId: request.clientOrderId,
        totalPrice: total,
        // An account the shop does not trust yet takes no stock until it pays, so throwaway accounts cannot
        // empty a shelf for everyone else (docs/decisions/027); the lines were checked against it all the same.
        holdsStock: trusted,
        tellDealer: emailVerified,
        lines: priced.map(({ line, row, unitPrice }) => ({
          productId: line.productId,
          productName: row?.name ?? '',
          imageUrl: row?.imageUrl ?? '',
          unitPrice,
          quantity: line.quantity,
        })),
      });
      return { id, created: true };
    });
  }

  /**
   * Asks the processor about the order's payment before the order may go: a payment that went through
   * marks the order Paid ('paid'); anything else is cancelled there, so no card can pay for it later.
   */
  async function settlePayment(order: OrderRow): Promise<'paid' | 'unpaid'> {
    if (!order.paymentIntentId) return 'unpaid';
    let intent;
    try {
      intent = await payments.retrieve(order.paymentIntentId);
      if (intent.status !== 'succeeded' && intent.status !== 'canceled') intent = await payments.cancel(order.paymentIntentId);
    } catch (error) {
      if (error instanceof PaymentLookupError) return 'unpaid';
      if (error instanceof PaymentProviderError) throw new AppError('unavailable', `${error.message} The order was not deleted; please try again in a moment.`);
      throw error;
    }
    if (!intentPaysFor(intent, order)) return 'unpaid';
    await markOrderPaid(db, order.id, intent.id);
    return 'paid';
  }

  /**
   * Deletes the order while it is still Unpaid and puts the pieces of every line back, if it held them, in
   * one transaction.
   */
  async function deleteAndRestock(id: string, placedBefore?: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      // Read before the delete: the lines go with their order (ON DELETE CASCADE).
      const pieces = await piecesOf(tx, [id]);
      const deleted = await deleteUnpaidOrder(tx, id, placedBefore);
      if (!deleted) return false;
      if (deleted.holdsStock) await returnPieces(tx, pieces);
      return true;
    });
  }

  async function remove(id: string, mayDelete: (order: OrderRow) => boolean): Promise<number> {
    const order = await findOrder(db, id);
    if (!order || !mayDelete(order)) throw notFound('That order');
    if (order.status !== 'Unpaid') throw new AppError('invalid_state', `Only unpaid orders can be deleted; this one is ${order.status}.`);
    if ((await settlePayment(order)) === 'paid') {
      throw new AppError('invalid_state', 'This order has just been paid, so it cannot be deleted. It is in your orders as Paid.');
    }
    // Paid between the read and the delete: the conditional delete touches nothing.
    if (!(await deleteAndRestock(id))) throw new AppError('invalid_state', 'Only unpaid orders can be deleted; this one was just paid.');
    return 1;
  }

  async function expireUnpaid(now = new Date()) {
    const cutoff = new Date(now.getTime() - config.unpaidOrderTtlMs);
    const result = { expired: 0, paid: 0, skipped: 0 };
    // In batches, so a backlog after a long stop never holds thousands of rows in memory.
    for (;;) {
      const due = await listExpiredUnpaid(db, cutoff, 100);
      let progressed = false;
      for (const order of due) {
        try {
          if ((await settlePayment(order)) === 'paid') {
            result.paid += 1;
            progressed = true;
            continue;
          }
          if (await deleteAndRestock(order.id, cutoff)) result.expired += 1;
          progressed = true;
        } catch (error) {
          // The processor is down: this order waits for the next run; the others go on.
          result.skipped += 1;
          log?.warn({ err: error, orderId: order.id }, 'unpaid order not expired this run');
        }
      }
      if (due.length < 100 || !progressed) return result;
    }
  }

  /**
   * Pays the order with this intent: a succeeded one marks it Paid; an authorised one (an order that held
   * no stock, docs/decisions/027) first takes the order's pieces, then is charged, or is cancelled when a
   * piece is gone, so nobody pays for tools they will not get. Repeating it is harmless: the stock is taken
   * once, the charge made once, the order marked Paid once. Answers whether this call marked it Paid.
   */
  async function payWith(order: OrderRow, intent: RetrievedIntent): Promise<boolean> {
    if (intent.status === 'requires_capture' && intentAuthorisesFor(intent, order)) {
      const stock = await db.transaction((tx) => takeStockForPayment(tx, order.id));
      if (stock.outcome === 'short') {
        await payments
          .cancel(intent.id)
          .catch((error: unknown) => log?.warn({ err: error, orderId: order.id }, 'authorised payment not cancelled; the processor releases it'));
        const names = stock.short.map((s) => (s.available === 0 ? `${s.productName} is sold out` : `only ${s.available} pcs. of ${s.productName} are left`));
        throw new AppError('out_of_stock', `Sorry, ${names.join(' and ')}, so your card was not charged. Delete this order and order what is available.`);
      }
      if (stock.outcome === 'not_unpaid') return false;
      intent = await payments.capture(intent.id);
    }
    if (!intentPaysFor(intent, order)) throw new AppError('payment_failed', whyNotPaying(intent, order));
    return markOrderPaid(db, order.id, intent.id);
  }

  async function settleUnpaidOf(userId: string): Promise<void> {
    for (const order of await listUnpaidWithPaymentByUser(db, userId)) await settlePayment(order);
  }

  return { place, remove, expireUnpaid, settleUnpaidOf, payWith, heldFor: config.unpaidOrderTtlMs };
}
