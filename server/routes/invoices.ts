// The invoice of an order as a PDF (docs/decisions/013-invoices-and-mail-queue.md), of a paid card order or a
// shipped order on account (docs/decisions/044-orders-on-account.md): for the dealers who
// see the order (its placer, their company's admin) and admins; anyone else's order answers 404 like a
// missing one, as GET /order/{id} does. Drawn once
// and kept, downloads limited per account (docs/decisions/028-costly-answers-made-once.md).

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { currentUser } from '../auth/guards';
import { AppError, notFound } from '../errors';
import { invoiceFileName } from '../invoices/invoice-pdf';
import { invoiceOf } from '../invoices/issued-invoice';
import { invoiceKeeper } from '../invoices/kept-invoice';
import { defineRateLimit } from '../lib/rate-limit';
import { parseParam } from '../lib/validate';
import { findOrderDocument } from '../repositories/invoices';
import { findOrderSeenBy } from '../repositories/orders';
import { invoiceSchema } from '../schemas/admin';

const invoices: FastifyPluginAsync = async (app) => {
  const { config, database } = app.deps;
  const { db } = database;
  const keeper = invoiceKeeper(db);
  // Counted before anything is read, so a loop on the download (or on ids that do not exist) costs a counter.
  const perUser = defineRateLimit(app, {
    name: 'invoices-user',
    max: config.invoiceDownloadsPerMinute,
    windowMs: 60_000,
    message: 'You have downloaded many invoices in the last minute. Please try again in a moment.',
    // A kept invoice is cheap to send, and an account's own invoices are worth more than the count.
    whenStoreDown: 'allow',
  });

  // Counted by the token's account before the account is read: a loop past the limit is refused from memory.
  const countDownload = async (request: FastifyRequest, reply: FastifyReply) => perUser.hit(await app.guards.tokenUserId(request), request, reply);

  app.get<{ Params: { id: string } }>(
    '/orders/:id/invoice',
    { preHandler: [countDownload, app.guards.signedIn], schema: invoiceSchema },
    async (request, reply) => {
      const user = currentUser(request);
      const id = parseParam(IdSchema, request.params.id, 'That order');
      if (user.role !== 'admin' && !(await findOrderSeenBy(db, id, user.id))) throw notFound('That order');
      const doc = await findOrderDocument(db, id);
      if (!doc) throw notFound('That order');
      const invoice = invoiceOf(doc);
      if (!invoice)
        throw new AppError(
          'invalid_state',
          doc.order.paymentTerms === 'card'
            ? 'This order has no invoice yet: an invoice is made when the order is paid.'
            : 'This order has no invoice yet: an order on account is invoiced when it ships.',
        );
      const kept = await keeper.pdfOf(invoice);
      const etag = `"${kept.sha256}"`;
      // Not stored by any cache, as every personal answer: an invoice carries the dealer's name and address,
      // and a counter tablet is shared (docs/decisions/029). The ETag still spares a client that sends it the body.
      void reply.header('etag', etag).header('cache-control', 'no-store');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.invoiceNo)}"`)
        .send(kept.pdf);
    },
  );
};
export default invoices;
