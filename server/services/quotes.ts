// Quotes (docs/decisions/058-quotes.md): a dealer of an approved company asks for prices on a list of tools; the
// shop (an admin, or a sales rep for its companies) answers with a price per line and a last day to accept; the
// dealer accepts, and the order is placed at those prices in the transaction that marks the quote accepted, or
// declines, or asks again. Who may do what is decided here from the database, never from the request: a quote
// the caller may not see is answered as a missing one. Every step writes to the thread and the audit log, and
// tells the other side on its devices (docs/notifications.md).

import { formatPrice, type CurrencyCode } from '../../src/contract/money';
import { pricingCurrency, dealerUnitPrice } from '../../src/contract/price-list';
import { companyMessages } from '../../src/contract/dealer-company';
import {
  QUOTE_VALID_DAYS_MAX,
  isQuoteOpen,
  quoteMessages,
  type QuoteAcceptBody,
  type QuoteAnswerBody,
  type QuoteRequestBody,
  type QuoteThreadMessage,
} from '../../src/contract/quote';
import type { AuthUser } from '../auth/guards';
import type { Tx } from '../db/client';
import type { QuoteLineRow } from '../db/schema';
import { AppError, invalid } from '../errors';
import { actorOf, recordAudit } from '../repositories/audit-log';
import { findCompany, findMembership } from '../repositories/companies';
import { findCompanyPricing } from '../repositories/company-pricing';
import { lockProducts, toProduct } from '../repositories/products';
import {
  addQuoteMessage,
  findQuoteByClientId,
  insertQuote,
  lockQuote,
  quoteStatus,
  updateQuote,
  utcDay,
  type QuoteRow,
  type QuoteScope,
} from '../repositories/quotes';
import { isRepOf } from '../repositories/sales-reps';
import type { FromQuote, OrderService, PlaceRequest } from './orders';
import { queuePush } from './push';

const missing = () => new AppError('not_found', quoteMessages.notFound);
const nameOf = (user: AuthUser) => user.displayName.trim() || user.email;

/** What the caller may see: every quote (admin), its companies' (sales rep), its company's (a member). */
export async function quoteScopeOf(tx: Tx, user: AuthUser): Promise<QuoteScope | null> {
  if (user.role === 'admin') return { all: true };
  if (user.role === 'rep') return { repId: user.id };
  const membership = await findMembership(tx, user.id);
  return membership ? { companyId: membership.companyId } : null;
}

/** The caller's side of the quote: the shop's (an admin, the company's rep), the dealer's (a member of its company), or none. */
export async function sideOf(tx: Tx, user: AuthUser, quote: Pick<QuoteRow, 'companyId'>): Promise<'shop' | 'dealer' | null> {
  if (user.role === 'admin') return 'shop';
  if (quote.companyId === null) return null;
  if (user.role === 'rep') return (await isRepOf(tx, user.id, quote.companyId)) ? 'shop' : null;
  const membership = await findMembership(tx, user.id);
  return membership?.companyId === quote.companyId ? 'dealer' : null;
}

/** The quote locked for a change by the caller on `side`; anyone else, or no such quote, is answered as missing. */
async function lockFor(tx: Tx, user: AuthUser, id: string, side: 'shop' | 'dealer'): Promise<QuoteRow> {
  const quote = await lockQuote(tx, id);
  if (!quote || (await sideOf(tx, user, quote)) !== side) throw missing();
  return quote;
}

async function note(tx: Tx, quote: QuoteRow, user: AuthUser, side: 'shop' | 'dealer', event: QuoteThreadMessage['event'], body: string) {
  await addQuoteMessage(tx, quote.id, { side, author: { id: user.id, name: nameOf(user) }, event, body });
}

async function audit(tx: Tx, user: AuthUser, quote: QuoteRow, action: string, after: unknown) {
  const membership = user.role === 'customer' ? await findMembership(tx, user.id) : null;
  await recordAudit(tx, actorOf(user, membership?.role), { action, subjectType: 'quote', subjectId: quote.id, companyId: quote.companyId, after });
}

/** The Quotes screen opened on the quote: both sides have theirs at the same address. */
const quoteUrl = (number: string) => `/dashboard/quotes?quote=${encodeURIComponent(number)}`;

/**
 * A dealer's request: the lines with the dealer's own prices now, in its company's currency. The same
 * clientQuoteId sent again answers the first quote (created false).
 */
export async function requestQuote(tx: Tx, user: AuthUser, body: QuoteRequestBody): Promise<{ quote: QuoteRow; created: boolean }> {
  const before = await findQuoteByClientId(tx, user.id, body.clientQuoteId);
  if (before) return { quote: before, created: false };
  const membership = user.role === 'customer' ? await findMembership(tx, user.id) : null;
  const company = membership ? await findCompany(tx, membership.companyId) : null;
  if (!membership || !company) throw new AppError('forbidden', quoteMessages.noCompany);
  if (company.status !== 'approved') throw new AppError('forbidden', company.status === 'applied' ? companyMessages.notApproved : quoteMessages.noCompany);
  const ids = body.lines.map((line) => line.productId);
  const rows = new Map((await lockProducts(tx, ids)).map((row) => [row.id, row]));
  const absent = body.lines.findIndex((line) => !rows.has(line.productId));
  if (absent >= 0) {
    const field = `lines.${absent}.productId`;
    const message = quoteMessages.unknownTool(absent + 1);
    throw invalid(`${field}: ${message}`, { fields: [{ field, message }] });
  }
  const list = await findCompanyPricing(tx, company.id, ids);
  const lines: QuoteLineRow[] = body.lines.map((line) => {
    const row = rows.get(line.productId);
    if (!row) throw missing();
    return {
      productId: row.id,
      productName: row.name,
      sku: row.sku,
      imageUrl: row.imageUrl,
      quantity: line.quantity,
      requestedUnitPriceMinor: dealerUnitPrice(toProduct(row), list, line.quantity),
      quotedUnitPriceMinor: null,
    };
  });
  const quote = await insertQuote(tx, {
    clientQuoteId: body.clientQuoteId,
    user: { id: user.id, name: nameOf(user), email: user.email },
    companyId: company.id,
    currency: pricingCurrency(list),
    lines,
  });
  // Sent twice at once: the other send made it.
  if (!quote) {
    const first = await findQuoteByClientId(tx, user.id, body.clientQuoteId);
    if (!first) throw new Error('The quote was neither made nor found.');
    return { quote: first, created: false };
  }
  await note(tx, quote, user, 'dealer', 'requested', body.message);
  await audit(tx, user, quote, 'quote.requested', { number: quote.number, tools: lines.length });
  await queuePush(
    tx,
    'quote_requested',
    { admins: true },
    {
      title: `Quote requested: ${quote.number}`,
      body: `${company.name} asks for prices on ${lines.length === 1 ? '1 tool' : `${lines.length} tools`}.`,
      url: quoteUrl(quote.number),
      tag: `quote_requested:${quote.id}`,
    },
  );
  return { quote, created: true };
}

/** The last day to accept, checked: today or later, at most QUOTE_VALID_DAYS_MAX days ahead, a real date. */
function checkExpiry(day: string, today = utcDay()): void {
  const parsed = new Date(`${day}T00:00:00Z`);
  const field = (message: string) => invalid(`expiresOn: ${message}`, { fields: [{ field: 'expiresOn', message }] });
  if (Number.isNaN(parsed.getTime()) || utcDay(parsed) !== day) throw field(quoteMessages.expiresOn);
  if (day < today) throw field(quoteMessages.expiresPast);
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + QUOTE_VALID_DAYS_MAX);
  if (day > utcDay(last)) throw field(quoteMessages.expiresTooFar);
}

/** The shop's answer: a price for every line, the last day to accept, one more version; priced again while open. */
export async function answerQuote(tx: Tx, user: AuthUser, id: string, body: QuoteAnswerBody): Promise<void> {
  const quote = await lockFor(tx, user, id, 'shop');
  if (!isQuoteOpen(quoteStatus(quote))) throw new AppError('conflict', quoteMessages.closed);
  checkExpiry(body.expiresOn);
  const prices = new Map(body.lines.map((line) => [line.productId, line.unitPriceMinor]));
  if (prices.size !== body.lines.length || prices.size !== quote.lines.length || quote.lines.some((line) => !prices.has(line.productId))) {
    throw invalid(`lines: ${quoteMessages.pricesForEveryLine}`, { fields: [{ field: 'lines', message: quoteMessages.pricesForEveryLine }] });
  }
  const lines = quote.lines.map((line) => ({ ...line, quotedUnitPriceMinor: prices.get(line.productId) ?? null }));
  const version = quote.version + 1;
  await updateQuote(tx, quote.id, { status: 'quoted', version, lines, expiresOn: body.expiresOn });
  const total = lines.reduce((sum, line) => sum + (line.quotedUnitPriceMinor ?? 0) * line.quantity, 0);
  await note(tx, quote, user, 'shop', 'quoted', body.message);
  await audit(tx, user, quote, 'quote.answered', { number: quote.number, version, total, currency: quote.currency, expiresOn: body.expiresOn });
  if (quote.userId) {
    await queuePush(
      tx,
      'quote_answered',
      { userIds: [quote.userId] },
      {
        title: `Your quote ${quote.number} is priced`,
        body: `${formatPrice(total, quote.currency as CurrencyCode, 'en-US')} in all, to accept by ${body.expiresOn}.`,
        url: quoteUrl(quote.number),
        tag: `quote_answered:${quote.id}`,
      },
    );
  }
}

/** A message in the thread, from either side, while the caller may see the quote. */
export async function postQuoteMessage(tx: Tx, user: AuthUser, id: string, body: string): Promise<void> {
  const quote = await lockQuote(tx, id);
  const side = quote ? await sideOf(tx, user, quote) : null;
  if (!quote || !side) throw missing();
  await note(tx, quote, user, side, 'message', body);
}

/** The dealer says no: the quote is closed, with the dealer's words for the shop. */
export async function declineQuote(tx: Tx, user: AuthUser, id: string, message: string): Promise<void> {
  const quote = await lockFor(tx, user, id, 'dealer');
  if (!isQuoteOpen(quoteStatus(quote))) throw new AppError('conflict', quoteMessages.closed);
  await updateQuote(tx, quote.id, { status: 'declined' });
  await note(tx, quote, user, 'dealer', 'declined', message);
  await audit(tx, user, quote, 'quote.declined', { number: quote.number });
}

/** The dealer wants new prices: the quote waits for the shop again, with why. */
export async function askAgain(tx: Tx, user: AuthUser, id: string, message: string): Promise<void> {
  const quote = await lockFor(tx, user, id, 'dealer');
  if (!isQuoteOpen(quoteStatus(quote))) throw new AppError('conflict', quoteMessages.closed);
  await updateQuote(tx, quote.id, { status: 'requested' });
  await note(tx, quote, user, 'dealer', 'asked_again', message);
  await queuePush(
    tx,
    'quote_requested',
    { admins: true },
    {
      title: `Asked again: ${quote.number}`,
      body: message.length > 120 ? `${message.slice(0, 117)}…` : message,
      url: quoteUrl(quote.number),
      tag: `quote_requested:${quote.id}`,
    },
  );
}

/**
 * The dealer accepts: the order is placed with the quote's lines at the quoted prices, in the transaction that
 * locks the quote, checks it is quoted, not expired and the version the dealer read, and marks it accepted. The
 * stock, the quantity rules, the company's standing, credit and spending limits are checked as for any order.
 */
export async function acceptQuote(
  db: { transaction: <T>(run: (tx: Tx) => Promise<T>) => Promise<T> },
  orders: OrderService,
  user: AuthUser,
  id: string,
  body: QuoteAcceptBody,
): Promise<{ id: string; created: boolean }> {
  const seen = await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (!quote || (await sideOf(tx, user, quote)) !== 'dealer') throw missing();
    return quote;
  });
  const request: PlaceRequest = {
    clientOrderId: body.clientOrderId,
    userAddress: body.userAddress,
    userPhone: body.userPhone,
    ...(body.locationId ? { locationId: body.locationId } : {}),
    ...(body.poNumber ? { poNumber: body.poNumber } : {}),
    ...(body.payment ? { payment: body.payment } : {}),
    currency: seen.currency as CurrencyCode,
    lines: seen.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, unitPriceMinor: line.quotedUnitPriceMinor ?? 0 })),
  };
  const fromQuote: FromQuote = {
    async lock(tx) {
      const quote = await lockQuote(tx, id);
      if (!quote) throw missing();
      const status = quoteStatus(quote);
      if (status === 'expired') throw new AppError('conflict', quoteMessages.expired(quote.expiresOn ?? ''));
      if (status === 'accepted' || status === 'declined') throw new AppError('conflict', quoteMessages.closed);
      if (status !== 'quoted') throw new AppError('conflict', quoteMessages.notQuoted);
      if (quote.version !== body.version) throw new AppError('conflict', quoteMessages.changed);
      // Priced in the company's currency of the day it was asked for: a company whose prices have moved to another
      // currency since asks again, so the order is never counted in a currency its price list no longer has.
      const ids = quote.lines.map((line) => line.productId);
      if (quote.companyId && pricingCurrency(await findCompanyPricing(tx, quote.companyId, ids)) !== quote.currency) {
        throw new AppError('conflict', quoteMessages.currencyChanged);
      }
      const prices = new Map(quote.lines.map((line) => [line.productId, line.quotedUnitPriceMinor ?? 0]));
      return { currency: quote.currency as CurrencyCode, prices };
    },
    async placed(tx, orderId) {
      const quote = await lockQuote(tx, id);
      if (!quote) throw missing();
      await updateQuote(tx, quote.id, { status: 'accepted', orderId });
      await note(tx, quote, user, 'dealer', 'accepted', '');
      await audit(tx, user, quote, 'quote.accepted', { number: quote.number, orderId });
    },
  };
  return orders.place(user, request, fromQuote);
}
