// What the approval routes take and answer (server/routes/approvals.ts, docs/decisions/055).

import { OrderListSchema, OrderSchema } from '../../src/contract/order';
import { ApprovalDecisionBodySchema } from '../../src/contract/spending-limits';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

export const approvalSchemas = {
  waiting: routeSchema({
    summary: 'Orders waiting for one’s approval',
    description:
      'The orders of the caller’s company over a buyer’s spending limit, the longest waiting first, each with its lines and its `approval` ' +
      '(which limit, the limit, and for the monthly one what the buyer had ordered that month before it). For the company’s approvers: ' +
      'its company admins and the members named approvers.',
    tag: 'Orders',
    access: 'signedIn',
    answers: { 200: OrderListSchema },
    refusals: {
      403: 'The caller is not an approver of their company.',
      404: 'The account belongs to no company (admins of the shop and sales reps belong to none).',
    },
  }),
  decide: routeSchema({
    summary: 'Approve or decline an order over a spending limit',
    description:
      'Approved, the order goes on as it would have without the limit: a card order becomes Unpaid, to be paid; an order on account takes ' +
      'its stock and is Confirmed or On hold by the company’s credit. Declined, it is Declined with the reason, which the buyer reads. ' +
      '`decisionId` is made on the approver’s device: the same decision sent again answers 200 with the order as it stands. The buyer is mailed either way.',
    tag: 'Orders',
    access: 'signedIn',
    params: IdParams,
    body: ApprovalDecisionBodySchema,
    answers: { 200: OrderSchema },
    refusals: {
      403: 'The caller is not an approver of the order’s company, or placed the order themselves.',
      404: 'No order of the caller’s company waited for approval with this id.',
      409: 'Another approver decided it first (the message says who and how), it is no longer waiting, or a piece of an order on account is gone.',
    },
  }),
};
