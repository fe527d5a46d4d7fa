// Buyer approvals (docs/decisions/055-buyer-approvals-and-spending-limits.md): a company's approvers list the
// orders over a buyer's spending limit and approve or decline them. Which company is the caller's comes from the
// membership the database holds; another company's order is answered as a missing one. The rules are in
// server/services/approval-decisions.ts.

import type { FastifyPluginAsync } from 'fastify';
import { companyMessages } from '../../src/contract/dealer-company';
import { IdSchema } from '../../src/contract/fields';
import { ApprovalDecisionBodySchema, approvalMessages } from '../../src/contract/spending-limits';
import { currentUser } from '../auth/guards';
import { AppError, forbidden } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { findMembership } from '../repositories/companies';
import { isApproverOf, listWaitingOrders } from '../repositories/order-approvals';
import { findOrder, withLines } from '../repositories/orders';
import { approvalSchemas as schemas } from '../schemas/approvals';
import { decideApproval } from '../services/approval-decisions';
import { withOneToolFields } from './one-tool-order';

const approvalRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const heldFor = app.services.orders.heldFor;
  const signedIn = app.guards.signedIn;

  app.get('/company/approvals', { preHandler: signedIn, schema: schemas.waiting }, async (request, reply) => {
    const user = currentUser(request);
    const membership = user.role === 'customer' ? await findMembership(db, user.id) : null;
    if (!membership) throw new AppError('not_found', companyMessages.noCompany);
    if (!(await isApproverOf(db, user.id, membership.companyId))) throw forbidden(approvalMessages.onlyApprovers);
    void reply.header('cache-control', 'no-store');
    return (await withLines(db, await listWaitingOrders(db, membership.companyId), heldFor)).map(withOneToolFields);
  });

  app.post<{ Params: { id: string } }>('/orders/:id/approval', { preHandler: signedIn, schema: schemas.decide }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    const body = parseBody(ApprovalDecisionBodySchema, request.body);
    const { order } = await decideApproval(db, currentUser(request), id, body);
    // Read again: a repeated decision answers the order as it stands now.
    const [answer] = await withLines(db, [(await findOrder(db, order.id)) ?? order], heldFor);
    return answer && withOneToolFields(answer);
  });
};

export default approvalRoutes;
