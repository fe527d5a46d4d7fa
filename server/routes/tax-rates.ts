// The shop's tax rates, for admins (docs/decisions/046-tax-per-ship-to-location.md): a rate per ship-to
// country, or per one of its states or regions, which beats the country's. Every change is written to the
// audit log in the same transaction. Orders keep the tax they were placed with; a change taxes the next ones.

import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { TaxRateInputSchema, taxMessages, type TaxRate, type TaxRateFields } from '../../src/contract/tax';
import { currentUser } from '../auth/guards';
import { AppError } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import { actorOf, recordAudit } from '../repositories/audit-log';
import { createTaxRate, deleteTaxRate, isTaxRatePlaceConflict, listTaxRates, lockTaxRate, updateTaxRate, type TaxRateWrite } from '../repositories/tax-rates';
import { taxRateSchemas as schemas } from '../schemas/tax-rates';

const missingRate = () => new AppError('not_found', `${taxMessages.notFound} was not found.`);

/** A rate as the audit log records it: `taxRateMicros`, so the log never reads it as a price list's exchange rate. */
const recorded = (rate: Pick<TaxRate, 'country' | 'region' | 'name' | 'rateMicros'>) => ({
  country: rate.country,
  region: rate.region,
  name: rate.name,
  taxRateMicros: rate.rateMicros,
});

const sameRate = (rate: TaxRate, fields: TaxRateFields) =>
  rate.country === fields.country && rate.region === fields.region && rate.name === fields.name && rate.rateMicros === fields.rate;

/** The written rate, or the refusal in the admin's words. */
function written(write: TaxRateWrite): TaxRate {
  if (write.kind === 'ok') return write.rate;
  if (write.kind === 'duplicate') throw new AppError('conflict', taxMessages.duplicate);
  if (write.kind === 'too_many') throw new AppError('conflict', taxMessages.tooMany);
  throw missingRate();
}

const taxRateRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const admin = app.guards.admin;

  /** Runs a write that may take a place another admin took at the same moment; the unique index answers it as the check would. */
  async function placing<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      if (isTaxRatePlaceConflict(error)) throw new AppError('conflict', taxMessages.duplicate);
      throw error;
    }
  }

  app.get('/tax-rates', { preHandler: admin, schema: schemas.list }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { items: await listTaxRates(db) };
  });

  app.post('/tax-rates', { preHandler: admin, schema: schemas.create }, async (request, reply) => {
    const body = parseBody(TaxRateInputSchema, request.body);
    const user = currentUser(request);
    const created = await placing(() =>
      db.transaction(async (tx) => {
        const rate = written(await createTaxRate(tx, body));
        await recordAudit(tx, actorOf(user), {
          action: 'tax_rate.created',
          subjectType: 'tax_rate',
          subjectId: rate.id,
          companyId: null,
          after: recorded(rate),
        });
        return rate;
      }),
    );
    return reply.code(201).send(created);
  });

  app.put<{ Params: { id: string } }>('/tax-rates/:id', { preHandler: admin, schema: schemas.update }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, taxMessages.notFound);
    const body = parseBody(TaxRateInputSchema, request.body);
    const user = currentUser(request);
    return placing(() =>
      db.transaction(async (tx) => {
        const before = await lockTaxRate(tx, id);
        if (!before) throw missingRate();
        if (sameRate(before, body)) return before;
        const after = written(await updateTaxRate(tx, id, body));
        await recordAudit(tx, actorOf(user), {
          action: 'tax_rate.changed',
          subjectType: 'tax_rate',
          subjectId: id,
          companyId: null,
          before: recorded(before),
          after: recorded(after),
        });
        return after;
      }),
    );
  });

  app.delete<{ Params: { id: string } }>('/tax-rates/:id', { preHandler: admin, schema: schemas.remove }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, taxMessages.notFound);
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const before = await deleteTaxRate(tx, id);
      if (!before) throw missingRate();
      await recordAudit(tx, actorOf(user), { action: 'tax_rate.deleted', subjectType: 'tax_rate', subjectId: id, companyId: null, before: recorded(before) });
      return { deletedCount: 1 };
    });
  });
};

export default taxRateRoutes;
