// Sales reps (docs/decisions/043-sales-reps.md): admins make a customer a rep (and back) and assign companies
// to it; a rep reads the companies it orders for. Every change is written to the audit log in its own
// transaction. Orders for a company are placed through POST /api/orders with its `companyId`.

import type { FastifyPluginAsync } from 'fastify';
import { EmailSchema, IdSchema } from '../../src/contract/fields';
import { repMessages } from '../../src/contract/sales-rep';
import { currentUser } from '../auth/guards';
import { AppError, notFound } from '../errors';
import { parseParam } from '../lib/validate';
import { actorOf, recordAudit } from '../repositories/audit-log';
import { assignRep, listCompanyReps, listRepCompanies, listReps, makeCustomerOfRep, makeRep, unassignRep } from '../repositories/sales-reps';
import { salesRepSchemas as schemas } from '../schemas/sales-reps';

const salesReps: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const admin = app.guards.admin;

  app.put<{ Params: { email: string } }>('/user/rep/:email', { preHandler: admin, schema: schemas.makeRep }, async (request) => {
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const change = await makeRep(tx, email);
      if (change.outcome === 'not_found') throw notFound('That user');
      if (change.outcome === 'not_customer') throw new AppError('conflict', repMessages.notACustomer);
      if (change.outcome === 'last_company_admin') throw new AppError('conflict', repMessages.lastCompanyAdmin);
      if (change.outcome === 'unchanged') return { modifiedCount: 0 };
      await recordAudit(tx, actorOf(user), {
        action: 'user.made_rep',
        subjectType: 'user',
        subjectId: email,
        companyId: change.left?.companyId ?? null,
        before: { role: 'customer', company: change.left?.companyName ?? null },
        after: { role: 'rep', companyDeleted: change.left?.deleted ?? false },
      });
      return { modifiedCount: 1 };
    });
  });

  app.delete<{ Params: { email: string } }>('/user/rep/:email', { preHandler: admin, schema: schemas.makeCustomer }, async (request) => {
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const change = await makeCustomerOfRep(tx, email);
      if (change.outcome === 'not_found') throw notFound('That user');
      if (change.outcome === 'not_customer') throw new AppError('conflict', repMessages.notACustomer);
      if (change.outcome !== 'changed') return { modifiedCount: 0 };
      await recordAudit(tx, actorOf(user), {
        action: 'user.made_customer',
        subjectType: 'user',
        subjectId: email,
        companyId: change.ownCompany?.id ?? null,
        before: { role: 'rep', companies: change.companyIds },
        after: { role: 'customer', company: change.ownCompany?.name ?? null },
      });
      return { modifiedCount: 1 };
    });
  });

  app.get('/admin/reps', { preHandler: admin, schema: schemas.reps }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return listReps(db);
  });

  app.put<{ Params: { id: string; userId: string } }>('/admin/companies/:id/reps/:userId', { preHandler: admin, schema: schemas.assign }, async (request) => {
    const companyId = parseParam(IdSchema, request.params.id, 'That company');
    const repId = parseParam(IdSchema, request.params.userId, 'That sales rep');
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const assignment = await assignRep(tx, companyId, repId);
      if (assignment.outcome === 'no_company') throw notFound('That company');
      if (assignment.outcome === 'no_user') throw notFound('That sales rep');
      if (assignment.outcome === 'not_rep') throw new AppError('conflict', repMessages.notARep);
      const reps = await listCompanyReps(tx, companyId);
      if (assignment.outcome === 'assigned') {
        const rep = reps.find((candidate) => candidate.id === repId);
        await recordAudit(tx, actorOf(user), {
          action: 'rep.assigned',
          subjectType: 'user',
          subjectId: rep?.email ?? repId,
          companyId,
          after: { rep: rep?.email ?? repId },
        });
      }
      return reps;
    });
  });

  app.delete<{ Params: { id: string; userId: string } }>(
    '/admin/companies/:id/reps/:userId',
    { preHandler: admin, schema: schemas.unassign },
    async (request) => {
      const companyId = parseParam(IdSchema, request.params.id, 'That company');
      const repId = parseParam(IdSchema, request.params.userId, 'That sales rep');
      const user = currentUser(request);
      return db.transaction(async (tx) => {
        const before = await listCompanyReps(tx, companyId);
        const rep = before.find((candidate) => candidate.id === repId);
        if (!rep) throw notFound('That sales rep of the company');
        if (await unassignRep(tx, companyId, repId)) {
          await recordAudit(tx, actorOf(user), { action: 'rep.unassigned', subjectType: 'user', subjectId: rep.email, companyId, before: { rep: rep.email } });
        }
        return listCompanyReps(tx, companyId);
      });
    },
  );

  app.get('/rep/companies', { preHandler: app.guards.rep, schema: schemas.myCompanies }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return listRepCompanies(db, currentUser(request).id);
  });
};

export default salesReps;
