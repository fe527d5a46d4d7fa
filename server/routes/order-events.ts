// The live orders streams (docs/architecture.md, "Live orders"; decision 014): GET /api/orders/events for
// admins, every order with the count waiting to ship, and GET /api/orders/mine/events for dealers and reps, the
// orders each sees and nothing else. Server-sent events over a plain response, so the client reads it with fetch
// and sends its bearer token in the Authorization header like every other call.

import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../auth/guards';
import { AppError, forbidden } from '../errors';
import { dealerOrderEventsSchema, orderEventsSchema } from '../schemas/admin';

/** A stream whose client reads nothing for this long (in bytes) is dropped rather than buffered. */
const MAX_UNREAD_BYTES = 256 * 1024;

/** What a hub needs of one stream. */
interface StreamClient {
  write(chunk: string): boolean;
  end(): void;
  stillAllowed(): Promise<boolean>;
}

/**
 * Opens the event stream on the reply and hands it to `subscribe`; `allowed` is asked again at every heartbeat,
 * so a deleted or demoted account's stream ends (a database that cannot answer for a moment is no reason to).
 */
function openStream(request: FastifyRequest, reply: FastifyReply, allowed: () => Promise<void>, subscribe: (client: StreamClient) => () => void): FastifyReply {
  void reply.headers({
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // Proxies (nginx and the like) must pass each event on at once, not collect the response.
    'x-accel-buffering': 'no',
  });
  if (request.method === 'HEAD') return reply.send();

  const stream = new PassThrough();
  const gone = () => stream.destroyed || stream.writableEnded;
  const unsubscribe = subscribe({
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
    stillAllowed: () =>
      allowed().then(
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
}

const orderEventsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/orders/events', { preHandler: app.guards.admin, schema: orderEventsSchema }, async (request, reply) =>
    openStream(
      request,
      reply,
      () => app.guards.admin(request, reply),
      (client) => app.liveOrders.subscribe(client),
    ),
  );

  /** Dealers and reps; admins have the stream of every order. */
  const orderer = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.guards.signedIn(request, reply);
    if (currentUser(request).role === 'admin') throw forbidden('Admins follow every order on GET /api/orders/events.');
  };

  app.get('/orders/mine/events', { preHandler: orderer, schema: dealerOrderEventsSchema }, async (request, reply) =>
    openStream(
      request,
      reply,
      () => orderer(request, reply),
      (client) => app.dealerOrders.subscribe({ ...client, userId: currentUser(request).id }),
    ),
  );
};

export default orderEventsRoutes;
