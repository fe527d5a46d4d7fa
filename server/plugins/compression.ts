// Compresses every answer worth it (docs/architecture.md, "Request flow"): JSON, text, scripts and markup
// over 1 KiB, Brotli or gzip as the client accepts, with `Vary: Accept-Encoding`. Answers that already carry
// a Content-Encoding pass untouched: the catalogue's cached Brotli and gzip copies
// (server/lib/catalogue-cache.ts) and the build's pre-compressed assets. Event streams are never buffered
// into a compressor, and request bodies are not decompressed, so the body limit still counts bytes received.

import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers gain less than the encoding costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** JSON, text (but not text/event-stream), JavaScript, XML and SVG. */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|\/javascript(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    customTypes: COMPRESSIBLE,
  });
}

export default fp(compression, { name: 'forgeline-compression' });
