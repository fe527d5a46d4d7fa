// What the admins' price-list routes take and answer (server/routes/price-lists.ts).

import * as v from 'valibot';
import { IdSchema } from '../../src/contract/fields';
import { DeletedCountSchema } from '../../src/contract/order';
import { PriceListInputSchema } from '../../src/contract/price-list';
import {
  CompanyPriceListAnswerSchema,
  CompanyPriceListBodySchema,
  MAX_ENTRIES_PER_REQUEST,
  PRICE_LIST_ENTRIES_PAGE_SIZE,
  PriceListDetailQuerySchema,
  PriceListDetailSchema,
  PriceListEntriesBodySchema,
  PriceListSchema,
  PriceListSummariesSchema,
  PriceListVersionSchema,
} from '../../src/contract/price-list-admin';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const tag = 'Admin' as const;
const TERMS =
  '`currency` is one of the shop’s currencies; `rateMicros` the units of it per US dollar of the list price, in millionths (1000000 for US ' +
  'dollars); `defaultPercentOff` the basis points off every tool the list does not price itself (1250 is 12.5 %).';
const CURRENCY_IN_USE = 'A company buying with the list owes invoices or has unpaid orders in the list’s present currency.';

export const priceListSchemas = {
  list: routeSchema({
    summary: 'Every price list',
    description: 'Each list’s terms and version, how many companies buy with it and how many tools it prices; by name.',
    tag,
    access: 'admin',
    answers: { 200: PriceListSummariesSchema },
  }),
  create: routeSchema({
    summary: 'Make a price list',
    description: `${TERMS} It starts at version 1 with no entries. Written to the audit log.`,
    tag,
    access: 'admin',
    body: PriceListInputSchema,
    answers: { 201: PriceListSchema },
    refusals: { 409: 'Another list has the name, whatever its case.' },
  }),
  detail: routeSchema({
    summary: 'A price list and a page of its entries',
    description:
      `The list with its counts, and ${PRICE_LIST_ENTRIES_PAGE_SIZE} of its tools by name (\`q\`: a part of the tool’s name or SKU), each with ` +
      'the tool’s list price in dollars and `dealerPrice`, what one piece costs on the list in minor units of its currency.',
    tag,
    access: 'admin',
    params: IdParams,
    query: PriceListDetailQuerySchema,
    answers: { 200: PriceListDetailSchema },
  }),
  update: routeSchema({
    summary: 'Change a price list’s terms',
    description: `${TERMS} Raises the list’s version. Written to the audit log.`,
    tag,
    access: 'admin',
    params: IdParams,
    body: PriceListInputSchema,
    answers: { 200: PriceListSchema },
    refusals: { 409: `Another list has the name; or the currency changes while ${CURRENCY_IN_USE.toLowerCase()}` },
  }),
  remove: routeSchema({
    summary: 'Delete a price list',
    description: 'With its entries. Orders priced with it keep their prices. Written to the audit log.',
    tag,
    access: 'admin',
    params: IdParams,
    answers: { 200: DeletedCountSchema },
    refusals: { 409: 'Companies still buy with the list.' },
  }),
  writeEntries: routeSchema({
    summary: 'Write tools’ entries on a price list',
    description:
      `Up to ${MAX_ENTRIES_PER_REQUEST} entries, each tool once: a fixed \`price\` in minor units of the list’s currency, or a \`percentOff\` in ` +
      'basis points (both null: the list’s own percentage), and `tiers` of the entry’s own, each price below the fixed one. An entry ' +
      'removed before is live again. Raises the list’s version once and answers it. Written to the audit log.',
    tag,
    access: 'admin',
    params: IdParams,
    body: PriceListEntriesBodySchema,
    answers: { 200: PriceListVersionSchema },
  }),
  removeEntry: routeSchema({
    summary: 'Remove a tool’s entry from a price list',
    description: 'The tool is priced by the list’s own percentage again. Raises the list’s version and answers it. Written to the audit log.',
    tag,
    access: 'admin',
    params: v.object({ id: IdSchema, productId: IdSchema }),
    answers: { 200: PriceListVersionSchema },
  }),
  assign: routeSchema({
    summary: 'Give a company a price list',
    description: 'The list the company buys with from now on, or null for the list price in US dollars. Written to the audit log.',
    tag,
    access: 'admin',
    params: IdParams,
    body: CompanyPriceListBodySchema,
    answers: { 200: CompanyPriceListAnswerSchema },
    refusals: { 409: 'The new list is in another currency while the company owes invoices or has unpaid orders in its present one.' },
  }),
};
