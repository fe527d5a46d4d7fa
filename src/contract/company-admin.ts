// What the shop's admins and the API agree on about dealer companies: the shop's setting for new customers,
// the Companies page (applications, decisions) and the audit log (docs/decisions/040-dealer-companies.md).

import * as v from 'valibot';
import { AccountStandingSchema } from './account-terms';
import { NEW_CUSTOMERS } from './config';
import { CompanyPriceListSchema } from './price-list-admin';
import { CompanyRepSchema } from './sales-rep';
import { COMPANY_STATUSES, LocationSchema, MEMBER_ROLES } from './dealer-company';
import { queryInt, requiredText, uuidField } from './fields';

export const ShopSettingsSchema = v.object({ newCustomers: v.picklist(NEW_CUSTOMERS) });
export type ShopSettings = v.InferOutput<typeof ShopSettingsSchema>;

/** Body of PATCH /api/admin/settings. */
export const ShopSettingsUpdateBodySchema = v.strictObject({
  newCustomers: v.picklist(NEW_CUSTOMERS, 'Choose whether new customers order at once or apply and wait for approval'),
});
export type ShopSettingsUpdateBody = v.InferOutput<typeof ShopSettingsUpdateBodySchema>;

export const DECISION_REASON_MAX_LENGTH = 500;

export const companyAdminMessages = {
  reasonRequired: 'Write the reason: the dealer reads it',
  notApplied: 'Only a company that applied can be approved or rejected.',
  notApproved: 'Only an approved company can be suspended.',
  notSuspended: 'Only a suspended company can be reinstated.',
} as const;

/** Body of POST /api/admin/companies/{id}/reject and /suspend: why, in the admin's words, for the dealer. */
export const DecisionReasonBodySchema = v.strictObject({
  reason: requiredText(companyAdminMessages.reasonRequired, DECISION_REASON_MAX_LENGTH),
});
export type DecisionReasonBody = v.InferOutput<typeof DecisionReasonBodySchema>;

export const ADMIN_COMPANIES_PAGE_SIZE = 20;
export const ADMIN_COMPANIES_MAX_PAGE_SIZE = 100;
export const ADMIN_COMPANIES_SEARCH_MAX_LENGTH = 100;

/** Query of GET /api/admin/companies: one page, `search` a part of the company's name or of a member's e-mail. */
export const AdminCompaniesQuerySchema = v.object({
  page: v.optional(queryInt('page', 1_000_000), '1'),
  pageSize: v.optional(queryInt('pageSize', ADMIN_COMPANIES_MAX_PAGE_SIZE), String(ADMIN_COMPANIES_PAGE_SIZE)),
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(ADMIN_COMPANIES_SEARCH_MAX_LENGTH, `search must be at most ${ADMIN_COMPANIES_SEARCH_MAX_LENGTH} characters`)),
  ),
  status: v.optional(v.picklist(COMPANY_STATUSES, `status must be one of ${COMPANY_STATUSES.join(', ')}`)),
});
export type AdminCompaniesQuery = v.InferOutput<typeof AdminCompaniesQuerySchema>;
export type AdminCompaniesQueryInput = v.InferInput<typeof AdminCompaniesQuerySchema>;

/** A company as the admins see it, with its standing and who to write to. */
export const AdminCompanySchema = v.object({
  id: v.string(),
  name: v.string(),
  country: v.string(),
  taxNumber: v.nullable(v.string()),
  status: v.picklist(COMPANY_STATUSES),
  /** Why it was rejected or suspended, as the admin wrote it. */
  statusReason: v.nullable(v.string()),
  decidedAt: v.nullable(v.string()),
  createdAt: v.string(),
  memberCount: v.number(),
  /** The e-mail of its first company admin, when it has one. */
  adminEmail: v.nullable(v.string()),
});
export type AdminCompany = v.InferOutput<typeof AdminCompanySchema>;

export const AdminCompanyPageSchema = v.object({
  items: v.array(AdminCompanySchema),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
  /** How many companies wait for a decision, whatever the filter: the page opens on them when there are any. */
  appliedCount: v.number(),
});
export type AdminCompanyPage = v.InferOutput<typeof AdminCompanyPageSchema>;

export const AdminCompanyMemberSchema = v.object({
  userId: v.string(),
  email: v.string(),
  name: v.string(),
  role: v.picklist(MEMBER_ROLES),
});

/** GET /api/admin/companies/{id}: the company, its members, its locations and its open invitations. */
export const AdminCompanyDetailSchema = v.object({
  company: AdminCompanySchema,
  members: v.array(AdminCompanyMemberSchema),
  locations: v.array(LocationSchema),
  openInvitations: v.number(),
  /** The sales reps assigned to it, by e-mail. */
  reps: v.array(CompanyRepSchema),
  /** Its payment terms and what its orders on account owe (docs/decisions/044-orders-on-account.md). */
  account: AccountStandingSchema,
  /** The price list it buys with; null for the list price in US dollars (docs/decisions/045-price-lists-and-money.md). */
  priceList: v.nullable(CompanyPriceListSchema),
});
export type AdminCompanyDetail = v.InferOutput<typeof AdminCompanyDetailSchema>;

/** The decisions an admin takes on a company; each moves it from one status to the next. */
export const COMPANY_DECISIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const;
export type CompanyDecision = (typeof COMPANY_DECISIONS)[number];

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_TEXT_MAX_LENGTH = 200;

const instant = (name: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (text) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/u.test(text) && !Number.isNaN(Date.parse(text)),
      `${name} must be a date such as 2026-11-26 or 2026-11-26T09:00:00Z`,
    ),
    v.transform((text) => new Date(text).toISOString()),
  );

/**
 * Query of GET /api/admin/audit: entries newest first, narrowed by company, actor (an e-mail, or an account's id),
 * action and time (`from` included, `to` excluded); `before` is the `next` of the previous page.
 */
export const AuditQuerySchema = v.object({
  companyId: v.optional(uuidField('companyId must be a company’s id')),
  actor: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(AUDIT_TEXT_MAX_LENGTH, `actor must be at most ${AUDIT_TEXT_MAX_LENGTH} characters`))),
  action: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(AUDIT_TEXT_MAX_LENGTH, `action must be at most ${AUDIT_TEXT_MAX_LENGTH} characters`))),
  from: v.optional(instant('from')),
  to: v.optional(instant('to')),
  before: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{1,15}$/u, 'before must be the next of an earlier page'), v.transform(Number))),
});
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>;
export type AuditQueryInput = v.InferInput<typeof AuditQuerySchema>;

export const AuditEntrySchema = v.object({
  id: v.number(),
  at: v.string(),
  actorId: v.nullable(v.string()),
  actorEmail: v.string(),
  actorRole: v.string(),
  action: v.string(),
  subjectType: v.string(),
  subjectId: v.nullable(v.string()),
  companyId: v.nullable(v.string()),
  /** The company's name now, when it still exists. */
  companyName: v.nullable(v.string()),
  before: v.unknown(),
  after: v.unknown(),
});
export type AuditEntryView = v.InferOutput<typeof AuditEntrySchema>;

export const AuditPageSchema = v.object({
  items: v.array(AuditEntrySchema),
  /** The `before` of the next, older page; null on the last one. */
  next: v.nullable(v.number()),
});
export type AuditPage = v.InferOutput<typeof AuditPageSchema>;
