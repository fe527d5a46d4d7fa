// What the quote routes take and answer (server/routes/quotes.ts).

import * as v from 'valibot';
import { PlacedOrderSchema } from '../../src/contract/order';
import {
  QuoteAcceptBodySchema,
  QuoteAnswerBodySchema,
  QuoteAskAgainBodySchema,
  QuoteDeclineBodySchema,
  QuoteMessageBodySchema,
  QuoteRequestBodySchema,
  QuoteRequestedSchema,
  QuoteSchema,
  QuotesAnswerSchema,
  QUOTE_STATUSES,
} from '../../src/contract/quote';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const WHO =
  'An admin sees every quote; a sales rep those of the companies it orders for; a dealer its company’s. Any other quote is answered as a missing one (404).';
const DEALER = 'A member of the quote’s company.';
const SHOP = 'An admin, or a sales rep of the quote’s company.';
const CLOSED = { 404: 'No such quote, or not one the caller may see.', 409: 'The quote is closed: accepted or declined.' };

export const quoteSchemas = {
  list: routeSchema({
    summary: 'Quotes',
    description: `The quotes the caller sees, newest first (at most 200), each with its lines, prices and thread. \`status\` keeps those that read so now (expired: quoted, past its last day). ${WHO}`,
    tag: 'Quotes',
    access: 'signedIn',
    query: v.object({ status: v.optional(v.picklist(QUOTE_STATUSES)) }),
    answers: { 200: QuotesAnswerSchema },
  }),
  one: routeSchema({
    summary: 'A quote',
    description: WHO,
    tag: 'Quotes',
    access: 'signedIn',
    params: IdParams,
    answers: { 200: QuoteSchema },
    refusals: { 404: 'No such quote, or not one the caller may see.' },
  }),
  request: routeSchema({
    summary: 'Ask for a quote',
    description:
      'A dealer of an approved company asks for prices on 1 to 1,000 tools of the catalogue, each once, with a message. Each line keeps the dealer’s own unit price now, in the company’s currency. ' +
      '`clientQuoteId` is made by the app: the same request sent again answers the quote it made (200).',
    tag: 'Quotes',
    access: 'customer',
    body: QuoteRequestBodySchema,
    answers: {
      201: { schema: QuoteRequestedSchema, description: 'The quote was asked for.' },
      200: { schema: QuoteRequestedSchema, description: 'This request was sent before.' },
    },
    refusals: { 403: 'The account has no approved company.' },
  }),
  answer: routeSchema({
    summary: 'Price a quote',
    description: `${SHOP} A unit price in minor units of the quote’s currency for every line, the last day it may be accepted (today to 365 days ahead, to the end of the day UTC), and a message. Allowed while the quote is requested, quoted or expired; each answer is a new version.`,
    tag: 'Quotes',
    access: 'signedIn',
    params: IdParams,
    body: QuoteAnswerBodySchema,
    answers: { 200: QuoteSchema },
    refusals: CLOSED,
  }),
  message: routeSchema({
    summary: 'Write in a quote’s thread',
    description: `Either side. ${WHO}`,
    tag: 'Quotes',
    access: 'signedIn',
    params: IdParams,
    body: QuoteMessageBodySchema,
    answers: { 200: QuoteSchema },
    refusals: { 404: 'No such quote, or not one the caller may see.' },
  }),
  decline: routeSchema({
    summary: 'Decline a quote',
    description: `${DEALER} Closes the quote, with the dealer’s words for the shop.`,
    tag: 'Quotes',
    access: 'signedIn',
    params: IdParams,
    body: QuoteDeclineBodySchema,
    answers: { 200: QuoteSchema },
    refusals: CLOSED,
  }),
  askAgain: routeSchema({
    summary: 'Ask again for prices',
    description: `${DEALER} The quote waits for the shop’s prices again, with why.`,
    tag: 'Quotes',
    access: 'signedIn',
    params: IdParams,
    body: QuoteAskAgainBodySchema,
    answers: { 200: QuoteSchema },
    refusals: CLOSED,
  }),
  accept: routeSchema({
    summary: 'Accept a quote',
    description:
      `${DEALER} Places the order of the quote’s lines at the quoted prices (taken from the quote, never from the request), delivered and paid as the body says, as \`POST /api/orders\` does: ` +
      'stock, quantity rules, the company’s standing, credit and spending limits are checked as for any order. The quote must be quoted, within its last day, and at the `version` the dealer read. ' +
      'The same `clientOrderId` again answers the order placed.',
    tag: 'Quotes',
    access: 'customer',
    params: IdParams,
    body: QuoteAcceptBodySchema,
    answers: {
      201: { schema: PlacedOrderSchema, description: 'The order was placed.' },
      200: { schema: PlacedOrderSchema, description: 'This acceptance was sent before: its order.' },
    },
    refusals: {
      404: 'No such quote, or not one of the caller’s company.',
      409: 'The quote is not quoted, has expired, was priced again since the version read, or a line cannot be ordered now (its stock or rules).',
    },
  }),
};
