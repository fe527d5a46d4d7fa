// Quotes and their threads (docs/decisions/058-quotes.md). A quote's lines are fixed when it is asked for; the
// shop's answer writes a price on every line, a last day to accept and one more version. Every write locks the
// quote's row first, so an answer and an acceptance, or two answers, happen one after the other.

import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Quote, QuoteStatus, QuoteThreadMessage } from '../../src/contract/quote';
import { isCurrency } from '../../src/contract/money';
import type { Tx } from '../db/client';
import { companies, companyReps, orders, quoteMessages, quotes, type QuoteLineRow } from '../db/schema';

export type QuoteRow = typeof quotes.$inferSelect;

/** The most quotes one list answers with, newest first. */
export const QUOTES_PAGE = 200;

/** Today's date in UTC, YYYY-MM-DD: a quote may be accepted to the end of its last day, UTC. */
export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

/** The quote's status as both sides read it: a quoted quote past its last day is expired. */
export function quoteStatus(row: Pick<QuoteRow, 'status' | 'expiresOn'>, today = utcDay()): QuoteStatus {
  return row.status === 'quoted' && row.expiresOn !== null && row.expiresOn < today ? 'expired' : row.status;
}

/** Who may see which quotes: an admin every one, a sales rep its companies', a dealer its company's. */
export type QuoteScope = { all: true } | { repId: string } | { companyId: string };

function scopeFilter(scope: QuoteScope): SQL | undefined {
  if ('all' in scope) return undefined;
  if ('companyId' in scope) return eq(quotes.companyId, scope.companyId);
  return inArray(quotes.companyId, sql`(select ${companyReps.companyId} from ${companyReps} where ${companyReps.userId} = ${scope.repId})`);
}

/** The stored statuses that read as `status` (expired is a quoted one past its day). */
function statusFilter(status: QuoteStatus | undefined, today: string): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'expired') return and(eq(quotes.status, 'quoted'), sql`${quotes.expiresOn} < ${today}`);
  if (status === 'quoted') return and(eq(quotes.status, 'quoted'), sql`${quotes.expiresOn} >= ${today}`);
  return eq(quotes.status, status);
}

/** The quotes the scope sees, newest first, with their threads and the company's and order's names. */
export async function listQuotes(tx: Tx, scope: QuoteScope, status?: QuoteStatus): Promise<Quote[]> {
  const today = utcDay();
  const rows = await tx
    .select({ quote: quotes, companyName: companies.name, orderNumber: orders.number })
    .from(quotes)
    .leftJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(orders, eq(orders.id, quotes.orderId))
    .where(and(scopeFilter(scope), statusFilter(status, today)))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(QUOTES_PAGE);
  return withThreads(tx, rows, today);
}

/** One quote as both sides read it, or null when there is none with this id. */
export async function findQuote(tx: Tx, id: string): Promise<Quote | null> {
  const rows = await tx
    .select({ quote: quotes, companyName: companies.name, orderNumber: orders.number })
    .from(quotes)
    .leftJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(orders, eq(orders.id, quotes.orderId))
    .where(eq(quotes.id, id));
  const [quote] = await withThreads(tx, rows, utcDay());
  return quote ?? null;
}

async function withThreads(tx: Tx, rows: { quote: QuoteRow; companyName: string | null; orderNumber: string | null }[], today: string): Promise<Quote[]> {
  if (rows.length === 0) return [];
  const messages = await tx
    .select()
    .from(quoteMessages)
    .where(
      inArray(
        quoteMessages.quoteId,
        rows.map((row) => row.quote.id),
      ),
    )
    .orderBy(asc(quoteMessages.createdAt), asc(quoteMessages.id));
  const threads = new Map<string, QuoteThreadMessage[]>();
  for (const message of messages) {
    const thread = threads.get(message.quoteId) ?? [];
    thread.push({
      id: message.id,
      side: message.side,
      authorName: message.authorName,
      body: message.body,
      event: message.event,
      at: message.createdAt.toISOString(),
    });
    threads.set(message.quoteId, thread);
  }
  return rows.map(({ quote, companyName, orderNumber }) => ({
    id: quote.id,
    number: quote.number,
    status: quoteStatus(quote, today),
    version: quote.version,
    companyId: quote.companyId,
    companyName,
    requestedBy: { name: quote.userName, email: quote.userEmail },
    currency: isCurrency(quote.currency) ? quote.currency : 'USD',
    lines: quote.lines,
    expiresOn: quote.expiresOn,
    messages: threads.get(quote.id) ?? [],
    order: quote.orderId ? { id: quote.orderId, number: orderNumber } : null,
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
  }));
}

/** The quote's row, locked for the change that follows. */
export async function lockQuote(tx: Tx, id: string): Promise<QuoteRow | null> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row ?? null;
}

/** The user's quote made under this clientQuoteId, if any. */
export async function findQuoteByClientId(tx: Tx, userId: string, clientQuoteId: string): Promise<QuoteRow | null> {
  const [row] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.userId, userId), eq(quotes.clientQuoteId, clientQuoteId)))
    .limit(1);
  return row ?? null;
}

export interface NewQuote {
  clientQuoteId: string;
  user: { id: string; name: string; email: string };
  companyId: string;
  currency: string;
  lines: QuoteLineRow[];
}

/** Makes the quote, or gives null when the user already made one with this clientQuoteId (two sends at once). */
export async function insertQuote(tx: Tx, quote: NewQuote): Promise<QuoteRow | null> {
  const [row] = await tx
    .insert(quotes)
    .values({
      clientQuoteId: quote.clientQuoteId,
      userId: quote.user.id,
      userName: quote.user.name,
      userEmail: quote.user.email,
      companyId: quote.companyId,
      currency: quote.currency,
      lines: quote.lines,
    })
    .onConflictDoNothing({ target: [quotes.userId, quotes.clientQuoteId] })
    .returning();
  return row ?? null;
}

export async function updateQuote(
  tx: Tx,
  id: string,
  change: Partial<Pick<QuoteRow, 'status' | 'version' | 'lines' | 'expiresOn' | 'orderId'>>,
): Promise<void> {
  await tx
    .update(quotes)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(quotes.id, id));
}

export interface NewQuoteMessage {
  side: 'dealer' | 'shop';
  author: { id: string; name: string };
  event: QuoteThreadMessage['event'];
  body: string;
}

export async function addQuoteMessage(tx: Tx, quoteId: string, message: NewQuoteMessage): Promise<void> {
  await tx.insert(quoteMessages).values({
    quoteId,
    side: message.side,
    authorId: message.author.id,
    authorName: message.author.name,
    event: message.event,
    body: message.body,
  });
  await tx.update(quotes).set({ updatedAt: new Date() }).where(eq(quotes.id, quoteId));
}
