// The invoice of a paid order as a PDF (docs/decisions/013-invoices-and-mail-queue.md): for the order's
// owner and admins; anyone else's order answers 404 like a missing one, as GET /order/{id} does.

import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { currentUser } from '../auth/guards';
import { AppError, notFound } from '../errors';
import { invoiceFileName, renderInvoicePdf } from '../invoices/invoice-pdf';
import { parseParam } from '../lib/validate';
import { findOrderDocument, invoiceOf } from '../repositories/invoices';

const invoices: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  app.get<{ Params: { id: string } }>('/orders/:id/invoice', { preHandler: app.guards.signedIn }, async (request, reply) => {
    const user = currentUser(request);
    const id = parseParam(IdSchema, request.params.id, 'That order');
    const doc = await findOrderDocument(db, id);
    if (!doc || (doc.order.userId !== user.id && user.role !== 'admin')) throw notFound('That order');
    const invoice = invoiceOf(doc);
    if (!invoice) throw new AppError('invalid_state', 'This order has no invoice yet: an invoice is made when the order is paid.');
    const pdf = await renderInvoicePdf(invoice);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.invoiceNo)}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
};
export default invoices;
