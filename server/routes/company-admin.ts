// The shop's side of dealer companies, for admins (docs/decisions/040-dealer-companies.md): the setting for
// new customers, the Companies page (applications and decisions) and the audit log. Every change here is
// written to the audit log in its own transaction; the log itself has no route that changes or deletes.

import type { FastifyPluginAsync } from 'fastify';
import {
  AdminCompaniesQuerySchema,
  AUDIT_PAGE_SIZE,
  AuditQuerySchema,
  companyAdminMessages,
  DecisionReasonBodySchema,
  ShopSettingsUpdateBodySchema,
  type CompanyDecision,
} from '../../src/contract/company-admin';
import { IdSchema } from '../../src/contract/fields';
import { currentUser } from '../auth/guards';
import { AppError, notFound } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { actorOf, listAudit, recordAudit } from '../repositories/audit-log';
import { companyNames, decideCompany, findAdminCompany, getCompanyDetail, listCompaniesPage } from '../repositories/company-admin';
import { queueCompanyDecisionMails } from '../repositories/mail-queue';
import { getShopSettings, lockShopSettings, setNewCustomers } from '../repositories/shop-settings';
import { companyAdminSchemas as schemas } from '../schemas/company-admin';

const COMPANY = 'That company';

/** What a decision refused by the company's status says, in the admin's words. */
const NOT_ALLOWED: Record<CompanyDecision, string> = {
  approve: companyAdminMessages.notApplied,
  reject: companyAdminMessages.notApplied,
  suspend: companyAdminMessages.notApproved,
  reinstate: companyAdminMessages.notSuspended,
};

const PAST_TENSE: Record<CompanyDecision, string> = { approve: 'approved', reject: 'rejected', suspend: 'suspended', reinstate: 'reinstated' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

const companyAdmin: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const admin = app.guards.admin;

  app.get('/admin/settings', { preHandler: admin, schema: schemas.settings }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return getShopSettings(db);
  });

  app.patch('/admin/settings', { preHandler: admin, schema: schemas.updateSettings }, async (request) => {
    const body = parseBody(ShopSettingsUpdateBodySchema, request.body);
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const before = await lockShopSettings(tx);
      if (before.newCustomers === body.newCustomers) return before;
      const after = await setNewCustomers(tx, body.newCustomers);
      await recordAudit(tx, actorOf(user), { action: 'setting.changed', subjectType: 'setting', subjectId: 'newCustomers', companyId: null, before, after });
      return after;
    });
  });

  app.get('/admin/companies', { preHandler: admin, schema: schemas.list }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const query = parseBody(AdminCompaniesQuerySchema, request.query);
    const { items, total, appliedCount } = await listCompaniesPage(db, query);
    return { items, total, page: query.page, pageSize: query.pageSize, appliedCount };
  });

  app.get<{ Params: { id: string } }>('/admin/companies/:id', { preHandler: admin, schema: schemas.detail }, async (request, reply) => {
    const id = parseParam(IdSchema, request.params.id, COMPANY);
    const detail = await getCompanyDetail(db, id);
    if (!detail) throw notFound(COMPANY);
    void reply.header('cache-control', 'no-store');
    return detail;
  });

  for (const decision of ['approve', 'reject', 'suspend', 'reinstate'] as const) {
    const needsReason = decision === 'reject' || decision === 'suspend';
    app.post<{ Params: { id: string } }>(`/admin/companies/:id/${decision}`, { preHandler: admin, schema: schemas[decision] }, async (request) => {
      const id = parseParam(IdSchema, request.params.id, COMPANY);
      const reason = needsReason ? parseBody(DecisionReasonBodySchema, request.body).reason : null;
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const outcome = await decideCompany(tx, id, decision, reason);
        if (outcome.kind === 'not_found') throw notFound(COMPANY);
        if (outcome.kind === 'not_allowed') throw new AppError('conflict', NOT_ALLOWED[decision]);
        await recordAudit(tx, actorOf(user), {
          action: `company.${PAST_TENSE[decision]}`,
          subjectType: 'company',
          subjectId: id,
          companyId: id,
          before: outcome.before,
          after: outcome.after,
        });
        // The answer to an application goes to the company's admins with the change, or not at all. A suspension and
        // a reinstatement are shown on the dealer's own pages; there is no mail of theirs.
        if (decision === 'approve') await queueCompanyDecisionMails(tx, id, 'company_approved');
        if (decision === 'reject') await queueCompanyDecisionMails(tx, id, 'company_rejected');
      });
      const company = await findAdminCompany(db, id);
      if (!company) throw notFound(COMPANY);
      return company;
    });
  }

  app.get('/admin/audit', { preHandler: admin, schema: schemas.audit }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const query = parseBody(AuditQuerySchema, request.query);
    const actor = query.actor ?? '';
    const rows = await listAudit(db, {
      ...(query.companyId ? { companyId: query.companyId } : {}),
      ...(UUID.test(actor) ? { actorId: actor.toLowerCase() } : actor !== '' ? { actorEmail: actor } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.from ? { from: new Date(query.from) } : {}),
      ...(query.to ? { to: new Date(query.to) } : {}),
      ...(query.before !== undefined ? { before: query.before } : {}),
      // One more than a page: whether an older page follows.
      limit: AUDIT_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, AUDIT_PAGE_SIZE);
    const names = await companyNames(db, [...new Set(page.flatMap((row) => (row.companyId ? [row.companyId] : [])))]);
    return {
      items: page.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        actorId: row.actorId,
        actorEmail: row.actorEmail,
        actorRole: row.actorRole,
        action: row.action,
        subjectType: row.subjectType,
        subjectId: row.subjectId,
        companyId: row.companyId,
        companyName: row.companyId ? (names.get(row.companyId) ?? null) : null,
        before: row.before,
        after: row.after,
      })),
      next: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    };
  });
};
export default companyAdmin;
