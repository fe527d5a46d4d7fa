// What the admins' routes for the shop's settings, dealer companies and the audit log take and answer
// (server/routes/company-admin.ts).

import {
  AdminCompaniesQuerySchema,
  AdminCompanyDetailSchema,
  AdminCompanyPageSchema,
  AdminCompanySchema,
  AuditPageSchema,
  AuditQuerySchema,
  DecisionReasonBodySchema,
  ShopSettingsSchema,
  ShopSettingsUpdateBodySchema,
} from '../../src/contract/company-admin';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const decision = (summary: string, description: string, from: string, withReason: boolean) =>
  routeSchema({
    summary,
    description,
    tag: 'Admin',
    access: 'admin',
    params: IdParams,
    ...(withReason ? { body: DecisionReasonBodySchema } : {}),
    answers: { 200: AdminCompanySchema },
    refusals: { 409: `The company is not ${from}: the decision does not apply to it now.` },
  });

export const companyAdminSchemas = {
  settings: routeSchema({
    summary: 'The shop’s settings',
    description: '`newCustomers`: `order_at_once` (a new customer’s company is approved and orders at once, paying by card) or `apply_and_wait`.',
    tag: 'Admin',
    access: 'admin',
    answers: { 200: ShopSettingsSchema },
  }),
  updateSettings: routeSchema({
    summary: 'Change the shop’s settings',
    description: 'Applies to the accounts made from now on; the change is written to the audit log.',
    tag: 'Admin',
    access: 'admin',
    body: ShopSettingsUpdateBodySchema,
    answers: { 200: ShopSettingsSchema },
  }),
  list: routeSchema({
    summary: 'Dealer companies, a page at a time',
    description:
      'Applications first (those waiting longest first), then the newest. `search` is a part of the company’s name or of a member’s e-mail; ' +
      '`status` narrows to one status. `appliedCount` counts every application, whatever the filter.',
    tag: 'Admin',
    access: 'admin',
    query: AdminCompaniesQuerySchema,
    answers: { 200: AdminCompanyPageSchema },
  }),
  detail: routeSchema({
    summary: 'One dealer company',
    description: 'The company, its members with their e-mail and role, its locations (the default first) and how many invitations are open.',
    tag: 'Admin',
    access: 'admin',
    params: IdParams,
    answers: { 200: AdminCompanyDetailSchema },
  }),
  approve: decision(
    'Approve a company',
    'It may order from now on; its company admins get a mail. A rejected company may be approved after all.',
    'applied or rejected',
    false,
  ),
  reject: decision('Reject a company’s application', 'With the reason the dealer reads; its company admins get a mail.', 'applied', true),
  suspend: decision('Suspend a company', 'It cannot order until reinstated; the reason is shown to its members.', 'approved', true),
  reinstate: decision('Reinstate a suspended company', 'It may order again.', 'suspended', false),
  audit: routeSchema({
    summary: 'The audit log',
    description:
      'Who did what to companies, members, invitations and settings, newest first, with the state before and after. Narrowed by ' +
      '`companyId`, `actor` (an e-mail or an account’s id), `action` and time (`from` included, `to` excluded); `before` is the previous page’s ' +
      '`next`. Entries are never changed or deleted.',
    tag: 'Admin',
    access: 'admin',
    query: AuditQuerySchema,
    answers: { 200: AuditPageSchema },
  }),
};
