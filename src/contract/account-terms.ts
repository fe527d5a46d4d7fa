// Paying on account: a company's payment terms, credit limit and purchase-order rule, what an order on
// account carries, and the invoices that follow (docs/decisions/044-orders-on-account.md). Money here is in
// minor units of the company's currency, that of its price list (US dollars without one), as an order's
// `totalMinor` is (docs/decisions/045-price-lists-and-money.md).

import * as v from 'valibot';
import { requiredText } from './fields';
import { AmountCurrencySchema } from './money';

/** How a company pays: by card for every order (the spec's way, and every company's to begin with), or on account within N days of the invoice. */
export const PAYMENT_TERMS = ['card', 'net15', 'net30', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/** Days an invoice on these terms has until it is due; null for card. */
export function termDays(terms: PaymentTerms): number | null {
  return terms === 'card' ? null : Number(terms.slice(3));
}

/** `Net 30`, `Card only`: the terms as every screen and mail names them. */
export function termsLabel(terms: PaymentTerms): string {
  return terms === 'card' ? 'Card only' : `Net ${termDays(terms) ?? ''}`;
}

/** The most credit one company may be given: 10,000,000 of its currency's major unit, in minor units of two decimals. */
export const MAX_CREDIT_LIMIT = 1_000_000_000;
export const PO_NUMBER_MAX_LENGTH = 35;
export const PAYMENT_REFERENCE_MAX_LENGTH = 60;
/** A deposit is a share of the order, never all of it: whole percent, 0 for none. */
export const MAX_DEPOSIT_PERCENT = 99;

/** The deposit of an order on account of this gross at `percent`, rounded half up to the minor unit once. */
export function depositOn(gross: number, percent: number): number {
  return Math.floor((gross * percent + 50) / 100);
}

export const accountMessages = {
  poRequired: 'Your company asks for a purchase-order number on every order. Enter yours.',
  poCharacters: 'A purchase-order number has letters, digits, spaces and - / . # _ only',
  poTooLong: `A purchase-order number has at most ${PO_NUMBER_MAX_LENGTH} characters`,
  noAccount: 'Your company pays by card: paying on account is not open to it. Choose card, or ask the shop for payment terms.',
  termsRequired: 'Choose the payment terms: card only, net 15, net 30 or net 60',
  creditLimit: `Enter the credit limit in minor units of the company's currency (cents), a whole number from 0 to ${MAX_CREDIT_LIMIT}`,
  poRequiredChoice: 'Choose whether every order needs a purchase-order number',
  depositPercent: `Enter the deposit as a whole percentage from 0 (none) to ${MAX_DEPOSIT_PERCENT}`,
  depositBeforeShipping: 'This order waits for its deposit: it ships once the dealer has paid it by card.',
  depositWhileOnHold: 'This order is on hold: its deposit can be paid once the shop releases it.',
  overCredit: 'This order is more than the credit your company has left, so it waits for the shop to release it.',
  overdue: 'Your company has an overdue invoice, so new orders on account wait for the shop to release them.',
  refusalReasonRequired: 'Write the reason: the dealer reads it',
  referenceRequired: 'Enter the bank transfer’s reference',
  notOnHold: 'Only an order on hold can be released or refused.',
  notInvoiceOpen: 'Only an unpaid invoice of an order on account, or a deposit due, can be paid this way.',
  taxExemptChoice: 'Choose whether the company is exempt under the reverse charge',
  exemptKeepsTaxNumber:
    'Your company is exempt from tax under the reverse charge, which needs its tax number. Ask the shop to end the exemption before you remove the number.',
} as const;

/** Why an order waits, as the shop's admins read it: the hold's reason in the shop's words, or a refusal's reason as written. */
export function reasonForShop(reason: string): string {
  if (reason === accountMessages.overCredit) return 'Over the company’s credit limit';
  if (reason === accountMessages.overdue) return 'The company has an overdue invoice';
  return reason;
}

/**
 * A purchase-order number as the dealer's own system writes it (`PO-2026/0042`): trimmed, an empty one is
 * none. Optional in the schema; the server requires one where the company says so.
 */
export const PoNumberSchema = v.optional(
  v.pipe(
    v.string('poNumber must be text'),
    v.trim(),
    v.maxLength(PO_NUMBER_MAX_LENGTH, accountMessages.poTooLong),
    v.regex(/^(?:[\p{L}\p{N}][\p{L}\p{N} \-/.#_]*)?$/u, accountMessages.poCharacters),
  ),
);

/** How the dealer pays an order: by card (the spec's way) or on the company's account. Left out: on account where the company has terms, else card. */
export const PaymentChoiceSchema = v.optional(v.picklist(['card', 'account'] as const, 'payment must be card or account'));
export type PaymentChoice = 'card' | 'account';

/** A company's terms as the admins set them and its members read them. */
export const AccountTermsSchema = v.object({
  paymentTerms: v.picklist(PAYMENT_TERMS),
  /** In minor units of the company's currency. */
  creditLimit: v.number(),
  poRequired: v.boolean(),
  /** The share of each order's gross paid by card before it ships, in whole percent; 0 (or left out) for none. */
  depositPercent: v.optional(v.number()),
});
export type AccountTerms = v.InferOutput<typeof AccountTermsSchema>;

/** A company's account as it stands: its terms, what its unpaid orders on account owe, and what is left. */
export const AccountStandingSchema = v.object({
  ...AccountTermsSchema.entries,
  /** The company's currency, its price list's: the one of every amount here. */
  currency: AmountCurrencySchema,
  /** Owed by the company's orders on account not yet paid (confirmed, shipped). */
  outstanding: v.number(),
  /** What it may still order on account: the limit less what is outstanding, never below 0. */
  available: v.number(),
  /** Invoices past their due date. */
  overdue: v.number(),
  /** Exempt under the reverse charge, as the admins set it with the terms: its orders carry no tax (docs/decisions/046). */
  taxExempt: v.optional(v.boolean()),
});
export type AccountStanding = v.InferOutput<typeof AccountStandingSchema>;

/** Body of PUT /api/admin/companies/{id}/terms. */
export const AccountTermsBodySchema = v.strictObject({
  paymentTerms: v.picklist(PAYMENT_TERMS, accountMessages.termsRequired),
  creditLimit: v.pipe(
    v.number(accountMessages.creditLimit),
    v.integer(accountMessages.creditLimit),
    v.minValue(0, accountMessages.creditLimit),
    v.maxValue(MAX_CREDIT_LIMIT, accountMessages.creditLimit),
  ),
  poRequired: v.boolean(accountMessages.poRequiredChoice),
  /** Left out, the deposit stays as it is. */
  depositPercent: v.optional(
    v.pipe(
      v.number(accountMessages.depositPercent),
      v.integer(accountMessages.depositPercent),
      v.minValue(0, accountMessages.depositPercent),
      v.maxValue(MAX_DEPOSIT_PERCENT, accountMessages.depositPercent),
    ),
  ),
  /** Left out, the exemption stays as it is; set, it needs the company's tax number. */
  taxExempt: v.optional(v.boolean(accountMessages.taxExemptChoice)),
});
export type AccountTermsBody = v.InferOutput<typeof AccountTermsBodySchema>;

/** Body of POST /api/orders/{id}/refuse: why, for the dealer. */
export const RefuseOrderBodySchema = v.strictObject({ reason: requiredText(accountMessages.refusalReasonRequired, 500) });

/** Body of POST /api/orders/{id}/bank-payment: the reference the bank transfer came with. */
export const BankPaymentBodySchema = v.strictObject({
  reference: requiredText(accountMessages.referenceRequired, PAYMENT_REFERENCE_MAX_LENGTH),
});
export type BankPaymentBody = v.InferOutput<typeof BankPaymentBodySchema>;

/** Where an invoice stands: open until its due date, overdue after it, paid once money came in. */
export const INVOICE_STATES = ['open', 'overdue', 'paid'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** Receivables by age: how many days past due an open invoice is. */
export const AGE_BUCKETS = ['current', '1-30', '31-60', 'over-60'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export function ageBucket(dueAt: Date, now: Date): AgeBucket {
  const days = Math.floor((now.getTime() - dueAt.getTime()) / 86_400_000);
  if (days < 1) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  return 'over-60';
}
