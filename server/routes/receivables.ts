// Receivables (docs/decisions/044-orders-on-account.md): the admin's view of what companies owe on
// invoices of orders on account, by age, and the payment reminder an admin sends a dealer for one of them.

import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { receivablesMessages } from '../../src/contract/receivables';
import { currentUser } from '../auth/guards';
import { AppError, notFound } from '../errors';
import { parseParam } from '../lib/validate';
import { actorOf, recordAudit } from '../repositories/audit-log';
import { findOrder } from '../repositories/orders';
import { requeueSentReminder } from '../repositories/mail-queue';
import { listReceivables } from '../repositories/receivables';
import { hasVerifiedAddress } from '../repositories/users';
import { receivablesSchemas as schemas } from '../schemas/receivables';
import { queueOrderMails } from '../services/mail';

const receivables: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const admin = app.guards.admin;

  app.get('/admin/receivables', { preHandler: admin, schema: schemas.receivables }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return listReceivables(db, new Date());
  });

  app.post<{ Params: { id: string } }>('/orders/:id/reminder', { preHandler: admin, schema: schemas.remind }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const order = await findOrder(tx, id);
      if (!order) throw notFound('That order');
      if (order.paymentTerms === 'card' || order.status !== 'Shipped' || order.paidAt !== null) {
        throw new AppError('invalid_state', receivablesMessages.notRemindable);
      }
      // The same rule queueOrderMails applies: only the order's own address, while its account has it verified.
      const queued = order.userId !== null && (await hasVerifiedAddress(tx, order.userId, order.userEmail));
      if (queued) await requeueSentReminder(tx, order.id, order.userEmail);
      await queueOrderMails(tx, 'reminder', order);
      await recordAudit(tx, actorOf(user), {
        action: 'invoice.reminded',
        subjectType: 'order',
        subjectId: order.id,
        companyId: order.companyId,
        after: { number: order.number, dueAt: order.dueAt?.toISOString() ?? null, to: order.userEmail, queued },
      });
      return { queued, to: order.userEmail };
    });
  });
};

export default receivables;
