// Quotes (docs/decisions/058-quotes.md): dealers ask for prices on a list of tools, the shop (admins, and sales reps
// for their companies) answers, and an accepted quote becomes an order at its prices. The rules are in
// server/services/quotes.ts; every answer is the quote as it stands after the change.

import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import {
  QuoteAcceptBodySchema,
  QuoteAnswerBodySchema,
  QuoteAskAgainBodySchema,
  QuoteDeclineBodySchema,
  QuoteMessageBodySchema,
  QuoteRequestBodySchema,
  QuotesQuerySchema,
  quoteMessages,
  type Quote,
  type QuotesAnswer,
} from '../../src/contract/quote';
import { currentUser, type AuthUser } from '../auth/guards';
import { AppError } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { findOrder } from '../repositories/orders';
import { findQuote, listQuotes } from '../repositories/quotes';
import { quoteSchemas as schemas } from '../schemas/quotes';
import { acceptQuote, answerQuote, askAgain, declineQuote, postQuoteMessage, quoteScopeOf, requestQuote, sideOf } from '../services/quotes';
import type { Tx } from '../db/client';
import { ORDER_BODY_LIMIT } from './orders';

const QUOTE = 'That quote';

const quoteRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const orders = app.services.orders;
  const { signedIn, customer } = app.guards;

  /** The quote as the caller may read it now; anyone else is answered as if there were none. */
  async function readable(tx: Tx, user: AuthUser, id: string): Promise<Quote> {
    const quote = await findQuote(tx, id);
    if (!quote || !(await sideOf(tx, user, quote))) throw new AppError('not_found', quoteMessages.notFound);
    return quote;
  }

  app.get('/quotes', { preHandler: signedIn, schema: schemas.list }, async (request, reply): Promise<QuotesAnswer> => {
    const { status } = parseBody(QuotesQuerySchema, request.query);
    const scope = await quoteScopeOf(db, currentUser(request));
    void reply.header('cache-control', 'no-store');
    return { quotes: scope ? await listQuotes(db, scope, status) : [] };
  });

  app.get<{ Params: { id: string } }>('/quotes/:id', { preHandler: signedIn, schema: schemas.one }, async (request, reply) => {
    const id = parseParam(IdSchema, request.params.id, QUOTE);
    void reply.header('cache-control', 'no-store');
    return readable(db, currentUser(request), id);
  });

  // A request is as long as an order may be, and takes the body an order of that length takes.
  app.post('/quotes', { preHandler: customer, schema: schemas.request, bodyLimit: ORDER_BODY_LIMIT }, async (request, reply) => {
    const body = parseBody(QuoteRequestBodySchema, request.body);
    const { quote, created } = await db.transaction((tx) => requestQuote(tx, currentUser(request), body));
    return reply.code(created ? 201 : 200).send({ id: quote.id, number: quote.number, status: quote.status });
  });

  /** A change by the caller in one transaction, answered with the quote as it now stands. */
  const change =
    <T>(schema: Parameters<typeof parseBody>[0], run: (tx: Tx, user: AuthUser, id: string, body: T) => Promise<void>) =>
    async (request: { params: { id: string }; body: unknown } & Parameters<typeof currentUser>[0]) => {
      const id = parseParam(IdSchema, request.params.id, QUOTE);
      const body = parseBody(schema, request.body) as T;
      const user = currentUser(request);
      return db.transaction(async (tx) => {
        await run(tx, user, id, body);
        return readable(tx, user, id);
      });
    };

  app.post<{ Params: { id: string } }>(
    '/quotes/:id/answer',
    { preHandler: signedIn, schema: schemas.answer, bodyLimit: ORDER_BODY_LIMIT },
    change(QuoteAnswerBodySchema, answerQuote),
  );
  app.post<{ Params: { id: string } }>(
    '/quotes/:id/messages',
    { preHandler: signedIn, schema: schemas.message },
    change<{ body: string }>(QuoteMessageBodySchema, (tx, user, id, body) => postQuoteMessage(tx, user, id, body.body)),
  );
  app.post<{ Params: { id: string } }>(
    '/quotes/:id/decline',
    { preHandler: signedIn, schema: schemas.decline },
    change<{ message: string }>(QuoteDeclineBodySchema, (tx, user, id, body) => declineQuote(tx, user, id, body.message)),
  );
  app.post<{ Params: { id: string } }>(
    '/quotes/:id/ask-again',
    { preHandler: signedIn, schema: schemas.askAgain },
    change<{ message: string }>(QuoteAskAgainBodySchema, (tx, user, id, body) => askAgain(tx, user, id, body.message)),
  );

  app.post<{ Params: { id: string } }>('/quotes/:id/accept', { preHandler: customer, schema: schemas.accept }, async (request, reply) => {
    const id = parseParam(IdSchema, request.params.id, QUOTE);
    const body = parseBody(QuoteAcceptBodySchema, request.body);
    const placed = await acceptQuote(db, orders, currentUser(request), id, body);
    // Answered as POST /api/orders answers: the number the dealer will quote and where the order stands.
    const order = await findOrder(db, placed.id);
    return reply.code(placed.created ? 201 : 200).send({
      insertedId: placed.id,
      number: order?.number,
      status: order?.status,
      statusReason: order?.statusReason ?? null,
      ...(order && order.depositMinor > 0 ? { depositMinor: order.depositMinor } : {}),
    });
  });
};

export default quoteRoutes;
