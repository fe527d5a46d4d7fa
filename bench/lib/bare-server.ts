// Baseline of the catalogue benchmark: a bare Fastify route answering the same bytes from memory, in the
// same encoding as the storefront sent them (plain JSON, or br / gzip with its Content-Encoding), for each
// URL the storefront was asked (the whole list, or every page of the offline copy).
// Usage: node --import tsx bench/lib/bare-server.ts <port> <content-encoding> <url> <body-file> [<url> <body-file>...]

import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port = '3361', encoding = 'identity', ...answers] = process.argv.slice(2);
/** The body of each URL, path and query as asked. */
const bodies = new Map<string, Buffer>();
for (let i = 0; i + 1 < answers.length; i += 2) bodies.set(answers[i] ?? '', readFileSync(answers[i + 1] ?? ''));
const app = Fastify({ logger: false });
for (const pathname of new Set([...bodies.keys()].map((url) => new URL(url, 'http://bare').pathname)))
  app.get(pathname, async (request, reply) => {
    const body = bodies.get(request.url);
    if (!body) return reply.status(404).send();
    void reply.type('application/json; charset=utf-8');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    return reply.send(body);
  });
app.get('/api/readyz', async () => ({ status: 'ready' }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
