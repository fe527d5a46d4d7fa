// What the routes of orders on account take and answer (server/routes/orders-on-account.ts).

import * as v from 'valibot';
import { AccountStandingSchema, AccountTermsBodySchema, BankPaymentBodySchema, RefuseOrderBodySchema } from '../../src/contract/account-terms';
import { IdSchema } from '../../src/contract/fields';
import { OrderSchema } from '../../src/contract/order';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const tag = 'On account' as const;

export const accountSchemas = {
  standing: routeSchema({
    summary: 'The company’s account',
    description:
      'Its payment terms, credit limit and purchase-order rule, and in cents what its orders on account owe, what is overdue and what ' +
      'is left. A member reads its own company’s; a sales rep names one of its companies with `companyId`.',
    tag,
    access: 'signedIn',
    query: v.object({ companyId: v.optional(IdSchema) }),
    answers: { 200: AccountStandingSchema },
    refusals: { 404: 'The account belongs to no company, or the company is not one the rep orders for.' },
  }),
  setTerms: routeSchema({
    summary: 'Set a company’s payment terms',
    description:
      'Card only, or net 15, 30 or 60 days within a credit limit in cents; whether every order needs a purchase-order number; the deposit ' +
      '(`depositPercent`, 0 to 99, left out: as it is), the share of each order on account paid by card before it ships; and whether the ' +
      'company is exempt under the reverse charge (`taxExempt`, left out: as it is), which needs its tax number. Written to the audit log.',
    tag,
    access: 'admin',
    params: IdParams,
    body: AccountTermsBodySchema,
    answers: { 200: AccountStandingSchema },
  }),
  release: routeSchema({
    summary: 'Release an order on hold',
    description: 'It is Confirmed on account, whatever its credit says; the dealer gets a mail.',
    tag,
    access: 'admin',
    params: IdParams,
    answers: { 200: OrderSchema },
    refusals: { 409: 'The order is not on hold.' },
  }),
  refuse: routeSchema({
    summary: 'Refuse an order on hold',
    description: 'It is Refused with the reason, which the dealer reads in My Orders and in a mail; its stock goes back on sale.',
    tag,
    access: 'admin',
    params: IdParams,
    body: RefuseOrderBodySchema,
    answers: { 200: OrderSchema },
    refusals: { 409: 'The order is not on hold.' },
  }),
  bankPayment: routeSchema({
    summary: 'Record a bank transfer paying an invoice or a deposit',
    description:
      'The invoice of a shipped order on account is paid, with the transfer’s reference; for a confirmed order whose deposit is due, the ' +
      'transfer pays the deposit and the order may ship. Written to the audit log.',
    tag,
    access: 'admin',
    params: IdParams,
    body: BankPaymentBodySchema,
    answers: { 200: OrderSchema },
    refusals: { 409: 'The order has neither its deposit due nor its invoice on account unpaid.' },
  }),
};
