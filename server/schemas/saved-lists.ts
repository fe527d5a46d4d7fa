// What the saved-list routes take and answer (server/routes/saved-lists.ts).

import * as v from 'valibot';
import { IdSchema } from '../../src/contract/fields';
import { DeletedCountSchema } from '../../src/contract/order';
import { MAX_SAVED_LISTS, SAVED_LIST_NAME_MAX, SavedListBodySchema, SavedListSchema, SavedListsAnswerSchema } from '../../src/contract/saved-list';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const WHO = 'Every member of the company reads and changes its lists; a sales rep those of the companies it orders for, naming one with `companyId`.';

export const savedListSchemas = {
  list: routeSchema({
    summary: 'The company’s saved lists',
    description: `Named lists of tools and quantities, by name, each with its lines (the tool's name and SKU as they were when the list was saved), when it was last saved and by whom. ${WHO}`,
    tag: 'Orders',
    access: 'signedIn',
    query: v.object({ companyId: v.optional(IdSchema) }),
    answers: { 200: SavedListsAnswerSchema },
    refusals: { 404: 'The account has no company, or the company is not the member’s own or one the rep orders for.' },
  }),
  put: routeSchema({
    summary: 'Save a list',
    description:
      `Makes the list with this id, made by the app, or replaces its name and lines: sending the same save again changes nothing. Names are 1 to ${SAVED_LIST_NAME_MAX} characters, ` +
      `one per company in any case; a list holds 1 to 1,000 tools, each once, that are in the catalogue; a company keeps at most ${MAX_SAVED_LISTS} lists. ${WHO}`,
    tag: 'Orders',
    access: 'signedIn',
    params: IdParams,
    body: SavedListBodySchema,
    answers: { 200: { schema: SavedListSchema, description: 'The list was replaced.' }, 201: { schema: SavedListSchema, description: 'The list was made.' } },
    refusals: {
      404: 'The company is not the caller’s, or the id names another company’s list.',
      409: 'Another list of the company has that name, or the company keeps the most lists it may.',
    },
  }),
  remove: routeSchema({
    summary: 'Delete a saved list',
    description: WHO,
    tag: 'Orders',
    access: 'signedIn',
    params: IdParams,
    answers: { 200: DeletedCountSchema },
  }),
};
