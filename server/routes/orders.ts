// Every /api/orders endpoint, the customer's and the admin's, around one state machine
// (DESIGN section 6): Unpaid -> Paid -> Shipped, stock reserved at creation and returned on deletion.

import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { MAX_ORDER_TOTAL } from '../../src/contract/constants';
import { EmailSchema, IdSchema } from '../../src/contract/fields';
import { AdminOrdersQuerySchema, CreateOrderBodySchema, type CreateOrderBody } from '../../src/contract/order';
import { orderTotal } from '../../src/contract/pricing';
import { currentUser, type AuthUser } from '../auth/guards';
import type { Db } from '../db/client';
import { AppError, forbidden, invalid, notFound } from '../errors';
import { rateLimiter } from '../lib/rate-limiter';
import { parseBody, parseParam } from '../lib/validate';
import { deleteUnpaidOrder, findOrder, findOrderIdByClientOrderId, insertOrderIfAllowed, listOrdersByEmail, listOrdersPage, markOrderShipped, toOrder, type OrderRow } from '../repositories/orders';
import { findProduct, reserveStock, returnStock, toProduct, type ProductRow } from '../repositories/products';

const EmptyBodySchema = v.strictObject({});

function conflict(code: 'price_changed' | 'below_minimum' | 'out_of_stock', message: string, product: ProductRow): AppError {
  return new AppError(code, message, { product: toProduct(product) });
}

/**
 * Creates the order in one transaction: the server's price, the quantity rules, the stock reserved with
 * a conditional UPDATE, and the clientOrderId making a repeated request return the first order's id.
 */
async function placeOrder(db: Db, user: AuthUser, body: CreateOrderBody): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    // A repeat of an order already placed gets the first order's id back, whatever became of the product
    // since. Looked up only when this order cannot be made (a repeat that can be made meets the first one
    // at the unique index below), which spares every new order one round trip (README Performance).
    const refuse = async (error: AppError): Promise<{ id: string; created: boolean }> => {
      const earlier = await findOrderIdByClientOrderId(tx, user.email, body.clientOrderId);
      if (earlier) return { id: earlier, created: false };
      throw error;
    };

    // Insert first, reserve second: of several requests racing with one clientOrderId only the one whose
    // insert wins reserves stock; the others wait on the unique index and then return the winner's id.
    const quantity = body.orderQuantity;
    const placed = await insertOrderIfAllowed(tx, {
      userId: user.id,
      userEmail: user.email,
      userName: user.displayName.trim() || user.email,
      userAddress: body.userAddress,
      userPhone: body.userPhone,
      productId: body.productId,
      quantity,
      clientOrderId: body.clientOrderId,
      expectedTotal: body.totalPrice ?? null,
      maxTotal: MAX_ORDER_TOTAL,
    });

    if (!placed) {
      // Refused by a rule, a missing product, or a repeat: the product as it is now says which.
      const product = await findProduct(tx, body.productId);
      if (!product) return refuse(notFound('That product'));
      const totalPrice = orderTotal(quantity, product.price);
      if (body.totalPrice !== undefined && body.totalPrice !== totalPrice) {
        return refuse(conflict('price_changed', `The price has changed: ${quantity} pcs. now cost $${totalPrice}. Please confirm the new total.`, product));
      }
      if (quantity < product.minOrder) return refuse(conflict('below_minimum', `The minimum order for this product is ${product.minOrder} pcs.`, product));
      if (quantity > product.available) return refuse(conflict('out_of_stock', `Only ${product.available} pcs. are in stock.`, product));
      if (totalPrice > MAX_ORDER_TOTAL) return refuse(invalid('This order is larger than one order can be. Please split it into smaller orders.'));
      // Every rule holds, so the insert met an order with this clientOrderId.
      const winner = await findOrderIdByClientOrderId(tx, user.email, body.clientOrderId);
      if (!winner) throw new AppError('conflict', 'This order is being placed already. Please try again in a moment.');
      return { id: winner, created: false };
    }

    const reserved = await reserveStock(tx, body.productId, quantity);
    if (!reserved) {
      // Someone bought the stock since the insert read it; throwing rolls the insert back.
      const now = await findProduct(tx, body.productId);
      if (!now) throw notFound('That product');
      throw conflict('out_of_stock', `Only ${now.available} pcs. are in stock.`, now);
    }
    if (reserved.price !== placed.unitPrice) throw conflict('price_changed', 'The price has changed. Please confirm the new total.', reserved);
    return { id: placed.id, created: true };
  });
}

/** Deletes an Unpaid order and puts its quantity back on the shelf, in one transaction. */
async function deleteAndRestock(db: Db, id: string, mayDelete: (order: OrderRow) => boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, id);
    if (!order || !mayDelete(order)) throw notFound('That order');
    if (order.status !== 'Unpaid') throw new AppError('invalid_state', `Only unpaid orders can be deleted; this one is ${order.status}.`);
    const deleted = await deleteUnpaidOrder(tx, id);
    // Paid between the read and the delete: the conditional delete touched nothing.
    if (!deleted) throw new AppError('invalid_state', 'Only unpaid orders can be deleted; this one was just paid.');
    if (deleted.productId) await returnStock(tx, deleted.productId, deleted.quantity);
    return 1;
  });
}

const ordersRoutes: FastifyPluginAsync = async (app) => {
  const { config, database } = app.deps;
  const { db } = database;
  const perUser = rateLimiter(config.rateLimits.ordersPerMinute, 60_000, 'Too many orders in a minute. Please wait a moment and try again.');

  app.post('/orders', { preHandler: app.guards.customer }, async (request, reply) => {
    const user = currentUser(request);
    perUser.hit(user.id, reply);
    const body = parseBody(CreateOrderBodySchema, request.body);
    const { id, created } = await placeOrder(db, user, body);
    return reply.status(created ? 201 : 200).send({ insertedId: id });
  });

  app.get<{ Params: { email: string } }>('/orders/:email', { preHandler: app.guards.signedIn }, async (request, reply) => {
    const user = currentUser(request);
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    if (email !== user.email) throw forbidden('You can only see your own orders.');
    void reply.header('cache-control', 'no-store');
    return listOrdersByEmail(db, email);
  });

  // Someone else's order answers 404 like a missing one: ids are never confirmed to strangers.
  app.get<{ Params: { id: string } }>('/order/:id', { preHandler: app.guards.signedIn }, async (request, reply) => {
    const user = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, 'That order');
    const order = await findOrder(db, id);
    if (!order || (order.userEmail !== user.email && user.role !== 'admin')) throw notFound('That order');
    void reply.header('cache-control', 'no-store');
    return toOrder(order);
  });

  app.delete<{ Params: { id: string } }>('/orders/:id', { preHandler: app.guards.signedIn }, async (request) => {
    const user = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, 'That order');
    return { deletedCount: await deleteAndRestock(db, id, (order) => order.userEmail === user.email) };
  });

  const admin = { preHandler: app.guards.admin };

  app.get('/orders', admin, async (request, reply) => {
    const query = parseBody(AdminOrdersQuerySchema, request.query);
    const { items, total } = await listOrdersPage(db, query);
    void reply.header('cache-control', 'no-store');
    return { items, total, page: query.page, pageSize: query.pageSize };
  });

  app.patch<{ Params: { id: string } }>('/orders/:id', admin, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    if (request.body !== undefined && request.body !== null) parseBody(EmptyBodySchema, request.body);
    if (await markOrderShipped(db, id)) return { modifiedCount: 1 };
    const order = await findOrder(db, id);
    if (!order) throw notFound('That order');
    const why = order.status === 'Unpaid' ? 'it is not paid yet' : 'it is shipped already';
    throw new AppError('invalid_state', `Only paid orders can be shipped; ${why}.`);
  });

  app.delete<{ Params: { id: string } }>('/orders/admin/:id', admin, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    return { deletedCount: await deleteAndRestock(db, id, () => true) };
  });
};
export default ordersRoutes;
