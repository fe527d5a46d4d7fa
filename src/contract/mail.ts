import * as v from 'valibot';

/** The mails about an order; the others are about an invitation or a company. */
export const ORDER_MAIL_KINDS = [
  'order_placed',
  'order_paid',
  'order_shipped',
  'order_paid_admin',
  'order_on_hold_admin',
  'order_released',
  'order_refused',
  'invoice_reminder',
  'order_deposit_paid',
  'order_deposit_paid_admin',
  'order_approval_waiting',
  'order_approved',
  'order_declined',
] as const;
/** What an e-mail of the queue is about: an order, an invitation to join a company, or the shop's answer to a company. */
export const MAIL_KINDS = [...ORDER_MAIL_KINDS, 'company_invitation', 'company_approved', 'company_rejected'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];
export const isOrderMail = (kind: MailKind): kind is OrderMailKind => (ORDER_MAIL_KINDS as readonly MailKind[]).includes(kind);
/** The shop's answer to a company's application, mailed to each of its company admins. */
export const COMPANY_DECISION_MAIL_KINDS = ['company_approved', 'company_rejected'] as const satisfies readonly MailKind[];
export type CompanyDecisionMailKind = (typeof COMPANY_DECISION_MAIL_KINDS)[number];
export const isCompanyDecisionMail = (kind: MailKind): kind is CompanyDecisionMailKind => (COMPANY_DECISION_MAIL_KINDS as readonly MailKind[]).includes(kind);

export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** One e-mail that could not be sent: given up (`failed`), or waiting for its next try (`queued`). */
export const MailFailureSchema = v.object({
  _id: v.string(),
  kind: v.picklist(MAIL_KINDS),
  /** The order the mail is about; null for a mail about an invitation or a company. */
  orderId: v.nullable(v.string()),
  recipient: v.string(),
  state: v.picklist(MAIL_STATES),
  attempts: v.number(),
  lastError: v.string(),
  /** When it is tried again; null once given up. */
  nextAttemptAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type MailFailure = v.InferOutput<typeof MailFailureSchema>;

/** GET /api/mail/failures (admin): how many e-mails were given up and how many wait to be retried, newest first. */
export const MailFailuresSchema = v.object({
  failed: v.number(),
  retrying: v.number(),
  items: v.array(MailFailureSchema),
});
export type MailFailures = v.InferOutput<typeof MailFailuresSchema>;
