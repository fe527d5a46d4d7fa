// What the sales reps' routes take and answer (server/routes/sales-reps.ts).

import * as v from 'valibot';
import { IdSchema } from '../../src/contract/fields';
import { ModifiedCountSchema } from '../../src/contract/order';
import { AdminRepListSchema, CompanyRepSchema, RepCompanyListSchema } from '../../src/contract/sales-rep';
import { routeSchema } from '../lib/route-schema';
import { EmailParams } from './params';

const CompanyRepParams = v.object({ id: IdSchema, userId: IdSchema });

export const salesRepSchemas = {
  makeRep: routeSchema({
    summary: 'Make a customer a sales rep',
    description:
      'It leaves its company (a company it was the only member of is deleted; its orders keep the name) and orders from now on for the ' +
      'companies assigned to it. `modifiedCount` is 0 when it already was a rep. Written to the audit log.',
    tag: 'Sales reps',
    access: 'admin',
    params: EmailParams,
    answers: { 200: ModifiedCountSchema },
    refusals: { 409: 'The account is an admin, or the last company admin of a company with other members.' },
  }),
  makeCustomer: routeSchema({
    summary: 'Make a sales rep a customer again',
    description:
      'Its companies are no longer assigned to it, and it gets a company of its own, as a newly registered customer. `modifiedCount` is 0 ' +
      'when it already was a customer. Written to the audit log.',
    tag: 'Sales reps',
    access: 'admin',
    params: EmailParams,
    answers: { 200: ModifiedCountSchema },
    refusals: { 409: 'The account is an admin.' },
  }),
  reps: routeSchema({
    summary: 'Every sales rep',
    description: 'By e-mail, with how many companies each orders for.',
    tag: 'Sales reps',
    access: 'admin',
    answers: { 200: AdminRepListSchema },
  }),
  assign: routeSchema({
    summary: 'Assign a company to a sales rep',
    description: 'Answers the company’s reps. Assigning twice changes nothing. Written to the audit log.',
    tag: 'Sales reps',
    access: 'admin',
    params: CompanyRepParams,
    answers: { 200: v.array(CompanyRepSchema) },
    refusals: { 409: 'The account is not a sales rep.' },
  }),
  unassign: routeSchema({
    summary: 'Take a company from a sales rep',
    description: 'Answers the company’s reps. Written to the audit log.',
    tag: 'Sales reps',
    access: 'admin',
    params: CompanyRepParams,
    answers: { 200: v.array(CompanyRepSchema) },
  }),
  myCompanies: routeSchema({
    summary: 'The companies this sales rep orders for',
    description:
      'By name, each with its status and locations (the default first): what "Ordering for" offers. Only approved companies can be ' +
      'ordered for; an order names the company with `companyId`.',
    tag: 'Sales reps',
    access: 'rep',
    answers: { 200: RepCompanyListSchema },
  }),
};
