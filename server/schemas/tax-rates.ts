// What the admins' tax-rate routes take and answer (server/routes/tax-rates.ts).

import { DeletedCountSchema } from '../../src/contract/order';
import { MAX_TAX_RATES, TaxRateInputSchema, TaxRateListSchema, TaxRateSchema } from '../../src/contract/tax';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const tag = 'Admin' as const;
const INPUT =
  '`country` is an ISO 3166-1 alpha-2 code; `region` a state or region code within it (such as CA), or empty for the whole country; ' +
  '`name` the tax as invoices print it; `rate` the percentage as typed, such as "19" or "8.875". A region’s rate beats its country’s.';
const DUPLICATE = 'There is already a rate for that country and region.';

export const taxRateSchemas = {
  list: routeSchema({
    summary: 'Every tax rate',
    description: 'By country, the whole country’s rate first; `rateMicros` in millionths (190000 is 19 %).',
    tag,
    access: 'admin',
    answers: { 200: TaxRateListSchema },
  }),
  create: routeSchema({
    summary: 'Add a tax rate',
    description: `${INPUT} Orders placed from then on are taxed on it. Written to the audit log.`,
    tag,
    access: 'admin',
    body: TaxRateInputSchema,
    answers: { 201: TaxRateSchema },
    refusals: { 409: `${DUPLICATE} Or the shop already keeps ${MAX_TAX_RATES} rates.` },
  }),
  update: routeSchema({
    summary: 'Change a tax rate',
    description: `${INPUT} Orders placed before keep the tax they were placed with. Written to the audit log.`,
    tag,
    access: 'admin',
    params: IdParams,
    body: TaxRateInputSchema,
    answers: { 200: TaxRateSchema },
    refusals: { 409: DUPLICATE },
  }),
  remove: routeSchema({
    summary: 'Delete a tax rate',
    description: 'Orders to the place are taxed on its country’s rate from then on, or not at all. Written to the audit log.',
    tag,
    access: 'admin',
    params: IdParams,
    answers: { 200: DeletedCountSchema },
  }),
};
