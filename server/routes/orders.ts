// Every /api/orders endpoint, the customer's and the admin's, around one state machine
// (docs/architecture.md, "Orders and stock"): Unpaid -> Paid -> Shipped, or on account Confirmed (or On hold
// until an admin decides) -> Shipped (./orders-on-account.ts has the admins' decisions); stock reserved at
// creation and returned on deletion, refusal or when an unpaid order's hold runs out. The rules live in server/services/orders.ts;
// the one-tool order's body and answer fields are made at the edge (./one-tool-order.ts). Which orders a
// dealer sees and acts on (their own, or their company's) is the orders repository's one rule, dealerSeesOrder.

import type { FastifyPluginAsync } from 'fastify';
import { accountMessages } from '../../src/contract/account-terms';
import { MAX_ORDER_LINES } from '../../src/contract/constants';
import { EmailSchema, IdSchema } from '../../src/contract/fields';
import { AdminOrdersQuerySchema, MyOrdersQuerySchema, OrderBodySchema, OneToolOrderBodySchema, ShipOrderBodySchema } from '../../src/contract/order';
import { currentUser } from '../auth/guards';
import { AppError, forbidden, notFound } from '../errors';
import { orderSearchOf } from '../lib/order-search';
import { defineRateLimit } from '../lib/rate-limit';
import { parseBody, parseParam } from '../lib/validate';
import { findOrder, findOrderSeenBy, listOrdersPage, listOrdersSeenBy, withLines } from '../repositories/orders';
import { orderSchemas as schemas } from '../schemas/orders';
import { depositCharge, markOrderShipped, orderToActOn, undoOrderShipped } from '../services/orders';
import { isOneToolOrderBody, placeOneToolOrder, withOneToolFields } from './one-tool-order';
import dealerPrices from './dealer-prices';
import ordersOnAccount from './orders-on-account';

/**
 * The one JSON body allowed past 64 KiB: an order of MAX_ORDER_LINES lines, each at most about 130 bytes (an
 * id, a quantity and the prices the dealer saw), plus the usual 64 KiB for the rest.
 */
export const ORDER_BODY_LIMIT = 64 * 1024 + MAX_ORDER_LINES * 160;

const ordersRoutes: FastifyPluginAsync = async (app) => {
  const { config, database } = app.deps;
  const { db } = database;
  const orders = app.services.orders;
  await app.register(ordersOnAccount);
  await app.register(dealerPrices);
  const perUser = defineRateLimit(app, {
    name: 'orders-user',
    max: config.rateLimits.ordersPerMinute,
    windowMs: 60_000,
    message: 'Too many orders in a minute. Please wait a moment and try again.',
    // Ordering is the business; without the shared store the unpaid cap per account (decision 011) still
    // bounds what one account can hold (docs/decisions/012).
    whenStoreDown: 'allow',
  });

  app.post('/orders', { preHandler: app.guards.orderer, schema: schemas.create, bodyLimit: ORDER_BODY_LIMIT }, async (request, reply) => {
    const user = currentUser(request);
    await perUser.hit(user.id, request, reply);
    if (isOneToolOrderBody(request.body)) {
      // The spec's one-tool order is answered as it always was, its id alone (docs/decisions/030).
      const { id, created } = await placeOneToolOrder(orders, user, parseBody(OneToolOrderBodySchema, request.body));
      const status = (await findOrder(db, id))?.status;
      // An order to pay by card answers its id alone, as it always did; one on account says where it stands.
      return reply.status(created ? 201 : 200).send({ insertedId: id, ...(status && status !== 'Unpaid' ? { status } : {}) });
    }
    const { id, created } = await orders.place(user, parseBody(OrderBodySchema, request.body));
    // The number the dealer will quote and where the order stands, read back as the database gave them.
    const placed = await findOrder(db, id);
    return reply.status(created ? 201 : 200).send({
      insertedId: id,
      number: placed?.number,
      status: placed?.status,
      statusReason: placed?.statusReason ?? null,
      ...(placed && placed.depositMinor > 0 ? { depositMinor: placed.depositMinor } : {}),
    });
  });

  app.get<{ Params: { email: string } }>('/orders/:email', { preHandler: app.guards.signedIn, schema: schemas.byEmail }, async (request, reply) => {
    const user = currentUser(request);
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    if (email !== user.email) throw forbidden('You can only see your own orders.');
    const search = orderSearchOf(parseBody(MyOrdersQuerySchema, request.query));
    void reply.header('cache-control', 'no-store');
    // By the signed-in user's id and membership: a new account with a deleted dealer's address sees none of
    // those orders, and a company's admin (or a buyer who sees all) sees every order of the company.
    return (await listOrdersSeenBy(db, user.id, orders.heldFor, search)).map(withOneToolFields);
  });

  // Someone else's order answers 404 like a missing one: ids are never confirmed to strangers.
  app.get<{ Params: { id: string } }>('/order/:id', { preHandler: app.guards.signedIn, schema: schemas.one }, async (request, reply) => {
    const user = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, 'That order');
    const order = user.role === 'admin' ? await findOrder(db, id) : await findOrderSeenBy(db, id, user.id);
    if (!order) throw notFound('That order');
    void reply.header('cache-control', 'no-store');
    const [withItsLines] = await withLines(db, [order], orders.heldFor);
    return withItsLines && withOneToolFields(withItsLines);
  });

  app.delete<{ Params: { id: string } }>('/orders/:id', { preHandler: app.guards.signedIn, schema: schemas.remove }, async (request) => {
    const user = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, 'That order');
    // The one who placed it and the company's admin may delete an unpaid order, as they may pay it.
    await orderToActOn(db, id, user.id);
    return { deletedCount: await orders.remove(id, () => true) };
  });

  const admin = app.guards.admin;

  app.get('/orders', { preHandler: admin, schema: schemas.list }, async (request, reply) => {
    const query = parseBody(AdminOrdersQuerySchema, request.query);
    // Admins also find an order by its customer's name or e-mail.
    const { items, total } = await listOrdersPage(db, { ...orderSearchOf(query, true), page: query.page, pageSize: query.pageSize, heldFor: orders.heldFor });
    void reply.header('cache-control', 'no-store');
    return { items: items.map(withOneToolFields), total, page: query.page, pageSize: query.pageSize };
  });

  app.patch<{ Params: { id: string } }>('/orders/:id', { preHandler: admin, schema: schemas.ship }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    // No body ships without details, as the spec's clients send it.
    const body = request.body === undefined || request.body === null ? {} : parseBody(ShipOrderBodySchema, request.body);
    if (await markOrderShipped(db, id, { carrier: body.carrier || null, trackingNumber: body.trackingNumber || null })) return { modifiedCount: 1 };
    const order = await findOrder(db, id);
    if (!order) throw notFound('That order');
    if (depositCharge(order)) throw new AppError('invalid_state', accountMessages.depositBeforeShipping);
    const why: Record<typeof order.status, string> = {
      Unpaid: 'it is not paid yet',
      'On hold': 'it is on hold: release it first',
      Refused: 'it was refused',
      Shipped: 'it is shipped already',
      Paid: 'it is shipped already',
      Confirmed: 'it is shipped already',
      'Awaiting approval': 'it waits for the company’s approval',
      Declined: 'the company declined it',
    };
    throw new AppError('invalid_state', `Only paid orders and orders confirmed on account can be shipped; ${why[order.status]}.`);
  });

  app.delete<{ Params: { id: string } }>('/orders/:id/shipping', { preHandler: admin, schema: schemas.undoShip }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    const outcome = await undoOrderShipped(db, id);
    if (outcome === 'undone') return { modifiedCount: 1 };
    if (outcome === 'too_late') {
      throw new AppError('invalid_state', 'Too late to undo: shipping can only be undone within one minute of marking the order shipped.');
    }
    if (!(await findOrder(db, id))) throw notFound('That order');
    throw new AppError('invalid_state', 'This order is not shipped, so there is no shipping to undo.');
  });

  app.delete<{ Params: { id: string } }>('/orders/admin/:id', { preHandler: admin, schema: schemas.removeAny }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    return { deletedCount: await orders.remove(id, () => true) };
  });
};
export default ordersRoutes;
