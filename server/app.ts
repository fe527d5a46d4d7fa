// Builds the Fastify app from its dependencies (STYLE 4). Tests build it too; main.ts only listens.

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { makeGuards, type Guards } from './auth/guards';
import type { IdentityProvider } from './auth/identity';
import { tokenService, type TokenService } from './auth/tokens';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { catalogueCache, type CatalogueCache } from './lib/catalogue-cache';
import errorHandler, { mapError } from './plugins/error-handler';
import securityHeaders, { helmetOptions, securityHeaderList } from './plugins/security-headers';
import { CATALOGUE_CHANNEL, listProducts } from './repositories/products';
import configRoutes from './routes/config';
import healthRoutes from './routes/health';
import imageRoutes from './routes/images';
import orderRoutes from './routes/orders';
import paymentRoutes from './routes/payments';
import productRoutes from './routes/products';
import reviewRoutes from './routes/reviews';
import userAdminRoutes from './routes/user-admin';
import userRoutes from './routes/users';
import webhookRoutes from './routes/webhooks';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  identity: IdentityProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    tokens: TokenService;
    guards: Guards;
    catalogue: CatalogueCache;
    /** Every route as registered (method and full URL), for the authorization matrix test. */
    registeredRoutes: { method: string; url: string }[];
  }
}

/** JSON bodies are small: the longest is a product description. */
const JSON_BODY_LIMIT = 64 * 1024;

export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { config, database } = deps;
  const beforeRoutingHeaders = securityHeaderList(helmetOptions(config));
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    routerOptions: { maxParamLength: 300 },
    // A malformed or overlong URL fails before routing, where neither the error handler nor the
    // security-header hook runs: answer it in the same shape and with the same headers.
    frameworkErrors: (error, _request, reply) => {
      const { status, code, message } = mapError(error);
      void (reply as FastifyReply)
        .headers(Object.fromEntries(beforeRoutingHeaders))
        .status(status)
        .type('application/json; charset=utf-8')
        .send({ error: { code, message } });
    },
  });

  const tokens = tokenService(config.accessTokenSecret, config.accessTokenTtlSeconds);
  app.decorate('deps', deps);
  app.decorate('tokens', tokens);
  app.decorate('guards', makeGuards(database.db, tokens));
  app.decorateRequest('authUser', null);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  const catalogue = catalogueCache(() => listProducts(database.db));
  app.decorate('catalogue', catalogue);
  const unlisten = await database.listen(CATALOGUE_CHANNEL, () => catalogue.invalidate());
  app.addHook('onClose', async () => unlisten());

  await app.register(errorHandler);
  await app.register(securityHeaders, { config });

  await app.register(
    async (api) => {
      await api.register(configRoutes);
      await api.register(healthRoutes);
      await api.register(userRoutes);
      await api.register(productRoutes);
      await api.register(reviewRoutes);
      await api.register(orderRoutes);
      await api.register(paymentRoutes);
      await api.register(webhookRoutes);
      await api.register(userAdminRoutes);
      await api.register(imageRoutes);
    },
    { prefix: '/api' },
  );

  await registerStatic(app, config);
  return app;
}

async function registerStatic(app: FastifyInstance, config: AppConfig): Promise<void> {
  // Uploaded product images: only files we wrote ourselves (WebP, content-hashed names), never a listing.
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    // Our own header below; @fastify/static's default would replace it with max-age=0.
    cacheControl: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => /^\/?[a-f0-9]{64}\.webp$/u.test(pathName),
    setHeaders(res) {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('cross-origin-resource-policy', 'same-origin');
    },
  });

  const staticDir = config.staticDir;
  const indexHtml = staticDir ? path.join(staticDir, 'index.html') : null;
  const hasPwa = indexHtml !== null && existsSync(indexHtml);
  if (hasPwa && staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      index: ['index.html'],
      list: false,
      dotfiles: 'deny',
      // The build writes .br and .gz beside each script and stylesheet (vite.config.ts).
      preCompressed: true,
      // Our own header below; @fastify/static's default would replace it with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(staticDir, filePath);
        // Hashed build assets never change; the shell, manifest and worker must be revalidated.
        res.setHeader('cache-control', rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (rel.startsWith('assets')) res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    const isUpload = url.startsWith('/uploads/');
    if (!isApi && !isUpload && hasPwa && (request.method === 'GET' || request.method === 'HEAD')) {
      // SPA fallback: the client router decides what the path shows, including its own not-found screen.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'not_found', message: isApi ? 'There is no such API route.' : 'Not found.' } });
  });
}
