// Orders on account (docs/decisions/044-orders-on-account.md): a company's account as its members read it,
// the admins setting a company's terms, releasing or refusing an order on hold, and recording a bank
// transfer that pays an invoice. Placing an order on account is POST /api/orders (server/routes/orders.ts).

import type { FastifyPluginAsync } from 'fastify';
import { accountMessages, AccountTermsBodySchema, BankPaymentBodySchema, RefuseOrderBodySchema } from '../../src/contract/account-terms';
import { IdSchema } from '../../src/contract/fields';
import { taxMessages } from '../../src/contract/tax';
import { currentUser } from '../auth/guards';
import { AppError, invalid, notFound } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { actorOf, recordAudit } from '../repositories/audit-log';
import { findAccountStanding, findAccountTerms, findTaxExemption, lockCompanyAccount, setAccountTerms, setTaxExempt } from '../repositories/company-account';
import { findMembership } from '../repositories/companies';
import { withLines } from '../repositories/orders';
import { isRepOf } from '../repositories/sales-reps';
import { accountSchemas as schemas } from '../schemas/orders-on-account';
import { recordBankPayment, refuseOrder, releaseOrder, type AccountDecision } from '../services/orders';
import { withOneToolFields } from './one-tool-order';

const ordersOnAccount: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const admin = app.guards.admin;
  const heldFor = app.services.orders.heldFor;

  app.get<{ Querystring: { companyId?: string } }>(
    '/company/account',
    { preHandler: app.guards.signedIn, schema: schemas.standing },
    async (request, reply) => {
      const user = currentUser(request);
      const asked = request.query.companyId === undefined ? undefined : parseParam(IdSchema, request.query.companyId, 'That company');
      // A member reads its own company's account; a rep one of the companies it orders for. Anything else is missing.
      const companyId =
        user.role === 'rep' ? (asked && (await isRepOf(db, user.id, asked)) ? asked : null) : ((await findMembership(db, user.id))?.companyId ?? null);
      if (!companyId || (asked !== undefined && asked !== companyId)) throw notFound('That company');
      const standing = await findAccountStanding(db, companyId);
      if (!standing) throw notFound('That company');
      void reply.header('cache-control', 'no-store');
      return standing;
    },
  );

  app.put<{ Params: { id: string } }>('/admin/companies/:id/terms', { preHandler: admin, schema: schemas.setTerms }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That company');
    const body = parseBody(AccountTermsBodySchema, request.body);
    return db.transaction(async (tx) => {
      // Locked first, so a dealer removing the tax number waits for the exemption decided on it, and the other way round.
      await lockCompanyAccount(tx, id);
      const terms = await findAccountTerms(tx, id);
      const exemption = await findTaxExemption(tx, id);
      if (!terms || !exemption) throw notFound('That company');
      const taxExempt = body.taxExempt ?? exemption.taxExempt;
      if (taxExempt && exemption.taxNumber === null) {
        throw invalid(`taxExempt: ${taxMessages.exemptNeedsTaxNumber}`, { fields: [{ field: 'taxExempt', message: taxMessages.exemptNeedsTaxNumber }] });
      }
      if (!(await setAccountTerms(tx, id, body))) throw notFound('That company');
      if (taxExempt !== exemption.taxExempt) await setTaxExempt(tx, id, taxExempt);
      await recordAudit(tx, actorOf(currentUser(request)), {
        action: 'company.terms_changed',
        subjectType: 'company',
        subjectId: id,
        companyId: id,
        before: { ...terms, taxExempt: exemption.taxExempt },
        after: {
          paymentTerms: body.paymentTerms,
          creditLimit: body.creditLimit,
          poRequired: body.poRequired,
          depositPercent: body.depositPercent ?? terms.depositPercent ?? 0,
          taxExempt,
        },
      });
      const standing = await findAccountStanding(tx, id);
      if (!standing) throw notFound('That company');
      return standing;
    });
  });

  /** The order as the API answers it, or the refusal: 404 for a missing order, 409 when it is not in the state asked for. */
  async function answer(decision: AccountDecision, wrongState: string) {
    if (decision.outcome === 'missing') throw notFound('That order');
    if (decision.outcome === 'wrong_state') throw new AppError('invalid_state', `${wrongState} This one is ${decision.order.status}.`);
    const [order] = await withLines(db, [decision.order], heldFor);
    return order && withOneToolFields(order);
  }

  app.post<{ Params: { id: string } }>('/orders/:id/release', { preHandler: admin, schema: schemas.release }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    return answer(await releaseOrder(db, id, currentUser(request)), accountMessages.notOnHold);
  });

  app.post<{ Params: { id: string } }>('/orders/:id/refuse', { preHandler: admin, schema: schemas.refuse }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    const { reason } = parseBody(RefuseOrderBodySchema, request.body);
    return answer(await refuseOrder(db, id, reason, currentUser(request)), accountMessages.notOnHold);
  });

  app.post<{ Params: { id: string } }>('/orders/:id/bank-payment', { preHandler: admin, schema: schemas.bankPayment }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That order');
    const { reference } = parseBody(BankPaymentBodySchema, request.body);
    return answer(await recordBankPayment(db, id, reference, currentUser(request)), accountMessages.notInvoiceOpen);
  });
};
export default ordersOnAccount;
