// Price lists, for admins (docs/decisions/045-price-lists-and-money.md): the lists, their terms and their
// entries, and the list each company buys with. Every change raises the list's version once, with the list's
// row locked, and is written to the audit log in the same transaction. A list or a company changes currency
// only while its companies owe nothing in the present one: an invoice is paid in the currency it was written in.

import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { LIST_CURRENCY } from '../../src/contract/money';
import { PriceListInputSchema, priceListMessages, type PriceListInput } from '../../src/contract/price-list';
import {
  CompanyPriceListBodySchema,
  PriceListDetailQuerySchema,
  PriceListEntriesBodySchema,
  priceListAdminMessages,
} from '../../src/contract/price-list-admin';
import { currentUser } from '../auth/guards';
import { AppError, invalid, notFound } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { actorOf, recordAudit } from '../repositories/audit-log';
import {
  bumpPriceListVersion,
  companiesUsing,
  deletePriceList,
  findLiveEntry,
  findPriceList,
  findPriceListSummary,
  insertPriceList,
  isPriceListNameConflict,
  isPriceListNameTaken,
  listEntriesPage,
  listPriceListSummaries,
  lockCompanyPriceList,
  lockPriceList,
  markEntryRemoved,
  owesInPresentCurrency,
  priceListView,
  setCompanyPriceList,
  toolsByIds,
  updatePriceListTerms,
  upsertEntries,
  type PriceListRow,
} from '../repositories/price-lists';
import { priceListSchemas as schemas } from '../schemas/price-lists';

const PRICE_LIST = 'That price list';
const missingList = () => new AppError('not_found', priceListMessages.notFound);

/** A list's terms as the audit log records them. */
const termsOf = (row: PriceListRow | PriceListInput) => ({
  name: row.name,
  currency: row.currency,
  rateMicros: row.rateMicros,
  defaultPercentOff: row.defaultPercentOff,
});

const sameTerms = (row: PriceListRow, input: PriceListInput) =>
  row.name === input.name && row.currency === input.currency && row.rateMicros === input.rateMicros && row.defaultPercentOff === input.defaultPercentOff;

const priceLists: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const admin = app.guards.admin;

  /** Runs a change that may name a list as another already is; the unique index answers two at once alike. */
  async function naming<T>(name: string, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      if (isPriceListNameConflict(error)) throw new AppError('conflict', priceListAdminMessages.duplicateName(name));
      throw error;
    }
  }

  app.get('/admin/price-lists', { preHandler: admin, schema: schemas.list }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return listPriceListSummaries(db);
  });

  app.post('/admin/price-lists', { preHandler: admin, schema: schemas.create }, async (request, reply) => {
    const body = parseBody(PriceListInputSchema, request.body);
    const user = currentUser(request);
    const created = await naming(body.name, () =>
      db.transaction(async (tx) => {
        if (await isPriceListNameTaken(tx, body.name)) throw new AppError('conflict', priceListAdminMessages.duplicateName(body.name));
        const row = await insertPriceList(tx, body);
        if (!row) throw new AppError('conflict', priceListAdminMessages.duplicateName(body.name));
        await recordAudit(tx, actorOf(user), {
          action: 'price_list.created',
          subjectType: 'price_list',
          subjectId: row.id,
          companyId: null,
          after: { ...termsOf(row), version: row.version },
        });
        return row;
      }),
    );
    return reply.code(201).send(priceListView(created));
  });

  app.get<{ Params: { id: string } }>('/admin/price-lists/:id', { preHandler: admin, schema: schemas.detail }, async (request, reply) => {
    const id = parseParam(IdSchema, request.params.id, PRICE_LIST);
    const query = parseBody(PriceListDetailQuerySchema, request.query);
    const row = await findPriceList(db, id);
    const list = row && (await findPriceListSummary(db, id));
    if (!row || !list) throw missingList();
    void reply.header('cache-control', 'no-store');
    return { list, entries: await listEntriesPage(db, row, query) };
  });

  app.put<{ Params: { id: string } }>('/admin/price-lists/:id', { preHandler: admin, schema: schemas.update }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, PRICE_LIST);
    const body = parseBody(PriceListInputSchema, request.body);
    const user = currentUser(request);
    const updated = await naming(body.name, () =>
      db.transaction(async (tx) => {
        const before = await lockPriceList(tx, id);
        if (!before) throw missingList();
        if (sameTerms(before, body)) return before;
        if (await isPriceListNameTaken(tx, body.name, id)) throw new AppError('conflict', priceListAdminMessages.duplicateName(body.name));
        if (before.currency !== body.currency && (await owesInPresentCurrency(tx, await companiesUsing(tx, id)))) {
          throw new AppError('conflict', priceListMessages.currencyInUse);
        }
        const after = await updatePriceListTerms(tx, id, body);
        await recordAudit(tx, actorOf(user), {
          action: 'price_list.changed',
          subjectType: 'price_list',
          subjectId: id,
          companyId: null,
          before: { ...termsOf(before), version: before.version },
          after: { ...termsOf(after), version: after.version },
        });
        return after;
      }),
    );
    return priceListView(updated);
  });

  app.delete<{ Params: { id: string } }>('/admin/price-lists/:id', { preHandler: admin, schema: schemas.remove }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, PRICE_LIST);
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const before = await lockPriceList(tx, id);
      if (!before) throw missingList();
      if ((await companiesUsing(tx, id)).length > 0) throw new AppError('conflict', priceListMessages.inUse);
      await deletePriceList(tx, id);
      await recordAudit(tx, actorOf(user), {
        action: 'price_list.deleted',
        subjectType: 'price_list',
        subjectId: id,
        companyId: null,
        before: { ...termsOf(before), version: before.version },
      });
      return { deletedCount: 1 };
    });
  });

  app.put<{ Params: { id: string } }>('/admin/price-lists/:id/entries', { preHandler: admin, schema: schemas.writeEntries }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, PRICE_LIST);
    const { entries } = parseBody(PriceListEntriesBodySchema, request.body);
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const list = await lockPriceList(tx, id);
      if (!list) throw missingList();
      const tools = await toolsByIds(
        tx,
        entries.map((entry) => entry.productId),
      );
      for (const entry of entries) {
        const tool = tools.get(entry.productId);
        if (!tool) throw invalid(priceListAdminMessages.unknownTool(entry.productId));
        if (entry.price !== null && entry.tiers.some((tier) => tier.price >= (entry.price ?? 0))) {
          throw invalid(priceListAdminMessages.tierAboveFixed(`${tool.name} (${tool.sku})`));
        }
      }
      const version = await bumpPriceListVersion(tx, id);
      await upsertEntries(tx, id, entries, version);
      await recordAudit(tx, actorOf(user), {
        action: 'price_list.entries_changed',
        subjectType: 'price_list',
        subjectId: id,
        companyId: null,
        before: { version: list.version },
        after: { version, entries },
      });
      return { version };
    });
  });

  app.delete<{ Params: { id: string; productId: string } }>(
    '/admin/price-lists/:id/entries/:productId',
    { preHandler: admin, schema: schemas.removeEntry },
    async (request) => {
      const id = parseParam(IdSchema, request.params.id, PRICE_LIST);
      const productId = parseParam(IdSchema, request.params.productId, 'That tool');
      const user = currentUser(request);
      return db.transaction(async (tx) => {
        const list = await lockPriceList(tx, id);
        if (!list) throw missingList();
        const entry = await findLiveEntry(tx, id, productId);
        if (!entry) throw new AppError('not_found', priceListAdminMessages.noEntry);
        const version = await bumpPriceListVersion(tx, id);
        await markEntryRemoved(tx, id, productId, version);
        await recordAudit(tx, actorOf(user), {
          action: 'price_list.entry_removed',
          subjectType: 'price_list',
          subjectId: id,
          companyId: null,
          before: { version: list.version, entry },
          after: { version },
        });
        return { version };
      });
    },
  );

  app.put<{ Params: { id: string } }>('/admin/companies/:id/price-list', { preHandler: admin, schema: schemas.assign }, async (request) => {
    const companyId = parseParam(IdSchema, request.params.id, 'That company');
    const { priceListId } = parseBody(CompanyPriceListBodySchema, request.body);
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const current = await lockCompanyPriceList(tx, companyId);
      if (!current) throw notFound('That company');
      // Locked, so the list cannot be deleted between this check and the company taking it.
      const next = priceListId === null ? null : await lockPriceList(tx, priceListId);
      if (priceListId !== null && !next) throw missingList();
      const after = next ? { id: next.id, name: next.name, currency: priceListView(next).currency } : null;
      if ((current.priceList?.id ?? null) === (after?.id ?? null)) return { priceList: after };
      if ((current.priceList?.currency ?? LIST_CURRENCY) !== (after?.currency ?? LIST_CURRENCY) && (await owesInPresentCurrency(tx, [companyId]))) {
        throw new AppError('conflict', priceListMessages.currencyInUse);
      }
      await setCompanyPriceList(tx, companyId, after?.id ?? null);
      await recordAudit(tx, actorOf(user), {
        action: 'company.price_list_changed',
        subjectType: 'company',
        subjectId: companyId,
        companyId,
        before: { priceList: current.priceList },
        after: { priceList: after },
      });
      return { priceList: after };
    });
  });
};

export default priceLists;
