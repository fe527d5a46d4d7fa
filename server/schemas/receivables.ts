// What the receivables routes take and answer (server/routes/receivables.ts).

import { InvoiceReminderSchema, ReceivablesSchema } from '../../src/contract/receivables';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

export const receivablesSchemas = {
  receivables: routeSchema({
    summary: 'What companies owe on account, by age',
    description:
      'Every company with unpaid invoices of orders on account (shipped, not yet paid): what it owes not yet due and 1-30, 31-60 ' +
      'and over 60 days past due, its total, its oldest due date and each invoice, in minor units of its currency; the companies with ' +
      'the oldest due date first, and the sums across them in cents of US dollars at each order’s price-list rate.',
    tag: 'On account',
    access: 'admin',
    answers: { 200: ReceivablesSchema },
  }),
  remind: routeSchema({
    summary: 'Send the dealer a reminder of an unpaid invoice',
    description:
      'Queues the payment reminder mail for a shipped order on account whose invoice is unpaid, to the address on the order while ' +
      'it is a verified address of its account (`queued` says whether it is). Written to the audit log.',
    tag: 'On account',
    access: 'admin',
    params: IdParams,
    answers: { 200: InvoiceReminderSchema },
    refusals: { 409: 'The order is not a shipped order on account with an unpaid invoice (`invalid_state`).' },
  }),
};
