// The dealer's invoice portal (docs/decisions/044-orders-on-account.md): the invoices of the orders a dealer
// sees, open, overdue or paid, the company's open balance, and paying several invoices on account with one
// card payment. Amounts are in minor units of the invoices' currency, that of the company's price list
// (docs/decisions/045-price-lists-and-money.md): a company's open invoices are all in one currency.

import * as v from 'valibot';
import { INVOICE_STATES, PAYMENT_TERMS } from './account-terms';
import { IdSchema, queryInt } from './fields';
import { AmountCurrencySchema } from './money';

/** The most invoices one card payment settles. */
export const MAX_INVOICES_PER_PAYMENT = 50;

/** One invoice: the order it is for, its amount, when it was issued, due and paid, and whether this dealer may pay it. */
export const PortalInvoiceSchema = v.object({
  orderId: v.string(),
  /** The order's number, `O-2026-00042`. */
  number: v.string(),
  /** The invoice's number, `2026-00042`: given when a card order is paid, or when an order on account ships. */
  invoiceNo: v.string(),
  poNumber: v.nullable(v.string()),
  /** Card (paid with the order) or the terms of the account it was placed on. */
  paymentTerms: v.picklist(PAYMENT_TERMS),
  /**
   * In minor units of `currency`: what the invoice asks for, the order's gross total less the deposit paid by card
   * before it shipped (docs/decisions/047-deposits-on-account.md).
   */
  amount: v.number(),
  /** The deposit paid before the order shipped, in minor units; left out when there was none. */
  depositMinor: v.optional(v.number()),
  currency: AmountCurrencySchema,
  /**
   * The tax in the order's gross (`amount` plus `depositMinor`), with its rate (millionths) and name, or the reverse charge, as the order carries them
   * (docs/decisions/046-tax-per-ship-to-location.md); left out by servers from before tax.
   */
  taxMinor: v.optional(v.number()),
  taxRateMicros: v.optional(v.number()),
  taxName: v.optional(v.nullable(v.string())),
  reverseCharge: v.optional(v.boolean()),
  issuedAt: v.string(),
  /** Orders on account: when the invoice is due; null for a card order. */
  dueAt: v.nullable(v.string()),
  paidAt: v.nullable(v.string()),
  state: v.picklist(INVOICE_STATES),
  /** The company the order was placed for, as its name was then; null for an account without a company. */
  companyName: v.nullable(v.string()),
  /** Who placed the order, as their name was then. */
  placedBy: v.string(),
  /**
   * This dealer may pay it by card here: an open or overdue invoice on account of an order they placed
   * themselves, or of their company as its company admin.
   */
  mayPay: v.boolean(),
});
export type PortalInvoice = v.InferOutput<typeof PortalInvoiceSchema>;

/** The answer of GET /api/invoices: the invoices asked for, and the balance across all the dealer sees. */
export const InvoicesPortalSchema = v.object({
  items: v.array(PortalInvoiceSchema),
  /** Minor units of every open and overdue invoice the dealer sees. */
  openBalance: v.number(),
  /** Minor units of the overdue ones among them. */
  overdue: v.number(),
  /** The currency of the open invoices (the list's, US dollars, when none is open). */
  currency: AmountCurrencySchema,
  /** How many invoices the dealer sees in each state, for the tabs; left out by servers from before pages. */
  counts: v.optional(v.object({ open: v.number(), overdue: v.number(), paid: v.number() })),
  /** The page of `items`, and how many invoices there are in the state asked (all of them without one). */
  page: v.optional(v.number()),
  pageSize: v.optional(v.number()),
  total: v.optional(v.number()),
});
export type InvoicesPortal = v.InferOutput<typeof InvoicesPortalSchema>;

/** Invoices on one page of the portal: a dealer of many years has thousands of paid ones. */
export const INVOICES_PAGE_SIZE = 50;
export const INVOICES_MAX_PAGE_SIZE = 100;

/** Query of GET /api/invoices: one state, or all of them, a page at a time. */
export const InvoicesQuerySchema = v.object({
  state: v.optional(v.picklist(INVOICE_STATES, `state must be one of ${INVOICE_STATES.join(', ')}`)),
  page: v.optional(queryInt('page', 1_000_000), '1'),
  pageSize: v.optional(queryInt('pageSize', INVOICES_MAX_PAGE_SIZE), String(INVOICES_PAGE_SIZE)),
});
export type InvoicesQuery = v.InferOutput<typeof InvoicesQuerySchema>;

export const invoicePaymentMessages = {
  chooseInvoices: 'Choose at least one invoice to pay',
  tooMany: `One card payment settles at most ${MAX_INVOICES_PER_PAYMENT} invoices. Pay the others in a second payment.`,
  duplicate: 'Each invoice may be chosen once',
  notFound: 'One of the invoices you chose was not found. Reload the page and choose again.',
  notOnAccount: (order: string) => `Order ${order} was paid by card, so its invoice is paid already. Leave it out.`,
  notIssued: (order: string) => `Order ${order} has not shipped, so it has no invoice to pay yet. Leave it out.`,
  alreadyPaid: (invoiceNo: string) => `Invoice ${invoiceNo} is paid already. Reload the page and choose again.`,
  notYours: (order: string) => `Only the person who placed order ${order}, or your company’s admin, can pay its invoice.`,
  oneCompany: 'The invoices of one card payment must all be of the same company. Pay each company’s invoices separately.',
  paymentNotFound: 'That invoice payment',
  paidAlready: 'These invoices are paid already.',
  paymentMismatch: 'That card payment is not the one for these invoices, or not for their full amount.',
  dealersOnly: 'The invoices portal is for dealers: admins and sales reps see orders and their invoices in their own lists.',
} as const;

/** Body of POST /api/invoices/payment-intent: the invoices (by their orders' ids) to pay with one card payment. */
export const InvoicesPaymentBodySchema = v.strictObject({
  orderIds: v.pipe(
    v.array(IdSchema, 'orderIds must be a list of order ids'),
    v.minLength(1, invoicePaymentMessages.chooseInvoices),
    v.maxLength(MAX_INVOICES_PER_PAYMENT, invoicePaymentMessages.tooMany),
    v.check((ids) => new Set(ids).size === ids.length, invoicePaymentMessages.duplicate),
  ),
});
export type InvoicesPaymentBody = v.InferOutput<typeof InvoicesPaymentBodySchema>;

/** Where a payment of several invoices stands: waiting for the card, paid, or replaced by a newer one. */
export const INVOICE_PAYMENT_STATES = ['pending', 'paid', 'canceled'] as const;
export type InvoicePaymentState = (typeof INVOICE_PAYMENT_STATES)[number];

/** The answer of POST /api/invoices/payment-intent: the payment, its amount as the server added it up, and the card's client secret. */
export const InvoicesPaymentIntentSchema = v.object({
  paymentId: v.string(),
  orderIds: v.array(v.string()),
  /** In minor units of `currency`. */
  amount: v.number(),
  currency: AmountCurrencySchema,
  clientSecret: v.string(),
});
export type InvoicesPaymentIntent = v.InferOutput<typeof InvoicesPaymentIntentSchema>;

/** The answer of PATCH /api/invoices/payments/{id}: the payment as it now stands, and how many invoices this call marked paid. */
export const InvoicesPaymentResultSchema = v.object({
  paymentId: v.string(),
  orderIds: v.array(v.string()),
  amount: v.number(),
  currency: AmountCurrencySchema,
  state: v.picklist(INVOICE_PAYMENT_STATES),
  transactionId: v.nullable(v.string()),
  /** 0 when the payment had been applied already (a second confirmation, or the processor's webhook first). */
  modifiedCount: v.number(),
});
export type InvoicesPaymentResult = v.InferOutput<typeof InvoicesPaymentResultSchema>;
