// A shutdown that waits for the answers in flight and no longer (docs/architecture.md, "Request flow",
// start-up and shutdown). Fastify closes the connections that are idle when it starts closing; three kinds
// would otherwise hold the process open:
// - a connection busy at that moment stays open after its answer for the whole keep-alive timeout
//   (KEEP_ALIVE_TIMEOUT_SECONDS). From the moment the server starts closing, each answer says
//   `Connection: close` and its connection is ended once the answer is out, streams ended by the shutdown
//   included;
// - a connection opened but with no request on it yet (clients open spare ones ahead of need) is not idle
//   to Node, which waits for its headers timeout. One that is still silent a moment after the close starts
//   is dropped: it carries nothing to lose;
// - a request still arriving, however slowly: Node stops enforcing the request and headers timeouts once
//   the server closes, so a body sent a byte at a time would hold the close for as long as its sender
//   likes. One that has not arrived in full a few seconds after the close starts is dropped; nothing has
//   been done for it yet, and the client may send it again to a server that is running.

import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long a connection that has sent nothing gets, once the server starts closing, to send a request. */
const SILENT_CONNECTION_GRACE_MS = 500;
/** How long a request still arriving when the server starts closing gets to arrive in full. */
const ARRIVING_REQUEST_GRACE_MS = 5000;

async function gracefulClose(app: FastifyInstance): Promise<void> {
  let closing = false;
  const sockets = new Set<Socket>();
  // The latest request of each connection: whether it has arrived in full tells an answer being worked
  // on from a request still coming in.
  const latestRequest = new WeakMap<Socket, IncomingMessage>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage) => latestRequest.set(request.socket, request));
  app.addHook('preClose', async () => {
    closing = true;
    const silent = [...sockets].filter((socket) => socket.bytesRead === 0);
    if (silent.length > 0) {
      setTimeout(() => {
        for (const socket of silent) if (socket.bytesRead === 0) socket.destroy();
      }, SILENT_CONNECTION_GRACE_MS).unref();
    }
    setTimeout(() => {
      for (const socket of sockets) if (latestRequest.get(socket)?.complete !== true) socket.destroy();
    }, ARRIVING_REQUEST_GRACE_MS).unref();
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
