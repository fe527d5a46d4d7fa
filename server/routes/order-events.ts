// GET /api/orders/events: the live orders stream for admins (docs/architecture.md, "Live orders";
// decision 014). Server-sent events over a plain response, so the client reads it with fetch and sends
// its bearer token in the Authorization header like every other call.

import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors';
import { orderEventsSchema } from '../schemas/admin';

/** A stream whose client reads nothing for this long (in bytes) is dropped rather than buffered. */
const MAX_UNREAD_BYTES = 256 * 1024;

const orderEventsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/orders/events', { preHandler: app.guards.admin, schema: orderEventsSchema }, async (request, reply) => {
    void reply.headers({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies (nginx and the like) must pass each event on at once, not collect the response.
      'x-accel-buffering': 'no',
    });
    if (request.method === 'HEAD') return reply.send();

    const stream = new PassThrough();
    const gone = () => stream.destroyed || stream.writableEnded;
    const unsubscribe = app.liveOrders.subscribe({
      write(chunk) {
        if (gone()) return false;
        if (stream.writableLength > MAX_UNREAD_BYTES) {
          stream.destroy();
          return false;
        }
        stream.write(chunk);
        return true;
      },
      end() {
        if (!gone()) stream.end();
      },
      // Checked at every heartbeat: a deleted or demoted admin's stream ends, and the reconnect is refused.
      // A database that cannot answer for a moment is no reason to end it.
      stillAllowed: () =>
        app.guards.admin(request, reply).then(
          () => true,
          (error: unknown) => !(error instanceof AppError),
        ),
    });
    // When the client goes away the response closes (the request's own 'close' only says its body was
    // read); either way the hub forgets the stream.
    stream.once('close', unsubscribe);
    reply.raw.once('close', () => {
      unsubscribe();
      stream.destroy();
    });
    return reply.send(stream);
  });
};

export default orderEventsRoutes;
