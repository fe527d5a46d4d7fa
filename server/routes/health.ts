import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors';

const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async () => {
    try {
      await app.deps.database.ping();
    } catch {
      throw new AppError('unavailable', 'The database is not reachable.');
    }
    return { status: 'ready', database: app.deps.database.kind };
  });
};
export default health;
