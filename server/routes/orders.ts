// Every /api/orders endpoint, the customer's and the admin's, around one state machine
// (docs/architecture.md, "Orders and stock"): Unpaid -> Paid -> Shipped, stock reserved at creation and
// returned on deletion or when an unpaid order's hold runs out. The rules live in server/services/orders.ts;
// the one-tool order's body and answer fields are made at the edge (./one-tool-order.ts).

import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { EmailSchema, IdSchema } from '../../src/contract/fields';
import { AdminOrdersQuerySchema, OrderBodySchema, OneToolOrderBodySchema } from '../../src/contract/order';
import { currentUser } from '../auth/guards';
import { AppError, forbidden, notFound } from '../errors';
import { defineRateLimit } from '../lib/rate-limit';
import { parseBody, parseParam } from '../lib/validate';
import { findOrder, listOrdersByUser, listOrdersPage, withLines } from '../repositories/orders';
import { orderSchemas as schemas } from '../schemas/orders';
import { markOrderShipped } from '../services/orders';
import { isOneToolOrderBody, placeOneToolOrder, withOneToolFields } from './one-tool-order';

const EmptyBodySchema = v.strictObject({});

const ordersRoutes: FastifyPluginAsync = async (app) => {
  const { config, database } = app.deps;
  const { db } = database;
  const orders = app.services.orders;
  const perUser = defineRateLimit(app, {
    name: 'orders-user',
    max: config.rateLimits.ordersPerMinute,
    windowMs: 60_000,
    message: 'Too many orders in a minute. Please wait a moment and try again.',
    // Ordering is the business; without the shared store the unpaid cap per account (decision 011) still
    // bounds what one account can hold (docs/decisions/012).
    whenStoreDown: 'allow',
  });

  app.post('/orders', { preHandler: app.guards.customer, schema: schemas.create }, async (request, reply) => {
    const user = currentUser(request);
    await perUser.hit(user.id, request, reply);
    const { id, created } = isOneToolOrderBody(request.body)
      ? await placeOneToolOrder(orders, user, parseBody(OneToolOrderBodySchema, request.body))
      : await orders.place(user, parseBody(OrderBodySchema, request.body));
    return reply.status(created ? 201 : 200).send({ insertedId: id });
  });

  app.get<{ Params: { email: string } }>('/orders/:email', { preHandler: app.guards.signedIn, schema: schemas.byEmail }, async (request, reply) => {
    const user = currentUser(request);
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    if (email !== user.email) throw forbidden('You can only see your own orders.');
    void reply.header('cache-control', 'no-store');
    // By the signed-in user's id: a new account with a deleted dealer's address sees none of those orders.
    return (await listOrdersByUser(db, user.id, orders.heldFor)).map(withOneToolFields);
  });

  // Someone else's order answers 404 like a missing one: ids are never confirmed to strangers.
  app.get<{ Params: { id: string } }>('/order/:id', { preHandler: app.guards.signedIn, schema: schemas.one }, async (request, reply) => {
    const user = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, 'That order');
    const order = await findOrder(db, id);
    if (!order || (order.userId !== user.id && user.role !== 'admin')) throw notFound('That order');
    void reply.header('cache-control', 'no-store');
    const [withItsLines] = await withLines(db, [order], orders.heldFor);
    return withItsLines && withOneToolFields(withItsLines);
  });

  app.delete<{ Params: { id: string } }>('/orders/:id', { preHandler: app.guards.signedIn, schema: schemas.remove }, async (request) => {
    const user = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, 'That order');
    return { deletedCount: await orders.remove(id, (order) => order.userId === user.id) };
  });

  const admin = app.guards.admin;

  app.get('/orders', { preHandler: admin, schema: schemas.list }, async (request, reply) => {
    const query = parseBody(AdminOrdersQuerySchema, request.query);
    const { items, total } = await listOrdersPage(db, { ...query, heldFor: orders.heldFor });
    void reply.header('cache-control', 'no-store');
    return { items: items.map(withOneToolFields), total, page: query.page, pageSize: query.pageSize };
  });

  app.patch<{ Params: { id: string } }>('/orders/:id', { preHandler: admin, schema: schemas.ship }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    if (request.body !== undefined && request.body !== null) parseBody(EmptyBodySchema, request.body);
    if (await markOrderShipped(db, id)) return { modifiedCount: 1 };
    const order = await findOrder(db, id);
    if (!order) throw notFound('That order');
    const why = order.status === 'Unpaid' ? 'it is not paid yet' : 'it is shipped already';
    throw new AppError('invalid_state', `Only paid orders can be shipped; ${why}.`);
  });

  app.delete<{ Params: { id: string } }>('/orders/admin/:id', { preHandler: admin, schema: schemas.removeAny }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    return { deletedCount: await orders.remove(id, () => true) };
  });
};
export default ordersRoutes;
