// Receivables (admins): what companies owe the shop on invoices of orders on account, by how long they are
// past due (docs/decisions/044-orders-on-account.md). An invoice is receivable from the day its order ships
// until it is paid. A company's amounts are in minor units of its currency, as its credit is; the sums across
// companies are in cents of US dollars at each order's price-list rate (docs/decisions/045-price-lists-and-money.md).

import * as v from 'valibot';
import { AGE_BUCKETS, PAYMENT_TERMS, type AgeBucket } from './account-terms';
import { AmountCurrencySchema } from './money';

/** Minor units per age bucket: not yet due (`current`), then 1-30, 31-60 and over 60 days past the due date. */
export const AgedAmountsSchema = v.object({
  current: v.number(),
  '1-30': v.number(),
  '31-60': v.number(),
  'over-60': v.number(),
});
export type AgedAmounts = v.InferOutput<typeof AgedAmountsSchema>;

/** Every bucket at nought. */
export const noAgedAmounts = (): AgedAmounts => ({ current: 0, '1-30': 0, '31-60': 0, 'over-60': 0 });

/** How each bucket is headed on screen. */
export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days overdue',
  '31-60': '31–60 days overdue',
  'over-60': 'Over 60 days overdue',
};

/** One unpaid invoice: the shipped order on account it is for, what it is for and when it is due. */
export const OpenInvoiceSchema = v.object({
  orderId: v.string(),
  /** The order's number, `O-2026-00042`. */
  number: v.string(),
  /** The invoice's number, `2026-00042`, given when the order shipped. */
  invoiceNo: v.string(),
  poNumber: v.nullable(v.string()),
  /** In minor units of `currency`. */
  total: v.number(),
  currency: AmountCurrencySchema,
  dueAt: v.string(),
  /** Days past the due date; 0 while it is not yet due. */
  daysOverdue: v.number(),
  bucket: v.picklist(AGE_BUCKETS),
});
export type OpenInvoice = v.InferOutput<typeof OpenInvoiceSchema>;

/** One company that owes the shop: its amounts by age, their total, and its unpaid invoices, oldest due date first. */
export const CompanyReceivablesSchema = v.object({
  /** Null for the invoices of a company deleted since; `companyName` is then the name the orders kept. */
  companyId: v.nullable(v.string()),
  companyName: v.string(),
  /** The company's terms now (null once it is deleted). */
  paymentTerms: v.nullable(v.picklist(PAYMENT_TERMS)),
  /** The currency of its invoices, in which its amounts are. */
  currency: AmountCurrencySchema,
  aged: AgedAmountsSchema,
  /** In minor units of `currency`. */
  total: v.number(),
  oldestDueAt: v.string(),
  invoices: v.array(OpenInvoiceSchema),
});
export type CompanyReceivables = v.InferOutput<typeof CompanyReceivablesSchema>;

/** The answer of GET /api/admin/receivables: the companies, the most overdue first, and the sums across them. */
export const ReceivablesSchema = v.object({
  /** When the ages were counted. */
  asOf: v.string(),
  companies: v.array(CompanyReceivablesSchema),
  /** Across every company, in cents of US dollars at each order's rate. */
  aged: AgedAmountsSchema,
  /** In cents of US dollars, as `aged`. */
  total: v.number(),
});
export type Receivables = v.InferOutput<typeof ReceivablesSchema>;

/** The answer of POST /api/orders/{id}/reminder: whether the dealer's reminder was put in the mail queue. */
export const InvoiceReminderSchema = v.object({
  /** False when the order's address is no longer a verified address of its account: nobody is mailed (docs/decisions/026). */
  queued: v.boolean(),
  /** The address it goes to. */
  to: v.string(),
});
export type InvoiceReminder = v.InferOutput<typeof InvoiceReminderSchema>;

export const receivablesMessages = {
  notRemindable: 'Only a shipped order on account whose invoice is unpaid can get a payment reminder.',
} as const;
