// The dealer's invoice portal (docs/decisions/044-orders-on-account.md): the invoices of the orders a dealer
// sees with the open balance, and paying several invoices on account with one card payment
// (server/services/invoice-payments.ts). Dealers only: admins and sales reps read orders in their own lists.

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { invoicePaymentMessages, InvoicesPaymentBodySchema, InvoicesQuerySchema, type InvoicesPortal } from '../../src/contract/invoices-portal';
import { ConfirmPaymentBodySchema } from '../../src/contract/order';
import { currentUser } from '../auth/guards';
import { forbidden } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { countPortalInvoices, listPortalInvoices, portalBalance } from '../repositories/invoice-portal';
import { invoicePortalSchemas as schemas } from '../schemas/invoice-portal';
import { invoicePaymentService } from '../services/invoice-payments';

const invoicePortal: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const service = invoicePaymentService({ db, payments: app.services.payments, log: app.log });

  const dealer = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.guards.signedIn(request, reply);
    if (currentUser(request).role !== 'customer') throw forbidden(invoicePaymentMessages.dealersOnly);
  };

  app.get('/invoices', { preHandler: dealer, schema: schemas.list }, async (request, reply): Promise<InvoicesPortal> => {
    const user = currentUser(request);
    // Personal: no cache on the way may keep it.
    void reply.header('cache-control', 'no-store');
    const query = parseBody(InvoicesQuerySchema, request.query);
    const [items, balance, counts] = await Promise.all([listPortalInvoices(db, user.id, query), portalBalance(db, user.id), countPortalInvoices(db, user.id)]);
    const total = query.state ? counts[query.state] : counts.open + counts.overdue + counts.paid;
    return { items, ...balance, counts, page: query.page, pageSize: query.pageSize, total };
  });

  app.post('/invoices/payment-intent', { preHandler: dealer, schema: schemas.createIntent }, async (request) => {
    const user = currentUser(request);
    const { orderIds } = parseBody(InvoicesPaymentBodySchema, request.body);
    return service.start(user.id, orderIds);
  });

  app.patch<{ Params: { id: string } }>('/invoices/payments/:id', { preHandler: dealer, schema: schemas.confirm }, async (request) => {
    const user = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, invoicePaymentMessages.paymentNotFound);
    const { transactionId } = parseBody(ConfirmPaymentBodySchema, request.body);
    return service.confirm(user.id, id, transactionId);
  });
};
export default invoicePortal;
