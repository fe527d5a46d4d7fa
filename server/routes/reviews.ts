import type { FastifyPluginAsync } from 'fastify';
import { listReviews } from '../repositories/reviews';

const reviews: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  app.get('/reviews', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return listReviews(db);
  });
};
export default reviews;
