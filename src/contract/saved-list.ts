// A company's saved lists (docs/decisions/054-saved-lists.md): named sets of tools and quantities ("Weekly
// restock") that every member of the company and its sales reps see, and turn into an order pad with today's
// prices and rules. What the pad's save dialog, the lists on the pad and the server agree on.

import * as v from 'valibot';
import { MAX_ORDER_LINES } from './constants';
import { cleanDisplayText, isBlankToReaders } from './display-text';
import { IdSchema } from './fields';
import { formatCount } from './pricing';
import { QuantitySchema } from './quantity-rules';

/** The longest name of a list, in characters. */
export const SAVED_LIST_NAME_MAX = 80;
/** The most lists one company keeps: each may hold as many tools as an order (MAX_ORDER_LINES). */
export const MAX_SAVED_LISTS = 100;

export const savedListMessages = {
  name: 'Name the list, such as “Weekly restock”.',
  nameTooLong: `A list’s name is at most ${SAVED_LIST_NAME_MAX} characters.`,
  noLines: 'A list holds at least one tool.',
  tooManyLines: `A list holds at most ${formatCount(MAX_ORDER_LINES)} tools, as an order does.`,
  twice: 'A tool is on the list twice: give it one line.',
  duplicateName: (name: string) => `Your company already has a list named “${name}”. Choose another name, or replace that list.`,
  tooManyLists: `Your company keeps at most ${MAX_SAVED_LISTS} lists: delete one you no longer use first.`,
  unknownTool: (line: number) => `Line ${line}: that tool is no longer in the catalogue. Remove it from the list.`,
  notFound: 'That list was not found: someone may have deleted it.',
  otherCompany: 'That list belongs to another company.',
} as const;

/** A list's name as the dealer types it: trimmed, seen, 1 to SAVED_LIST_NAME_MAX characters. */
export const SavedListNameSchema = v.pipe(
  v.string(savedListMessages.name),
  v.transform(cleanDisplayText),
  v.check((name) => !isBlankToReaders(name), savedListMessages.name),
  v.maxLength(SAVED_LIST_NAME_MAX, savedListMessages.nameTooLong),
);

export const SavedListLineInputSchema = v.strictObject({ productId: IdSchema, quantity: QuantitySchema });

/**
 * `PUT /api/company/saved-lists/{id}`: the whole list, made or replaced. The id is made by the app, so a save
 * sent again (the answer was lost) changes nothing. A sales rep names the company it is for.
 */
export const SavedListBodySchema = v.strictObject({
  companyId: v.optional(IdSchema),
  name: SavedListNameSchema,
  lines: v.pipe(
    v.array(SavedListLineInputSchema, savedListMessages.noLines),
    v.minLength(1, savedListMessages.noLines),
    v.maxLength(MAX_ORDER_LINES, savedListMessages.tooManyLines),
    v.check((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, savedListMessages.twice),
  ),
});
export type SavedListBody = v.InferOutput<typeof SavedListBodySchema>;

export const SavedListsQuerySchema = v.strictObject({ companyId: v.optional(IdSchema) });

/** One tool of a saved list, named as it was when the list was saved: a tool deleted since is still named. */
export const SavedListLineSchema = v.object({
  productId: v.string(),
  quantity: v.number(),
  productName: v.string(),
  sku: v.string(),
});
export type SavedListLine = v.InferOutput<typeof SavedListLineSchema>;

export const SavedListSchema = v.object({
  id: v.string(),
  companyId: v.string(),
  name: v.string(),
  lines: v.array(SavedListLineSchema),
  createdAt: v.string(),
  /** ISO time of the last save, and the name of whoever made it. */
  updatedAt: v.string(),
  updatedBy: v.string(),
});
export type SavedList = v.InferOutput<typeof SavedListSchema>;

/** The company's lists, by name. */
export const SavedListsAnswerSchema = v.object({ lists: v.array(SavedListSchema) });
export type SavedListsAnswer = v.InferOutput<typeof SavedListsAnswerSchema>;

/** Whether two names are the same list's name to the server: any case. */
export const sameListName = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');
