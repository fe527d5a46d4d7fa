import type { FastifyPluginAsync } from 'fastify';
import { CreateReviewBodySchema } from '../../src/contract/review';
import { currentUser } from '../auth/guards';
import { parseBody } from '../lib/validate';
import { insertReview, listReviews } from '../repositories/reviews';

const reviews: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  app.get('/reviews', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return listReviews(db);
  });

  // The reviewer's name and e-mail come from the signed-in user, never from the body (DESIGN section 4).
  app.post('/reviews', { preHandler: app.guards.customer }, async (request, reply) => {
    const user = currentUser(request);
    const body = parseBody(CreateReviewBodySchema, request.body);
    const insertedId = await insertReview(db, {
      userId: user.id,
      userName: user.displayName.trim() || user.email,
      userEmail: user.email,
      review: body.review,
      rating: body.rating,
    });
    return reply.status(201).send({ insertedId });
  });
};
export default reviews;
