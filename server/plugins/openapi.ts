// The API reference, made from the routes' own schemas (server/lib/route-schema.ts, docs/decisions/032):
// OpenAPI 3.1 at /api/openapi.json and a reference page at /api/docs, served from node_modules, so it
// works offline and under the app's Content-Security-Policy.

import { readFile } from 'node:fs/promises';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import packageJson from '../../package.json' with { type: 'json' };
import { API_TAGS, SECURITY_SCHEMES } from '../lib/route-schema';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const DESCRIPTION = [
  'The API of the Forgeline dealer storefront, for dealers’ purchasing systems as much as for the PWA.',
  'Every error answer has one shape, `{"error": {"code", "message", "details"?}}`: the message is for people, the code for programs.',
  'Sign in by sending a Firebase ID token to `PUT /api/user/{email}`; its answer is the access token every other signed-in call sends as a bearer token.',
].join('\n\n');

export default fp(async function openapi(app: FastifyInstance) {
  // Requests are validated by valibot in each handler, after the guards and rate limits, with the
  // contract's messages; Fastify's own validation would answer first and in other words.
  app.setValidatorCompiler(() => () => true);
  // Answers go out as the handler made them: the response schemas document them and a test checks them
  // (tests/api/openapi.test.ts), but they never drop or convert a field on the way out.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Forgeline dealer API', version: packageJson.version, description: DESCRIPTION },
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: { securitySchemes: SECURITY_SCHEMES },
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    theme: { title: 'Forgeline dealer API' },
    logo: { type: 'image/svg+xml', content: await readFile(new URL('../../public/logo.svg', import.meta.url)) },
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
});
