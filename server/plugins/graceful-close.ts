// A shutdown that waits for the answers in flight and no longer (docs/architecture.md, "Request flow",
// start-up and shutdown). Fastify closes the connections that are idle when it starts closing; two kinds
// would otherwise hold the process open:
// - a connection busy at that moment stays open after its answer for the whole keep-alive timeout (72 s).
//   From the moment the server starts closing, each answer says `Connection: close` and its connection is
//   ended once the answer is out, streams ended by the shutdown included;
// - a connection opened but with no request on it yet (clients open spare ones ahead of need) is not idle
//   to Node, which waits for its headers timeout (60 s). One that is still silent a moment after the close
//   starts is dropped: it carries nothing to lose.

import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long a connection that has sent nothing gets, once the server starts closing, to send a request. */
const SILENT_CONNECTION_GRACE_MS = 500;

async function gracefulClose(app: FastifyInstance): Promise<void> {
  let closing = false;
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    closing = true;
    const silent = [...sockets].filter((socket) => socket.bytesRead === 0);
    if (silent.length === 0) return;
    setTimeout(() => {
      for (const socket of silent) if (socket.bytesRead === 0) socket.destroy();
    }, SILENT_CONNECTION_GRACE_MS).unref();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing && !reply.raw.headersSent) void reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => {
    const { socket } = request.raw;
    // An injected request (tests, app.inject) has a stand-in socket with nothing to end.
    if (closing && 'end' in socket) socket.end();
  });
}

export default fp(gracefulClose, { name: 'forgeline-graceful-close' });
