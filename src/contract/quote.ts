// Quotes (docs/decisions/058-quotes.md): a dealer asks for prices on the order pad's lines instead of placing
// the order, with a message; the shop (an admin, or a sales rep for its companies) answers with a price per
// line, an expiry date and a message; the dealer accepts (the order is placed at the quoted prices, which the
// server takes from the quote), declines, or asks again. Every step leaves a message in the quote's thread.
// What the pad, the dealer's and the shop's Quotes screens and the server agree on.

import * as v from 'valibot';
import { PaymentChoiceSchema, PoNumberSchema } from './account-terms';
import { MAX_ORDER_LINES } from './constants';
import { cleanDisplayText, isBlankToReaders } from './display-text';
import { AddressSchema, IdSchema, PhoneSchema } from './fields';
import { CURRENCIES } from './money';
import { ClientOrderIdSchema, LocationIdSchema } from './order';
import { formatCount } from './pricing';
import { QuantitySchema } from './quantity-rules';

/** The longest message of a quote's thread, in characters. */
export const QUOTE_MESSAGE_MAX = 2000;
/** How far ahead a quote's expiry may be set, in days. */
export const QUOTE_VALID_DAYS_MAX = 365;
/** The largest unit price a quote may name, in minor units (as an order's total may be at most so much). */
export const QUOTE_UNIT_PRICE_MAX_MINOR = 100_000_000_00;

/**
 * Where a quote stands. `requested`: waiting for the shop's prices (also after the dealer asked again);
 * `quoted`: priced, for the dealer to accept until its expiry; `expired`: quoted, and its expiry has passed;
 * `accepted`: an order was placed from it; `declined`: the dealer said no.
 */
export const QUOTE_STATUSES = ['requested', 'quoted', 'expired', 'accepted', 'declined'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A quote's status as both sides read it. */
export const QUOTE_STATUS_LABEL: Record<QuoteStatus, string> = {
  requested: 'Requested',
  quoted: 'Quoted',
  expired: 'Expired',
  accepted: 'Accepted',
  declined: 'Declined',
};

export const quoteMessages = {
  message: 'Write a message.',
  messageTooLong: `A message has at most ${formatCount(QUOTE_MESSAGE_MAX)} characters.`,
  noLines: 'A quote request holds at least one tool.',
  tooManyLines: `A quote request holds at most ${formatCount(MAX_ORDER_LINES)} tools, as an order does.`,
  twice: 'A tool is in the request twice: give it one line.',
  unknownTool: (line: number) => `Line ${line}: that tool is no longer in the catalogue. Remove it from the pad.`,
  notFound: 'That quote was not found.',
  noCompany: 'Only a dealer of an approved company can ask for a quote.',
  pricesForEveryLine: 'Give a price for every line of the request, and for nothing else.',
  unitPrice: 'A unit price is a whole number of cents, at least 0.',
  expiresOn: 'Choose the last day the quote may be accepted.',
  expiresPast: 'The last day to accept is today or later.',
  expiresTooFar: `A quote may be accepted for at most ${QUOTE_VALID_DAYS_MAX} days.`,
  notRequested: 'This quote is not waiting for prices any more: reload it to see where it stands.',
  notQuoted: 'This quote has no prices to accept: reload it to see where it stands.',
  expired: (day: string) => `This quote could be accepted until ${day}. Ask again for new prices.`,
  changed: 'The shop changed this quote since you opened it: read the new prices, then accept again.',
  closed: 'This quote is closed: it was accepted or declined.',
  currencyChanged: 'Your company’s prices are now in another currency: ask again for prices in it.',
} as const;

/** A message as typed: trimmed, seen, at most QUOTE_MESSAGE_MAX characters. */
export const QuoteMessageSchema = v.pipe(
  v.string(quoteMessages.message),
  v.transform(cleanDisplayText),
  v.check((text) => !isBlankToReaders(text), quoteMessages.message),
  v.maxLength(QUOTE_MESSAGE_MAX, quoteMessages.messageTooLong),
);

/** A message that may be left out or blank (a request, a decline, a quote sent without a word). */
export const OptionalQuoteMessageSchema = v.pipe(
  v.optional(v.string(quoteMessages.message), ''),
  v.transform(cleanDisplayText),
  v.maxLength(QUOTE_MESSAGE_MAX, quoteMessages.messageTooLong),
);

/**
 * `POST /api/quotes`: the pad's lines and the dealer's message. `clientQuoteId` is made by the app when the
 * request is saved (offline too), so a request sent again is answered with the first quote.
 */
export const QuoteRequestBodySchema = v.strictObject({
  clientQuoteId: IdSchema,
  lines: v.pipe(
    v.array(v.strictObject({ productId: IdSchema, quantity: QuantitySchema }), quoteMessages.noLines),
    v.minLength(1, quoteMessages.noLines),
    v.maxLength(MAX_ORDER_LINES, quoteMessages.tooManyLines),
    v.check((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, quoteMessages.twice),
  ),
  message: OptionalQuoteMessageSchema,
});
export type QuoteRequestBody = v.InferOutput<typeof QuoteRequestBodySchema>;

/** A calendar day, YYYY-MM-DD. */
const DaySchema = v.pipe(v.string(quoteMessages.expiresOn), v.regex(/^\d{4}-\d{2}-\d{2}$/u, quoteMessages.expiresOn));

/** `POST /api/quotes/{id}/answer`: a unit price for every line (in the quote's currency), the last day to accept, a message. */
export const QuoteAnswerBodySchema = v.strictObject({
  lines: v.pipe(
    v.array(
      v.strictObject({
        productId: IdSchema,
        unitPriceMinor: v.pipe(
          v.number(quoteMessages.unitPrice),
          v.integer(quoteMessages.unitPrice),
          v.minValue(0, quoteMessages.unitPrice),
          v.maxValue(QUOTE_UNIT_PRICE_MAX_MINOR, quoteMessages.unitPrice),
        ),
      }),
      quoteMessages.pricesForEveryLine,
    ),
    v.minLength(1, quoteMessages.pricesForEveryLine),
    v.maxLength(MAX_ORDER_LINES, quoteMessages.pricesForEveryLine),
  ),
  expiresOn: DaySchema,
  message: OptionalQuoteMessageSchema,
});
export type QuoteAnswerBody = v.InferOutput<typeof QuoteAnswerBodySchema>;

/** `POST /api/quotes/{id}/messages`: a message in the thread, from either side. */
export const QuoteMessageBodySchema = v.strictObject({ body: QuoteMessageSchema });
/** `POST /api/quotes/{id}/ask-again`: the dealer wants new prices, and says why. */
export const QuoteAskAgainBodySchema = v.strictObject({ message: QuoteMessageSchema });
/** `POST /api/quotes/{id}/decline`: the dealer says no, with a word if they like. */
export const QuoteDeclineBodySchema = v.strictObject({ message: OptionalQuoteMessageSchema });

/**
 * `POST /api/quotes/{id}/accept`: the order's delivery and payment, as the pad's form takes them. `version` is
 * the quote's version the dealer read: a quote priced again since is refused (409) rather than accepted unseen.
 * The lines and prices are the quote's, taken by the server. `clientOrderId` makes a repeat answer the first order.
 */
export const QuoteAcceptBodySchema = v.strictObject({
  clientOrderId: ClientOrderIdSchema,
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  userAddress: AddressSchema,
  userPhone: PhoneSchema,
  locationId: LocationIdSchema,
  poNumber: PoNumberSchema,
  payment: PaymentChoiceSchema,
});
export type QuoteAcceptBody = v.InferOutput<typeof QuoteAcceptBodySchema>;

export const QuotesQuerySchema = v.strictObject({ status: v.optional(v.picklist(QUOTE_STATUSES)) });

export const QuoteLineSchema = v.object({
  productId: v.string(),
  productName: v.string(),
  sku: v.nullable(v.string()),
  imageUrl: v.string(),
  quantity: v.number(),
  /** The dealer's own unit price when it asked, in minor units: what the quote is measured against. */
  requestedUnitPriceMinor: v.number(),
  /** The shop's unit price, in minor units; null until quoted. */
  quotedUnitPriceMinor: v.nullable(v.number()),
});
export type QuoteLine = v.InferOutput<typeof QuoteLineSchema>;

export const QuoteThreadMessageSchema = v.object({
  id: v.string(),
  /** `dealer`: the company's side; `shop`: an admin or the company's sales rep. */
  side: v.picklist(['dealer', 'shop']),
  authorName: v.string(),
  body: v.string(),
  /** What the message came with: a request, an answer with prices, a decline, an acceptance, or words alone. */
  event: v.picklist(['requested', 'quoted', 'asked_again', 'declined', 'accepted', 'message']),
  at: v.string(),
});
export type QuoteThreadMessage = v.InferOutput<typeof QuoteThreadMessageSchema>;

export const QuoteSchema = v.object({
  id: v.string(),
  /** Q-2026-00012: how both sides name it. */
  number: v.string(),
  status: v.picklist(QUOTE_STATUSES),
  /** Goes up each time the shop prices it; an acceptance names the version it read. */
  version: v.number(),
  companyId: v.nullable(v.string()),
  companyName: v.nullable(v.string()),
  requestedBy: v.object({ name: v.string(), email: v.string() }),
  currency: v.picklist(CURRENCIES),
  lines: v.array(QuoteLineSchema),
  /** The last day it may be accepted (YYYY-MM-DD, to the end of that day UTC); null until quoted. */
  expiresOn: v.nullable(v.string()),
  messages: v.array(QuoteThreadMessageSchema),
  /** The order placed from it, once accepted: its id and number. */
  order: v.nullable(v.object({ id: v.string(), number: v.nullable(v.string()) })),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Quote = v.InferOutput<typeof QuoteSchema>;

export const QuotesAnswerSchema = v.object({ quotes: v.array(QuoteSchema) });
export type QuotesAnswer = v.InferOutput<typeof QuotesAnswerSchema>;

/** `POST /api/quotes`'s answer: the quote, new (201) or the one already made with this clientQuoteId (200). */
export const QuoteRequestedSchema = v.object({ id: v.string(), number: v.string(), status: v.picklist(QUOTE_STATUSES) });
export type QuoteRequested = v.InferOutput<typeof QuoteRequestedSchema>;

/** The quote's total at the shop's prices (null until every line is priced), or at the dealer's own prices. */
export function quoteTotal(quote: Pick<Quote, 'lines'>, which: 'quoted' | 'requested' = 'quoted'): number | null {
  let total = 0;
  for (const line of quote.lines) {
    const unit = which === 'quoted' ? line.quotedUnitPriceMinor : line.requestedUnitPriceMinor;
    if (unit === null) return null;
    total += unit * line.quantity;
  }
  return total;
}

/** Whether the dealer may act on it (accept, decline, ask again) or the shop price it: nothing once it is closed. */
export const isQuoteOpen = (status: QuoteStatus) => status === 'requested' || status === 'quoted' || status === 'expired';
