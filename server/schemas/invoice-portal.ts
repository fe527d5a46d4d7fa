// What the invoice portal's routes take and answer (server/routes/invoice-portal.ts).

import {
  InvoicesPaymentBodySchema,
  InvoicesPaymentIntentSchema,
  InvoicesPaymentResultSchema,
  InvoicesPortalSchema,
  InvoicesQuerySchema,
} from '../../src/contract/invoices-portal';
import { ConfirmPaymentBodySchema } from '../../src/contract/order';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

const dealersOnly = 'Admins and sales reps have no invoice portal.';
const providerDown = 'The payment processor cannot be reached; try again in a moment.';

export const invoicePortalSchemas = {
  list: routeSchema({
    summary: 'The dealer’s invoices',
    description:
      'The invoices of the orders the dealer sees: card orders once paid, orders on account once shipped. `state` narrows them to ' +
      'open, overdue or paid (overdue first, then open by due date, then paid). `openBalance` and `overdue` add up, in cents, every ' +
      'unpaid invoice on account the dealer sees, whatever `state` asks for. `mayPay` says which ones this dealer may pay here. ' +
      'One page at a time (`page`, `pageSize`, 50 by default, at most 100); `total` counts the invoices of the state asked and `counts` ' +
      'those of each state.',
    tag: 'Orders',
    access: 'customer',
    query: InvoicesQuerySchema,
    answers: { 200: InvoicesPortalSchema },
    refusals: { 403: dealersOnly },
  }),
  createIntent: routeSchema({
    summary: 'Start paying several invoices by card',
    description:
      'One payment intent for the sum of these invoices, as the server adds them up: unpaid invoices on account of one company, each of an ' +
      'order the dealer placed or, for its company admin, of the company. Asking again for the same invoices reuses the open payment; a ' +
      'newer payment of any of them replaces an older one.',
    tag: 'Payments',
    access: 'customer',
    body: InvoicesPaymentBodySchema,
    answers: { 200: InvoicesPaymentIntentSchema },
    refusals: {
      403: `${dealersOnly} Or one of the orders was placed by a colleague and the dealer is not the company’s admin.`,
      404: 'One of the orders is not one the dealer sees.',
      409: 'One of the invoices is paid already, of a card order, or not issued yet (the order has not shipped).',
      503: providerDown,
    },
  }),
  confirm: routeSchema({
    summary: 'Report the card payment of several invoices',
    description:
      'Every invoice of the payment is marked paid once the processor confirms the payment succeeded for it, in full. ' +
      '`modifiedCount` is 0 when that payment had already been applied.',
    tag: 'Payments',
    access: 'customer',
    params: IdParams,
    body: ConfirmPaymentBodySchema,
    answers: { 200: InvoicesPaymentResultSchema },
    refusals: {
      402: 'The processor does not know that payment, or it has not gone through, or not for this amount.',
      403: dealersOnly,
      409: 'These invoices are paid already with another payment.',
      503: providerDown,
    },
  }),
};
