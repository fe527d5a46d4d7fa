// A company's saved lists (docs/decisions/054-saved-lists.md): every member of the company reads and changes
// them, and so does a sales rep for the companies it orders for; anyone else is answered as if the company or
// the list did not exist. A list is saved whole under the id its app made (PUT), so a save sent twice changes
// nothing; every save and deletion is written to the audit log in its transaction.

import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import {
  MAX_SAVED_LISTS,
  SavedListBodySchema,
  SavedListsQuerySchema,
  savedListMessages,
  type SavedListLine,
  type SavedListsAnswer,
} from '../../src/contract/saved-list';
import { currentUser, type AuthUser } from '../auth/guards';
import type { Tx } from '../db/client';
import { AppError, invalid, notFound } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { actorOf, recordAudit, type AuditActor } from '../repositories/audit-log';
import { findMembership } from '../repositories/companies';
import {
  auditOfList,
  countSavedLists,
  deleteSavedList,
  isSavedListNameConflict,
  isSavedListNameTaken,
  linesOfTools,
  listSavedLists,
  lockCompanyLists,
  lockSavedList,
  putSavedList,
  savedListView,
} from '../repositories/saved-lists';
import { isRepOf } from '../repositories/sales-reps';
import { ORDER_BODY_LIMIT } from './orders';
import { savedListSchemas as schemas } from '../schemas/saved-lists';

const LIST = 'That list';
const missingList = () => new AppError('not_found', savedListMessages.notFound);

/**
 * The company whose lists the caller works on, and the caller as the audit log names it: a member's own
 * company (naming another is answered as missing), or the one a rep names among its companies.
 */
async function companyOf(tx: Tx, user: AuthUser, asked: string | undefined): Promise<{ companyId: string; actor: AuditActor }> {
  if (user.role === 'rep') {
    if (asked !== undefined && (await isRepOf(tx, user.id, asked))) return { companyId: asked, actor: actorOf(user) };
    throw notFound('That company');
  }
  const membership = await findMembership(tx, user.id);
  if (!membership || (asked !== undefined && asked !== membership.companyId)) throw notFound('That company');
  return { companyId: membership.companyId, actor: actorOf(user, membership.role) };
}

/** The caller as the list says who saved it last. */
const savedBy = (user: AuthUser) => ({ id: user.id, name: user.displayName.trim() || user.email });

const savedListRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const signedIn = app.guards.signedIn;

  app.get('/company/saved-lists', { preHandler: signedIn, schema: schemas.list }, async (request, reply): Promise<SavedListsAnswer> => {
    const query = parseBody(SavedListsQuerySchema, request.query);
    const { companyId } = await companyOf(db, currentUser(request), query.companyId);
    void reply.header('cache-control', 'no-store');
    return { lists: await listSavedLists(db, companyId) };
  });

  // A list is as long as an order may be, and takes the body an order of that length takes.
  app.put<{ Params: { id: string } }>(
    '/company/saved-lists/:id',
    { preHandler: signedIn, schema: schemas.put, bodyLimit: ORDER_BODY_LIMIT },
    async (request, reply) => {
      const id = parseParam(IdSchema, request.params.id, LIST);
      const body = parseBody(SavedListBodySchema, request.body);
      const user = currentUser(request);
      try {
        const { list, created } = await db.transaction(async (tx) => {
          const { companyId, actor } = await companyOf(tx, user, body.companyId);
          await lockCompanyLists(tx, companyId);
          const before = await lockSavedList(tx, id);
          // An id of another company's list is answered as a missing list, never replaced.
          if (before && before.companyId !== companyId) throw missingList();
          if (!before && (await countSavedLists(tx, companyId)) >= MAX_SAVED_LISTS) throw new AppError('conflict', savedListMessages.tooManyLists);
          if (await isSavedListNameTaken(tx, companyId, body.name, id)) throw duplicate(body.name);
          const tools = await linesOfTools(tx, body.lines);
          if (tools.missing !== null) {
            const field = `lines.${tools.missing - 1}.productId`;
            const message = savedListMessages.unknownTool(tools.missing);
            throw invalid(`${field}: ${message}`, { fields: [{ field, message }] });
          }
          // The same save sent again (its answer was lost) changes nothing, not even who saved it last.
          if (before && before.name === body.name && sameLines(before.lines, tools.lines)) return { list: savedListView(before), created: false };
          const row = await putSavedList(tx, { id, companyId, name: body.name, lines: tools.lines, by: savedBy(user) });
          await recordAudit(tx, actor, {
            action: before ? 'saved_list.changed' : 'saved_list.created',
            subjectType: 'saved_list',
            subjectId: id,
            companyId,
            ...(before ? { before: auditOfList(before) } : {}),
            after: auditOfList(row),
          });
          return { list: savedListView(row), created: before === null };
        });
        return await reply.code(created ? 201 : 200).send(list);
      } catch (error) {
        // Two saves naming two lists alike at once: the unique index refuses the second as the check above would have.
        if (isSavedListNameConflict(error)) throw duplicate(body.name);
        throw error;
      }
    },
  );

  app.delete<{ Params: { id: string } }>('/company/saved-lists/:id', { preHandler: signedIn, schema: schemas.remove }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, LIST);
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const before = await lockSavedList(tx, id);
      if (!before) throw missingList();
      // Whether the caller may work on the list's company; any other is answered as a missing list.
      const { actor } = await companyOf(tx, user, before.companyId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'not_found' ? missingList() : error;
      });
      await deleteSavedList(tx, id);
      await recordAudit(tx, actor, {
        action: 'saved_list.deleted',
        subjectType: 'saved_list',
        subjectId: id,
        companyId: before.companyId,
        before: auditOfList(before),
      });
      return { deletedCount: 1 };
    });
  });
};

const sameLines = (a: readonly SavedListLine[], b: readonly SavedListLine[]) =>
  a.length === b.length && a.every((line, index) => line.productId === b[index]?.productId && line.quantity === b[index]?.quantity);

/** A 409 under the name field: the form shows it where the name is typed. */
function duplicate(name: string): AppError {
  const message = savedListMessages.duplicateName(name);
  return new AppError('conflict', message, { fields: [{ field: 'name', message }] });
}

export default savedListRoutes;
