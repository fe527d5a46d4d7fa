// Baseline of the catalogue benchmark: a bare Fastify route answering the same bytes from memory.
// Usage: node --import tsx bench/lib/bare-server.ts <port> <body-file>

import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port = '3361', bodyFile = ''] = process.argv.slice(2);
const body = readFileSync(bodyFile, 'utf8');
const app = Fastify({ logger: false });
app.get('/api/products', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
app.get('/api/readyz', async () => ({ status: 'ready' }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
