// What the review routes take and answer (server/routes/reviews.ts).

import { DeletedCountSchema, InsertedIdSchema, ModifiedCountSchema } from '../../src/contract/order';
import { AdminReviewPageSchema, AdminReviewsQuerySchema, CreateReviewBodySchema, ModerateReviewBodySchema, ReviewListSchema } from '../../src/contract/review';
import { routeSchema } from '../lib/route-schema';
import { IdParams } from './params';

export const reviewSchemas = {
  list: routeSchema({
    summary: 'The latest reviews',
    description: 'The newest 100 reviews not hidden, without the reviewers’ e-mails.',
    tag: 'Reviews',
    access: 'anyone',
    answers: { 200: ReviewListSchema },
  }),
  create: routeSchema({
    summary: 'Post a review',
    description: 'The reviewer’s name is the account’s display name, never one from the body.',
    tag: 'Reviews',
    access: 'customer',
    body: CreateReviewBodySchema,
    answers: { 201: InsertedIdSchema },
    refusals: { 429: 'Several reviews from this account in the last hour.', 503: 'Reviews cannot be counted, so not posted, for a moment.' },
  }),
  all: routeSchema({
    summary: 'Every review, a page at a time',
    description: 'Hidden ones too, with the reviewer’s e-mail, newest first.',
    tag: 'Reviews',
    access: 'admin',
    query: AdminReviewsQuerySchema,
    answers: { 200: AdminReviewPageSchema },
  }),
  moderate: routeSchema({
    summary: 'Hide a review, or show it again',
    tag: 'Reviews',
    access: 'admin',
    params: IdParams,
    body: ModerateReviewBodySchema,
    answers: { 200: ModifiedCountSchema },
  }),
  remove: routeSchema({ summary: 'Delete a review', tag: 'Reviews', access: 'admin', params: IdParams, answers: { 200: DeletedCountSchema } }),
};
