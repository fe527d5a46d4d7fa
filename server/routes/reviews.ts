// Client reviews: the public list, posting one (customers), and moderation (admins).

import type { FastifyPluginAsync } from 'fastify';
import { IdSchema } from '../../src/contract/fields';
import { AdminReviewsQuerySchema, CreateReviewBodySchema, ModerateReviewBodySchema } from '../../src/contract/review';
import { visibleText } from '../../src/contract/display-text';
import { currentUser } from '../auth/guards';
import { notFound } from '../errors';
import { defineRateLimit } from '../lib/rate-limit';
import { parseBody, parseParam } from '../lib/validate';
import { deleteReview, insertReview, listAllReviewsPage, listReviews, setReviewHidden } from '../repositories/reviews';
import { reviewSchemas as schemas } from '../schemas/reviews';

/** Shown instead of a display name that prints as nothing. */
const NAMELESS_REVIEWER = 'A Forgeline dealer';

const reviews: FastifyPluginAsync = async (app) => {
  const { config, database } = app.deps;
  const { db } = database;
  // One account cannot push every genuine review out of the newest hundred.
  const perUser = defineRateLimit(app, {
    name: 'reviews-user',
    max: config.reviewsPerHour,
    windowMs: 3_600_000,
    message: 'You have posted several reviews in the last hour. Please try again later.',
    // Uncounted, one account could fill the public list; a review can wait until the store is back
    // (docs/decisions/012).
    whenStoreDown: { refuse: 'Reviews cannot be posted for a moment. Please try again in a few minutes.' },
  });

  app.get('/reviews', { schema: schemas.list }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return listReviews(db);
  });

  // The reviewer's name comes from the signed-in user, never from the body; the e-mail is never
  // published (docs/decisions/003).
  app.post('/reviews', { preHandler: app.guards.customer, schema: schemas.create }, async (request, reply) => {
    const user = currentUser(request);
    await perUser.hit(user.id, request, reply);
    const body = parseBody(CreateReviewBodySchema, request.body);
    const insertedId = await insertReview(db, {
      userId: user.id,
      userName: visibleText(user.displayName) === '' ? NAMELESS_REVIEWER : visibleText(user.displayName),
      userEmail: user.email,
      review: body.review,
      rating: body.rating,
    });
    return reply.status(201).send({ insertedId });
  });

  const admin = app.guards.admin;

  // Manage Reviews: every review, hidden ones too, a page at a time.
  app.get('/reviews/all', { preHandler: admin, schema: schemas.all }, async (request, reply) => {
    const query = parseBody(AdminReviewsQuerySchema, request.query);
    const { items, total } = await listAllReviewsPage(db, query);
    void reply.header('cache-control', 'no-store');
    return { items, total, page: query.page, pageSize: query.pageSize };
  });

  app.patch<{ Params: { id: string } }>('/reviews/:id', { preHandler: admin, schema: schemas.moderate }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That review');
    const { hidden } = parseBody(ModerateReviewBodySchema, request.body);
    if (!(await setReviewHidden(db, id, hidden))) throw notFound('That review');
    return { modifiedCount: 1 };
  });

  app.delete<{ Params: { id: string } }>('/reviews/:id', { preHandler: admin, schema: schemas.remove }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, 'That review');
    const deletedCount = await deleteReview(db, id);
    if (deletedCount === 0) throw notFound('That review');
    return { deletedCount };
  });
};
export default reviews;
