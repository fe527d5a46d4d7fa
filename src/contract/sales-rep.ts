// Sales reps: the manufacturer's staff who take orders for the dealer companies an admin assigned to them
// (docs/decisions/043-sales-reps.md). A rep belongs to no company; it orders "for" one of its companies and
// one of that company's locations, sees those companies' orders, and nothing of the admin pages.

import * as v from 'valibot';
import { COMPANY_STATUSES, LocationSchema } from './dealer-company';

export const repMessages = {
  /** A rep's order that names no company. */
  companyRequired: 'Choose the company you are ordering for.',
  /** Making a rep of an account that is not a customer. */
  notACustomer: 'Only a customer account can become a sales rep.',
  /** Making a rep of a company's last company admin while others still buy for it. */
  lastCompanyAdmin: 'This person is the last company admin of a company with other members. Make another member its company admin first.',
  /** Assigning a company to an account that is not a rep. */
  notARep: 'That account is not a sales rep.',
  /** Making an admin of a sales rep, which still has its companies. */
  repNotAdmin: 'A sales rep is made a customer first (which takes its companies from it), then an admin.',
  /** Reps do not join a company through an invitation. */
  repsCannotJoin: 'A sales rep orders for the companies assigned to them and cannot join a company.',
} as const;

/** A company a rep orders for, with its locations (the default first): what "Ordering for" offers, online and offline. */
export const RepCompanySchema = v.object({
  id: v.string(),
  name: v.string(),
  country: v.string(),
  taxNumber: v.nullable(v.string()),
  status: v.picklist(COMPANY_STATUSES),
  /** Its tax: exempt under the reverse charge, and its country's rate for an address typed for one order (as CompanySchema). */
  taxExempt: v.optional(v.boolean()),
  taxRateMicros: v.optional(v.number()),
  taxName: v.optional(v.nullable(v.string())),
  locations: v.array(LocationSchema),
});
export type RepCompany = v.InferOutput<typeof RepCompanySchema>;

/** GET /api/rep/companies (reps): the companies assigned to the caller, by name. */
export const RepCompanyListSchema = v.array(RepCompanySchema);

/** A sales rep as the admins see it. */
export const AdminRepSchema = v.object({
  id: v.string(),
  email: v.string(),
  name: v.string(),
  /** How many companies it is assigned to. */
  companyCount: v.number(),
});
export type AdminRep = v.InferOutput<typeof AdminRepSchema>;

/** GET /api/admin/reps (admins): every sales rep, by e-mail. */
export const AdminRepListSchema = v.array(AdminRepSchema);

/** A rep assigned to a company, on the admin's company detail. */
export const CompanyRepSchema = v.object({
  id: v.string(),
  email: v.string(),
  name: v.string(),
  assignedAt: v.string(),
});
export type CompanyRep = v.InferOutput<typeof CompanyRepSchema>;
