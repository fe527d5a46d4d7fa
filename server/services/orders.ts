// Placing, paying, shipping, deleting and expiring orders: the rules that span the orders, products,
// invoices and users repositories, the mail rules and the payment processor (docs/architecture.md, "Orders
// and stock"). An order is its lines, one or many (docs/decisions/030); routes and the background job call
// this, and each change that spans tables is one transaction here. Built once per app from its
// dependencies, so tests can give it another processor or clock.

import type { FastifyBaseLogger } from 'fastify';
import { accountMessages, depositOn, termDays, type PaymentTerms } from '../../src/contract/account-terms';
import { companyMessages, type Company, type CompanyStatus } from '../../src/contract/dealer-company';
import {
  depositDue,
  MAX_ORDER_GROSS_MINOR,
  ORDER_TOO_LARGE,
  orderMessages,
  SHIP_UNDO_MS,
  type OrderBody,
  type OrderLineInput,
  type OrderLineProblem,
} from '../../src/contract/order';
import type { Product } from '../../src/contract/product';
import { repMessages } from '../../src/contract/sales-rep';
import { formatPrice, LIST_CURRENCY, listMinor, type CurrencyCode } from '../../src/contract/money';
import { dealerUnitPrice, pricingCurrency, type DealerPriceList } from '../../src/contract/price-list';
import { formatCount } from '../../src/contract/pricing';
import { quantityProblem } from '../../src/contract/quantity-rules';
import { NO_TAX, orderTotals, placeTaxTerms, type TaxTerms } from '../../src/contract/tax';
import type { AuthUser } from '../auth/guards';
import type { AppConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { AppError, forbidden, invalid, notFound } from '../errors';
import {
  intentAuthorisesFor,
  intentPaysFor,
  PaymentLookupError,
  PaymentProviderError,
  whyNotPaying,
  type PaymentProvider,
  type RetrievedIntent,
} from '../payments/provider';
import { actorOf, recordAudit } from '../repositories/audit-log';
import { findAccountStanding, findAccountTerms, lockCompanyAccount } from '../repositories/company-account';
import { findCompany, findMembership, listLocations } from '../repositories/companies';
import { findCompanyPricing } from '../repositories/company-pricing';
import { takeInvoiceNumber } from '../repositories/invoices';
import { dropQueuedMails } from '../repositories/mail-queue';
import { dropQueuedPushes } from '../repositories/push';
import { isRepOf } from '../repositories/sales-reps';
import {
  deleteUnpaidOrder,
  findOrder,
  findOrderAccess,
  insertOrder,
  linesOf,
  listExpiredUnpaid,
  listUnpaidWithPaymentByUser,
  lockOrderIn,
  lockOrderWithDepositDue,
  lockUnpaidOrder,
  lockUnpaidOrdersOf,
  lockUserForOrder,
  piecesOf,
  setAccountInvoicesPaid,
  setAccountOrderShipped,
  setDepositPaid,
  setHoldsStock,
  setOrderPaid,
  setOrderRefused,
  setOrderReleased,
  setOrderShipped,
  unsetOrderShipped,
  type OrderRow,
  type Shipping,
} from '../repositories/orders';
import { lockProducts, returnPieces, takePieces, toProduct, type ProductRow } from '../repositories/products';
import { trustUser } from '../repositories/users';
import { limitExceededBy, requestApproval } from './approvals';
import { queueOrderMails } from './mail';

/** An order as the dealer asks for it: its lines, where it goes, and the total they saw. */
export type PlaceRequest = OrderBody;

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

/** Amounts in the server's messages: the shop writes them the US way, in the order's currency. */
const money = (minor: number, currency: CurrencyCode) => formatPrice(minor, currency, 'en-US');

/**
 * Whether the price the dealer saw still holds for a line, priced now at `unitPrice` in `currency`, or the
 * line's price_changed problem. The whole-dollar `unitPrice` of the spec's clients and older queued orders
 * must equal the list price. A price seen in minor units (the app's, from the dealer's price list) holds
 * when the price now is the same or lower: the lower one is applied. A higher one, or another currency,
 * waits for the dealer with both prices (docs/decisions/045-price-lists-and-money.md).
 */
function priceProblem(line: OrderLineInput, request: PlaceRequest, unitPrice: number, currency: CurrencyCode, product: Product): OrderLineProblem | null {
  const seen =
    line.unitPriceMinor !== undefined
      ? { minor: line.unitPriceMinor, currency: request.currency ?? LIST_CURRENCY, lowerHolds: true }
      : line.unitPrice !== undefined
        ? { minor: listMinor(line.unitPrice), currency: LIST_CURRENCY, lowerHolds: false }
        : null;
  if (seen === null) return null;
  const holds = seen.currency === currency && (seen.minor === unitPrice || (seen.lowerHolds && unitPrice < seen.minor));
  if (holds) return null;
  return {
    productId: line.productId,
    code: 'price_changed',
    message: `The price has changed: ${line.quantity} pcs. now cost ${money(unitPrice, currency)} each.`,
    product,
    seenPriceMinor: seen.minor,
    priceMinor: unitPrice,
    currency,
  };
}

/** Every line's problem, in the order of the lines; empty when the order can be placed as it is. */
function checkLines(request: PlaceRequest, byId: Map<string, ProductRow>, list: DealerPriceList | null, quoted: QuotedPrices | null): OrderLineProblem[] {
  const problems: OrderLineProblem[] = [];
  const currency = quoted?.currency ?? pricingCurrency(list);
  for (const line of request.lines) {
    const row = byId.get(line.productId);
    if (!row) {
      problems.push({ productId: line.productId, code: 'not_found', message: 'This tool is no longer in the catalogue.' });
      continue;
    }
    const product = toProduct(row);
    const changed = priceProblem(line, request, quoted?.prices.get(line.productId) ?? dealerUnitPrice(product, list, line.quantity), currency, product);
    if (changed) {
      problems.push(changed);
      continue;
    }
    // The same rules and words as every screen that takes a quantity (src/contract/quantity-rules.ts).
    const problem = quantityProblem(termsOf(row), line.quantity);
    if (problem) problems.push({ productId: line.productId, ...problem, product });
  }
  return problems;
}

/** Why a company that is not approved cannot order, in the dealer's words. */
const REFUSED_COMPANY: Record<Exclude<CompanyStatus, 'approved'>, string> = {
  applied: companyMessages.notApproved,
  rejected: companyMessages.rejected,
  suspended: companyMessages.suspended,
};

/** Where an order goes and for whom: the placer's company (or, for a sales rep, the company it orders for) and, when asked for, one of its locations. */
interface Destination {
  company: { id: string; name: string; taxNumber: string | null } | null;
  location: { id: string; name: string } | null;
  userAddress: string;
  userPhone: string;
  /** The tax of an order shipped there: the location's rate, the company's country's for a typed address, none without a company. */
  tax: TaxTerms;
}

/**
 * The company the order is for: a dealer's own (a companyId it sends must be that one), or for a sales rep
 * the one it names, which must be assigned to it (docs/decisions/043-sales-reps.md). Another company answers
 * as a missing one. Null for a dealer account without a company (made before companies existed).
 */
async function companyOrderedFor(tx: Tx, user: AuthUser, request: PlaceRequest): Promise<Company | null> {
  if (user.role === 'rep') {
    if (request.companyId === undefined) throw invalid(repMessages.companyRequired);
    if (!(await isRepOf(tx, user.id, request.companyId))) throw new AppError('not_found', orderMessages.notYourCompany);
    return findCompany(tx, request.companyId);
  }
  const membership = await findMembership(tx, user.id);
  if (request.companyId !== undefined && request.companyId !== membership?.companyId) throw new AppError('not_found', orderMessages.notYourCompany);
  return membership ? findCompany(tx, membership.companyId) : null;
}

/**
 * The company, which must be approved to order (403 with the reason otherwise), and the delivery: the
 * company's location when the order names one (its address and phone, whatever was typed; another
 * company's location answers as a missing one), else the address typed for this order alone.
 */
async function destinationOf(tx: Tx, user: AuthUser, request: PlaceRequest): Promise<Destination> {
  const typed = { location: null, userAddress: request.userAddress, userPhone: request.userPhone };
  const company = await companyOrderedFor(tx, user, request);
  if (!company) {
    if (request.locationId !== undefined) throw new AppError('not_found', orderMessages.locationNotFound);
    return { company: null, ...typed, tax: NO_TAX };
  }
  if (company.status !== 'approved') {
    // With the reason the admin gave, as the dealer's notice shows it.
    const reason = company.status !== 'applied' && company.statusReason ? ` The shop’s reason: ${company.statusReason}` : '';
    throw forbidden(`${REFUSED_COMPANY[company.status]}${reason}`);
  }
  const snapshot = { id: company.id, name: company.name, taxNumber: company.taxNumber };
  if (request.locationId === undefined) return { company: snapshot, ...typed, tax: placeTaxTerms(company, company.taxExempt === true) };
  const location = (await listLocations(tx, company.id)).find((candidate) => candidate.id === request.locationId);
  if (!location) throw new AppError('not_found', orderMessages.locationNotFound);
  return {
    company: snapshot,
    location: { id: location.id, name: location.name },
    userAddress: location.address,
    userPhone: location.phone,
    tax: placeTaxTerms(location, company.taxExempt === true),
  };
}

/** An order's terms on account: the company's, and the deposit percentage paid by card before it ships (0: none). */
interface OnAccountTerms {
  terms: Exclude<PaymentTerms, 'card'>;
  depositPercent: number;
}

/**
 * The terms the order is placed on: the company's, when it has terms and the dealer did not ask for card;
 * null for card (every order of an account without a company, or of a company paying by card). A
 * purchase-order number is required where the company says so, for card orders too.
 */
async function accountTermsFor(tx: Tx, destination: Destination, request: PlaceRequest): Promise<OnAccountTerms | null> {
  const terms = destination.company ? await findAccountTerms(tx, destination.company.id) : null;
  if (terms?.poRequired && !request.poNumber) throw invalid(accountMessages.poRequired);
  const companyTerms = terms && terms.paymentTerms !== 'card' ? { terms: terms.paymentTerms, depositPercent: terms.depositPercent ?? 0 } : null;
  if (request.payment === 'account' && !companyTerms) throw forbidden(accountMessages.noAccount);
  return request.payment === 'card' ? null : companyTerms;
}

/**
 * Why an order on account of `total` (minor units of the company's currency) waits for an admin, or null when it is confirmed: an overdue
 * invoice of the company, or more than the credit it has left. The company's row is locked first, so of two
 * orders racing for the last credit the second is counted after the first.
 */
export async function holdReasonFor(tx: Tx, companyId: string, total: number): Promise<string | null> {
  await lockCompanyAccount(tx, companyId);
  const standing = await findAccountStanding(tx, companyId);
  if (!standing) return accountMessages.overCredit;
  if (standing.overdue > 0) return accountMessages.overdue;
  return total > standing.available ? accountMessages.overCredit : null;
}

/** One line of an order as the server priced it, with the tool as it is now (missing when it is gone). */
export interface PricedLine {
  productId: string;
  quantity: number;
  /** Minor units of the order's currency. */
  unitPriceMinor: number;
  product: Product | null;
}

/**
 * An order that cannot be placed as it is: some lines break a tool's rules or are gone (`problems`, in the
 * order of the lines), or the total the dealer saw is not the server's (`totalChanged`). It answers 409 with
 * every failing line named, the first line's reason as the code; the one-tool order's adapter answers its
 * own way from the same facts.
 */
export class OrderRefusal extends AppError {
  constructor(
    readonly problems: OrderLineProblem[],
    readonly lines: PricedLine[],
    readonly total: { minor: number; currency: CurrencyCode },
    readonly totalChanged: boolean,
  ) {
    super(...OrderRefusal.answer(problems, lines, total));
    this.name = 'OrderRefusal';
  }

  private static answer(
    problems: OrderLineProblem[],
    lines: PricedLine[],
    total: { minor: number; currency: CurrencyCode },
  ): ConstructorParameters<typeof AppError> {
    const [first] = problems;
    if (first) {
      const named = problems.map((p) => `${lines.find((line) => line.productId === p.productId)?.product?.name ?? 'A tool'}: ${p.message}`);
      const lead = problems.length === 1 ? 'One line cannot be ordered as it is.' : `${problems.length} lines cannot be ordered as they are.`;
      return [first.code === 'not_found' ? 'conflict' : first.code, `${lead} ${named.join(' ')}`, { lines: problems }];
    }
    return [
      'price_changed',
      `The prices have changed: the order now totals ${money(total.minor, total.currency)}. Please check the lines and confirm.`,
      {
        lines: lines.flatMap((line) =>
          line.product
            ? [
                {
                  productId: line.productId,
                  code: 'price_changed' as const,
                  message: `Now ${money(line.unitPriceMinor, total.currency)} each.`,
                  product: line.product,
                  priceMinor: line.unitPriceMinor,
                  currency: total.currency,
                },
              ]
            : [],
        ),
      },
    ];
  }
}

/** The prices of an accepted quote: the order's lines are priced with them, in its currency, instead of the company's prices. */
export interface QuotedPrices {
  currency: CurrencyCode;
  prices: ReadonlyMap<string, number>;
}

/**
 * An order placed from a quote (docs/decisions/058-quotes.md), in the order's transaction: `lock` locks the quote and
 * checks it may still be accepted (throwing when not), giving its prices; `placed` marks it accepted by the new order.
 */
export interface FromQuote {
  lock(tx: Tx): Promise<QuotedPrices>;
  placed(tx: Tx, orderId: string): Promise<void>;
}

export interface OrderService {
  /**
   * Creates the order with all its lines, stock reserved for every line in one transaction, all or
   * nothing; or returns the id of the one already placed with this clientOrderId. Throws OrderRefusal when a
   * line or the total is not as the dealer saw it.
   */
  place(user: AuthUser, request: PlaceRequest, quote?: FromQuote): Promise<{ id: string; created: boolean }>;
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
   * Deletes the user's unpaid orders and puts back the pieces those that held stock had taken, inside the
   * caller's transaction (the user's deletion). Paid and shipped orders stay for the records.
   */
  deleteUnpaidOf(tx: Tx, userId: string): Promise<void>;
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

  async function place(user: AuthUser, request: PlaceRequest, quote?: FromQuote): Promise<{ id: string; created: boolean }> {
    return db.transaction(async (tx) => {
      // Under the user's lock: a repeat of an order already placed gets the first order's id back,
      // whatever became of the products since.
      const { held, trusted, existing } = await lockUserForOrder(tx, user.id, request.clientOrderId);
      if (existing) return { id: existing, created: false };
      const quoted = quote ? await quote.lock(tx) : null;
      // Before the stock is looked at: a company that may not order learns that first, and nothing is written.
      const destination = await destinationOf(tx, user, request);
      const terms = await accountTermsFor(tx, destination, request);

      const productIds = [...new Set(request.lines.map((line) => line.productId))];
      const rows = await lockProducts(tx, productIds);
      const byId = new Map(rows.map((row) => [row.id, row]));
      // The company's price list as it is now: an order drafted at an older version is priced again here.
      const list = destination.company ? await findCompanyPricing(tx, destination.company.id, productIds) : null;
      const currency = quoted?.currency ?? pricingCurrency(list);
      const problems = checkLines(request, byId, list, quoted);
      const priced = request.lines.map((line) => {
        const row = byId.get(line.productId);
        return { line, row, unitPriceMinor: row ? (quoted?.prices.get(line.productId) ?? dealerUnitPrice(toProduct(row), list, line.quantity)) : 0 };
      });
      const total = priced.reduce((sum, p) => sum + p.line.quantity * p.unitPriceMinor, 0);
      // The spec's whole-dollar total must be the list price's total exactly.
      const totalChanged = request.totalPrice !== undefined && (currency !== LIST_CURRENCY || listMinor(request.totalPrice) !== total);
      if (problems.length > 0 || totalChanged) {
        const lines = priced.map((p) => ({
          productId: p.line.productId,
          quantity: p.line.quantity,
          unitPriceMinor: p.unitPriceMinor,
          product: p.row ? toProduct(p.row) : null,
        }));
        throw new OrderRefusal(problems, lines, { minor: total, currency }, totalChanged);
      }
      // The tax of the place it ships to, on the net total: the gross is what the card pays and the credit counts,
      // so it is the gross that one payment must be able to take.
      const amounts = orderTotals(total, destination.tax);
      if (amounts.gross > MAX_ORDER_GROSS_MINOR) throw invalid(ORDER_TOO_LARGE);

      // On account, the company's credit bounds what it may owe; an order over it, or from a company with an
      // overdue invoice, waits for an admin (docs/decisions/044-orders-on-account.md). A deposit is paid by card
      // before the order ships, so the credit counts the rest (docs/decisions/047).
      const depositMinor = terms ? depositOn(amounts.gross, terms.depositPercent) : 0;
      // Over the buyer's spending limit, the order waits for the company's approver before anything else: no stock,
      // no credit, no payment until then (docs/decisions/055-buyer-approvals-and-spending-limits.md).
      const overLimit = destination.company ? await limitExceededBy(tx, user, destination.company, amounts.gross, currency) : null;
      const onAccount =
        terms && destination.company
          ? {
              terms: terms.terms,
              depositMinor,
              holdReason: overLimit ? null : await holdReasonFor(tx, destination.company.id, amounts.gross - depositMinor),
            }
          : null;

      // Nobody can take tools off the shelf for everyone else by ordering and never paying: an account
      // holds at most so many pieces unpaid (docs/decisions/011-unpaid-orders-expire.md). Orders on account
      // are not unpaid orders: the company's credit bounds them instead.
      const pieces = request.lines.reduce((sum, line) => sum + line.quantity, 0);
      const limit = user.emailVerified ? config.unpaidUnitsLimit.verified : config.unpaidUnitsLimit.unverified;
      if (!onAccount && held + pieces > limit) {
        const verify = user.emailVerified ? '' : ' Verify your e-mail address to hold more.';
        // An order past the limit on its own is not helped by paying the others: it is said so.
        throw new AppError(
          'unpaid_limit',
          pieces > limit
            ? `This order is ${formatCount(pieces)} pcs.; one account may hold ${formatCount(limit)} pcs. unpaid. Place it as smaller orders, paying each before the next.${verify}`
            : `You have ${formatCount(held)} pcs. waiting for payment; one account may hold ${formatCount(limit)} pcs. unpaid. Pay or delete an unpaid order first.${verify}`,
        );
      }

      const order = {
        userId: user.id,
        userEmail: user.email,
        userName: user.displayName.trim() || user.email,
        userAddress: destination.userAddress,
        userPhone: destination.userPhone,
        company: destination.company,
        location: destination.location,
        placedByRep: user.role === 'rep',
        clientOrderId: request.clientOrderId,
        totalMinor: amounts.gross,
        tax: { ...destination.tax, minor: amounts.tax },
        // A quote is priced in the company's currency too: the list's rate still converts it for reports in US dollars.
        pricing: { currency, priceList: list ? { id: list.id, version: list.version, rateMicros: list.rateMicros } : null },
        poNumber: request.poNumber || null,
        onAccount,
        // An account the shop does not trust yet takes no stock until it pays, so throwaway accounts cannot
        // empty a shelf for everyone else (docs/decisions/027); the lines were checked against it all the same.
        // An order on account is its approved company's, which the shop trusts with credit.
        // An order waiting for its company's approval holds none: nobody has agreed to it yet.
        holdsStock: overLimit === null && (trusted || onAccount !== null),
        awaitingApproval: overLimit !== null,
        lines: priced.map(({ line, row, unitPriceMinor }) => ({
          productId: line.productId,
          productName: row?.name ?? '',
          sku: row?.sku ?? null,
          imageUrl: row?.imageUrl ?? '',
          unitPriceMinor,
          quantity: line.quantity,
        })),
      };
      const id = await insertOrder(tx, order);
      if (quote) await quote.placed(tx, id);
      // The products are locked and every line was checked against their stock above.
      if (order.holdsStock) await takePieces(tx, request.lines);
      // A rep acts for a company: its orders are in the audit log, under the company.
      if (order.placedByRep) {
        await recordAudit(tx, actorOf(user), {
          action: 'order.placed_by_rep',
          subjectType: 'order',
          subjectId: id,
          companyId: destination.company?.id ?? null,
          after: { total: amounts.gross, currency, lines: order.lines.length, location: destination.location?.name ?? null },
        });
      }
      if (overLimit) await requestApproval(tx, user, { id, userId: user.id, companyId: destination.company?.id ?? null }, overLimit);
      if (onAccount && !overLimit) {
        await recordAudit(tx, actorOf(user), {
          action: onAccount.holdReason ? 'order.on_hold' : 'order.on_account',
          subjectType: 'order',
          subjectId: id,
          companyId: destination.company?.id ?? null,
          after: {
            total: amounts.gross,
            tax: amounts.tax,
            deposit: onAccount.depositMinor,
            currency,
            terms: onAccount.terms,
            poNumber: order.poNumber,
            reason: onAccount.holdReason,
          },
        });
      }
      const status = overLimit ? 'Awaiting approval' : onAccount ? (onAccount.holdReason ? 'On hold' : 'Confirmed') : 'Unpaid';
      await queueOrderMails(tx, 'placed', { id, userId: user.id, userEmail: user.email, status });
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
    const deposit = depositCharge(order);
    if (deposit) {
      if (!intentPaysFor(intent, deposit)) throw new AppError('payment_failed', whyNotPaying(intent, deposit));
      return markDepositPaid(db, order.id, intent.id);
    }
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

  async function deleteUnpaidOf(tx: Tx, userId: string): Promise<void> {
    const unpaid = await lockUnpaidOrdersOf(tx, userId);
    // Read before the deletes: the lines go with their orders (ON DELETE CASCADE).
    const pieces = await piecesOf(
      tx,
      unpaid.filter((order) => order.holdsStock).map((order) => order.id),
    );
    for (const order of unpaid) await deleteUnpaidOrder(tx, order.id);
    await returnPieces(tx, pieces);
  }

  return { place, remove, expireUnpaid, settleUnpaidOf, deleteUnpaidOf, payWith, heldFor: config.unpaidOrderTtlMs };
}

/**
 * An order a dealer is about to pay or delete: 404 when they do not see it (anyone else's answers like a
 * missing one), 403 when they see it but it is neither theirs nor their company's as its company admin.
 */
export async function orderToActOn(db: Tx, id: string, userId: string): Promise<OrderRow> {
  const access = await findOrderAccess(db, id, userId);
  if (!access) throw notFound('That order');
  if (!access.mayAct) throw forbidden(orderMessages.onlyPlacerOrCompanyAdmin);
  return access.order;
}

/**
 * Unpaid -> Paid with the processor's transaction id; false when the order was not Unpaid. Everything paying
 * means happens in one transaction (a savepoint inside the caller's), so every path that pays an order (the
 * payment page, the webhook, the processor asked before a deletion) does all of it, once
 * (docs/decisions/013-invoices-and-mail-queue.md):
 * - the order's row is locked first, so of two payments racing only one goes on;
 * - it takes the year's next invoice number, which a rolled-back payment gives back;
 * - the dealer's confirmation and the admins' notices go into the mail queue (server/services/mail.ts);
 * - the account is trusted to hold stock from its first payment on (docs/decisions/027).
 */
export async function markOrderPaid(db: Tx, id: string, transactionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockUnpaidOrder(tx, id))) return false;
    const paid = await setOrderPaid(tx, id, transactionId, await takeInvoiceNumber(tx));
    if (!paid) return false;
    if (paid.userId) await trustUser(tx, paid.userId);
    await queueOrderMails(tx, 'paid', paid);
    return true;
  });
}

/**
 * What the card pays of an order on account whose deposit is due: the deposit, in the order's currency, checked
 * against an intent as an order's total is; null when no deposit is due (docs/decisions/047).
 */
export function depositCharge(order: OrderRow): { id: string; totalMinor: number; currency: string } | null {
  // The one rule of when a deposit is due, the screens' too; the table keeps deposits to orders on account.
  const due = depositDue({ status: order.status, depositMinor: order.depositMinor, depositPaidAt: order.depositPaidAt?.toISOString() ?? null });
  return due ? { id: order.id, totalMinor: order.depositMinor, currency: order.currency } : null;
}

/**
 * The deposit of a confirmed order on account paid by card with the processor's transaction id, once (the
 * payment page, again, or the webhook; the order's row is locked first): the order may ship from now on, and
 * the dealer's receipt and the admins' notice go into the mail queue. False when it was not due.
 */
export async function markDepositPaid(db: Tx, id: string, transactionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockOrderWithDepositDue(tx, id))) return false;
    const paid = await setDepositPaid(tx, id, { transactionId });
    if (!paid) return false;
    await queueOrderMails(tx, 'deposit_paid', paid);
    return true;
  });
}

/**
 * Paid -> Shipped, or for an order on account Confirmed -> Shipped, with the carrier and tracking number, and
 * the dealer's shipping notice into the mail queue, where it waits until shipping can no longer be undone;
 * false when the order was neither. Shipping an order on account issues its invoice: the year's next number
 * (kept if the shipping is undone and done again) and the due date its terms give (docs/decisions/044).
 */
export async function markOrderShipped(db: Tx, id: string, shipping?: Shipping): Promise<boolean> {
  return db.transaction(async (tx) => {
    const confirmed = await lockOrderIn(tx, id, 'Confirmed');
    // An order on account whose deposit is due waits for it (setAccountOrderShipped ships it only once it is paid).
    let shipped: OrderRow | null;
    if (confirmed && confirmed.paymentTerms !== 'card') {
      const invoice = confirmed.invoiceYear === null ? await takeInvoiceNumber(tx) : null;
      shipped = await setAccountOrderShipped(tx, id, shipping, invoice, termDays(confirmed.paymentTerms) ?? 0);
    } else {
      shipped = await setOrderShipped(tx, id, shipping);
    }
    if (!shipped) return false;
    await queueOrderMails(tx, 'shipped', shipped);
    return true;
  });
}

/** What an admin's decision on an order on account came to: done, or the order was not in the state it needs. */
export type AccountDecision = { outcome: 'done'; order: OrderRow } | { outcome: 'missing' } | { outcome: 'wrong_state'; order: OrderRow };

async function decisionOutcome(tx: Tx, id: string, changed: OrderRow | null): Promise<AccountDecision> {
  if (changed) return { outcome: 'done', order: changed };
  const order = await findOrder(tx, id);
  return order ? { outcome: 'wrong_state', order } : { outcome: 'missing' };
}

/** On hold -> Confirmed: the admin accepts the order on account whatever the credit says; the dealer is told. */
export async function releaseOrder(db: Tx, id: string, admin: AuthUser): Promise<AccountDecision> {
  return db.transaction(async (tx) => {
    const released = await setOrderReleased(tx, id);
    if (released) {
      await recordAudit(tx, actorOf(admin), {
        action: 'order.released',
        subjectType: 'order',
        subjectId: id,
        companyId: released.companyId,
        after: { total: released.totalMinor, currency: released.currency },
      });
      await queueOrderMails(tx, 'released', released);
    }
    return decisionOutcome(tx, id, released);
  });
}

/** On hold -> Refused with the admin's reason: its pieces go back on the shelf, and the dealer is told why. */
export async function refuseOrder(db: Tx, id: string, reason: string, admin: AuthUser): Promise<AccountDecision> {
  return db.transaction(async (tx) => {
    const held = await lockOrderIn(tx, id, 'On hold');
    const pieces = held?.holdsStock ? await piecesOf(tx, [id]) : [];
    const refused = held ? await setOrderRefused(tx, id, reason) : null;
    if (refused) {
      await returnPieces(tx, pieces);
      await recordAudit(tx, actorOf(admin), { action: 'order.refused', subjectType: 'order', subjectId: id, companyId: refused.companyId, after: { reason } });
      await queueOrderMails(tx, 'refused', refused);
    }
    return decisionOutcome(tx, id, refused);
  });
}

/**
 * A bank transfer as the admin saw it arrive, with its reference: it pays the deposit of a confirmed order on
 * account whose deposit is due (the order may ship from then on, docs/decisions/047), or else the unpaid invoice
 * of a shipped one.
 */
export async function recordBankPayment(db: Tx, id: string, reference: string, admin: AuthUser): Promise<AccountDecision> {
  return db.transaction(async (tx) => {
    const depositDue = await lockOrderWithDepositDue(tx, id);
    const deposit = depositDue ? await setDepositPaid(tx, id, { reference }) : null;
    if (deposit) {
      await recordAudit(tx, actorOf(admin), {
        action: 'order.deposit_paid_by_transfer',
        subjectType: 'order',
        subjectId: id,
        companyId: deposit.companyId,
        after: { reference, deposit: deposit.depositMinor, currency: deposit.currency },
      });
      await queueOrderMails(tx, 'deposit_paid', deposit);
      return { outcome: 'done', order: deposit };
    }
    const [paid = null] = await setAccountInvoicesPaid(tx, [id], { paymentReference: reference });
    if (paid) {
      await recordAudit(tx, actorOf(admin), {
        action: 'invoice.paid_by_transfer',
        subjectType: 'order',
        subjectId: id,
        companyId: paid.companyId,
        after: { reference, total: paid.totalMinor, currency: paid.currency },
      });
      // The dealer's receipt with the paid invoice, and the admins who hear of payments, as for a card payment.
      await queueOrderMails(tx, 'paid', paid);
    }
    return decisionOutcome(tx, id, paid);
  });
}

/**
 * Takes back a shipping marked by mistake, within SHIP_UNDO_MS: the order is Paid again, without its
 * shipping details, and the shipping notice still waiting in the queue is dropped, so the dealer never
 * hears of it. 'undone', or why not: the order is not shipped, or it was shipped too long ago.
 */
export async function undoOrderShipped(db: Tx, id: string): Promise<'undone' | 'not_shipped' | 'too_late'> {
  return db.transaction(async (tx) => {
    const back = await unsetOrderShipped(tx, id, SHIP_UNDO_MS);
    if (back) {
      await dropQueuedMails(tx, 'order_shipped', id);
      await dropQueuedPushes(tx, 'order_shipped', id);
      return 'undone';
    }
    const order = await findOrder(tx, id);
    return order?.status === 'Shipped' ? 'too_late' : 'not_shipped';
  });
}

/** What taking an order's pieces for its payment came to (see takeStockForPayment). */
type StockForPayment =
  { outcome: 'taken' | 'held' } | { outcome: 'not_unpaid' } | { outcome: 'short'; short: { productName: string; wanted: number; available: number }[] };

/**
 * For an order that holds no stock yet (docs/decisions/027): locks the order, then its products in id
 * order, and takes every line's pieces if all of them are there, all or nothing. 'held' when the order
 * already holds its pieces (taken by an earlier try, or placed by a trusted account).
 */
async function takeStockForPayment(tx: Tx, orderId: string): Promise<StockForPayment> {
  const order = await lockUnpaidOrder(tx, orderId);
  if (!order) return { outcome: 'not_unpaid' };
  if (order.holdsStock) return { outcome: 'held' };
  const short = await takeOrderPieces(tx, orderId);
  if (short.length > 0) return { outcome: 'short', short };
  await setHoldsStock(tx, orderId);
  return { outcome: 'taken' };
}

/**
 * Takes every line's pieces of an order that holds none, all or nothing: its products locked in id order, then
 * each line checked against what is on the shelf. Returns the lines that are short (none: the pieces are taken);
 * the caller, holding the order's lock, records that the order holds them.
 */
export async function takeOrderPieces(tx: Tx, orderId: string): Promise<{ productName: string; wanted: number; available: number }[]> {
  const lines = (await linesOf(tx, [orderId])).get(orderId) ?? [];
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
  const rows = await lockProducts(tx, [...wanted.keys()]);
  const available = new Map(rows.map((row) => [row.id, row.available]));
  const short = [
    ...gone,
    ...[...wanted].flatMap(([productId, want]) => {
      const have = available.get(productId) ?? 0;
      return have < want.quantity ? [{ productName: want.productName, wanted: want.quantity, available: have }] : [];
    }),
  ];
  if (short.length > 0) return short;
  await takePieces(
    tx,
    [...wanted].map(([productId, want]) => ({ productId, quantity: want.quantity })),
  );
  return [];
}
