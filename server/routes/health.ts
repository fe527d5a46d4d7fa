import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors';
import { healthSchemas } from '../schemas/service';

const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: healthSchemas.live }, async () => ({ status: 'ok' }));
  // Ready needs the database. A missing Redis is reported but keeps the process in rotation: it would be
  // missing for every process at once, and each rate limit has its rule for that (docs/decisions/012).
  app.get('/readyz', { schema: healthSchemas.ready }, async () => {
    const { redis } = app.services;
    const [database, redisUp] = await Promise.all([
      app.deps.database.ping().then(
        () => true,
        () => false,
      ),
      redis ? redis.ping() : Promise.resolve(null),
    ]);
    if (!database) throw new AppError('unavailable', 'The database is not reachable.');
    if (redisUp === null) return { status: 'ready', database: app.deps.database.kind };
    return { status: redisUp ? 'ready' : 'degraded', database: app.deps.database.kind, redis: redisUp ? 'up' : 'down' };
  });
};
export default health;
