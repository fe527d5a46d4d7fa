// Baseline of the catalogue benchmark: a bare Fastify route answering the same bytes from memory, in the
// same encoding as the storefront sent them (plain JSON, or br / gzip with its Content-Encoding).
// Usage: node --import tsx bench/lib/bare-server.ts <port> <body-file> [content-encoding]

import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port = '3361', bodyFile = '', encoding = 'identity'] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get('/api/products', async (_request, reply) => {
  void reply.type('application/json; charset=utf-8');
  if (encoding !== 'identity') void reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
  return reply.send(body);
});
app.get('/api/readyz', async () => ({ status: 'ready' }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
