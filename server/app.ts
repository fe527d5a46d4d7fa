// Builds the Fastify app from its dependencies. Tests build it too; main.ts only listens.

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifySchema } from 'fastify';
import { makeGuards, type Guards } from './auth/guards';
import type { IdentityProvider } from './auth/identity';
import { tokenService, type TokenService } from './auth/tokens';
import { LIVE_ORDERS_RETRY_MS } from '../src/contract/live-orders';
import { NOT_FOUND_PAGE, PRERENDERED_DIR, PRERENDERED_PAGES, prerenderedFileFor } from '../src/contract/prerendered-pages';
import type { Product } from '../src/contract/product';
import { fillProductFrame, FRAMES_DIR, PRODUCT_FRAME_FILE, screenFrameFor } from '../src/contract/screen-frames';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { registerUploads } from './images/serve';
import { imageStoreFor, type ImageStore } from './images/storage';
import { catalogueCache, type CatalogueCache } from './lib/catalogue-cache';
import { dealerOrdersHub, type DealerOrdersHub } from './lib/dealer-live-orders';
import { liveOrdersHub, type LiveOrdersHub } from './lib/live-orders';
import { productScreen } from './lib/page-hints';
import { connectRedis, type SharedRedis } from './lib/redis';
import { createPaymentProvider } from './payments/create-provider';
import type { PaymentProvider } from './payments/provider';
import type { SandboxProvider } from './payments/sandbox';
import compression from './plugins/compression';
import gracefulClose from './plugins/graceful-close';
import errorHandler, { clientErrorAnswer, mapError } from './plugins/error-handler';
import openapi from './plugins/openapi';
import securityHeaders, { helmetOptions, securityHeaderList } from './plugins/security-headers';
import { countPaidOrders, ORDERS_CHANNEL, usersWhoSeeOrder } from './repositories/order-events';
import { CATALOGUE_CHANNEL, listProducts } from './repositories/products';
import companyRoutes from './routes/companies';
import companyAdminRoutes from './routes/company-admin';
import salesRepRoutes from './routes/sales-reps';
import configRoutes from './routes/config';
import healthRoutes from './routes/health';
import imageRoutes from './routes/images';
import invoiceRoutes from './routes/invoices';
import invoicePortalRoutes from './routes/invoice-portal';
import orderEventsRoutes from './routes/order-events';
import mailRoutes from './routes/mail';
import orderRoutes from './routes/orders';
import paymentRoutes from './routes/payments';
import priceListRoutes from './routes/price-lists';
import pushRoutes from './routes/push';
import productAdminRoutes from './routes/product-admin';
import productRoutes from './routes/products';
import reviewRoutes from './routes/reviews';
import receivablesRoutes from './routes/receivables';
import reportRoutes from './routes/reports';
import taxRateRoutes from './routes/tax-rates';
import savedListRoutes from './routes/saved-lists';
import quoteRoutes from './routes/quotes';
import userAdminRoutes from './routes/user-admin';
import userRoutes from './routes/users';
import approvalRoutes from './routes/approvals';
import webhookRoutes from './routes/webhooks';
import { startJobs, type JobRunner } from './services/jobs';
import { mailService, type MailService } from './services/mail';
import { pushService, type PushService } from './services/push';
import { orderService, type OrderService } from './services/orders';

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
  identity: IdentityProvider;
  /** The card processor; by default the one the configuration names (Stripe or the sandbox). */
  payments?: PaymentProvider | SandboxProvider;
  /** Where uploaded pictures are kept; by default PostgreSQL, or `uploadsDir` on the local disk with PGlite. */
  images?: ImageStore;
  /** Background jobs (unpaid-order expiry); off for tests that drive them by hand. */
  jobs?: boolean;
  /** How often the live orders streams get a heartbeat; 25 s by default. */
  liveOrdersHeartbeatMs?: number;
}

/** The services routes use, built once from the dependencies (docs/architecture.md, "Request flow"). */
export interface AppServices {
  payments: PaymentProvider | SandboxProvider;
  images: ImageStore;
  orders: OrderService;
  /** The mail queue's sender and its failures (docs/decisions/013-invoices-and-mail-queue.md). */
  mail: MailService;
  /** The sender of notifications on devices (docs/notifications.md). */
  push: PushService;
  jobs: JobRunner | null;
  /** The store of the rate-limit counters when REDIS_URL is set; null keeps them in this process. */
  redis: SharedRedis | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    services: AppServices;
    tokens: TokenService;
    guards: Guards;
    catalogue: CatalogueCache<Product[]>;
    /** The open live orders streams of this process (docs/architecture.md, "Live orders"). */
    liveOrders: LiveOrdersHub;
    /** The open streams of dealers' and reps' My Orders in this process, each of the orders its account sees. */
    dealerOrders: DealerOrdersHub;
    /** Every route as registered (method, full URL and schema), for the authorization matrix and reference tests. */
    registeredRoutes: RegisteredRoute[];
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
    // No request holds a connection for ever, however slowly its body comes (docs/architecture.md,
    // "Request flow"). The request timeout counts until the request has arrived, not while it is answered:
    // the live orders stream outlives it.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // Node looks for requests over their time on a timer (every 30 s by default): a tenth of the
      // shorter limit closes one within a tenth of its time.
      connectionsCheckingInterval: Math.max(100, Math.round(Math.min(config.timeouts.headersMs, config.timeouts.requestMs) / 10)),
    },
    // What Node's parser refuses before a request exists (a body too slow to arrive, headers too large)
    // answers in the same shape too, and the connection closes.
    clientErrorHandler: (error, socket) => {
      const answer = clientErrorAnswer(error, beforeRoutingHeaders);
      if (answer && socket.writable) socket.end(answer);
      else socket.destroy(error);
    },
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
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url, schema: route.schema });
  });

  const payments = deps.payments ?? createPaymentProvider(config, database.db);
  const orders = orderService({ db: database.db, config, payments, log: app.log });
  const mail = mailService({
    db: database.db,
    mail: config.mail,
    heldFor: config.unpaidOrderTtlMs,
    links: { publicUrl: config.publicUrl, secret: config.accessTokenSecret },
    log: app.log,
  });
  const push = pushService({ db: database.db, push: config.push, log: app.log });
  const images = deps.images ?? imageStoreFor(database, config.uploadsDir);
  const jobs =
    deps.jobs === false
      ? null
      : startJobs({
          db: database.db,
          orders,
          intervalMs: config.jobsIntervalMs,
          log: app.log,
          mail: { service: mail, intervalMs: config.mail.intervalMs },
          push: { service: push, intervalMs: config.push.intervalMs },
          uploads: { store: images, graceMs: config.uploadGraceMs },
        });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  app.decorate('services', { payments, images, orders, mail, push, jobs, redis });
  if (jobs) app.addHook('onClose', async () => jobs.stop());
  // After the jobs: a mail being sent when the app closes is finished first.
  app.addHook('onClose', async () => mail.close());
  if (redis) app.addHook('onClose', async () => redis.close());

  const catalogue = catalogueCache(() => listProducts(database.db));
  app.decorate('catalogue', catalogue);
  const unlisten = await database.listen(CATALOGUE_CHANNEL, () => catalogue.invalidate());
  app.addHook('onClose', async () => unlisten());

  const liveOrders = liveOrdersHub({
    countPaid: () => countPaidOrders(database.db),
    heartbeatMs: deps.liveOrdersHeartbeatMs ?? 25_000,
    retryMs: LIVE_ORDERS_RETRY_MS,
    onError: (error) => app.log.warn({ err: error }, 'live orders: counting paid orders failed'),
  });
  app.decorate('liveOrders', liveOrders);
  const dealerOrders = dealerOrdersHub({
    seenBy: (orderId, userIds) => usersWhoSeeOrder(database.db, orderId, userIds),
    heartbeatMs: deps.liveOrdersHeartbeatMs ?? 25_000,
    retryMs: LIVE_ORDERS_RETRY_MS,
    onError: (error) => app.log.warn({ err: error }, 'live orders: finding who sees an order failed'),
  });
  app.decorate('dealerOrders', dealerOrders);
  const unlistenOrders = await database.listen(ORDERS_CHANNEL, (payload) => {
    liveOrders.notify(payload);
    dealerOrders.notify(payload);
  });
  // First, so every answer from here on closes its connection (server/plugins/graceful-close.ts).
  await app.register(gracefulClose);
  // Before the server closes: open streams would otherwise keep it waiting for ever.
  app.addHook('preClose', async () => {
    liveOrders.close();
    dealerOrders.close();
  });
  app.addHook('onClose', async () => unlistenOrders());

  await app.register(errorHandler);
  await app.register(securityHeaders, { config });
  // Before every route, static files included: it hooks each route as it is added.
  await app.register(compression);
  // Before every route: the reference is made from the schemas of the routes registered after it.
  await app.register(openapi);
  // Counters only: each route counts what it limits where its rule says (server/lib/rate-limit.ts).
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis: redis.client, nameSpace: 'forgeline:rate-limit:' } : {}) });

  await app.register(
    async (api) => {
      await api.register(configRoutes);
      await api.register(healthRoutes);
      await api.register(userRoutes);
      await api.register(companyRoutes);
      await api.register(productRoutes);
      await api.register(reviewRoutes);
      await api.register(orderRoutes);
      await api.register(approvalRoutes);
      await api.register(orderEventsRoutes);
      await api.register(paymentRoutes);
      await api.register(webhookRoutes);
      await api.register(userAdminRoutes);
      await api.register(companyAdminRoutes);
      await api.register(salesRepRoutes);
      await api.register(productAdminRoutes);
      await api.register(reportRoutes);
      await api.register(receivablesRoutes);
      await api.register(priceListRoutes);
      await api.register(taxRateRoutes);
      await api.register(savedListRoutes);
      await api.register(quoteRoutes);
      await api.register(imageRoutes);
      await api.register(invoiceRoutes);
      await api.register(invoicePortalRoutes);
      await api.register(mailRoutes);
      await api.register(pushRoutes);
    },
    { prefix: '/api' },
  );

  await registerStatic(app, config);
  return app;
}

async function registerStatic(app: FastifyInstance, config: AppConfig): Promise<void> {
  registerUploads(app, app.services.images);

  const staticDir = config.staticDir;
  const indexHtml = staticDir ? path.join(staticDir, 'index.html') : null;
  const hasPwa = indexHtml !== null && existsSync(indexHtml);
  const hasPrerendered = hasPwa && staticDir !== null && existsSync(path.join(staticDir, PRERENDERED_DIR));
  // Read on each purchase page: a rebuild while the server runs changes the scripts the frame names.
  const productFrame = hasPrerendered && staticDir !== null ? path.join(staticDir, PRERENDERED_DIR, FRAMES_DIR, PRODUCT_FRAME_FILE) : null;
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

  const sendPage = (reply: FastifyReply, file: string) =>
    reply
      .status(file === NOT_FOUND_PAGE.file ? 404 : 200)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .sendFile(`${PRERENDERED_DIR}/${file}`);
  if (hasPrerendered) {
    // Before the static files' own routes: `/` would otherwise be the shell, index.html.
    // Pages for people, not part of the API reference.
    for (const page of PRERENDERED_PAGES) app.get(page.path, { schema: { hide: true } }, async (_request, reply) => sendPage(reply, page.file));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    const isUpload = url.startsWith('/uploads/');
    if (!isApi && !isUpload && hasPwa && (request.method === 'GET' || request.method === 'HEAD')) {
      // Public pages come prerendered, and a path no client route knows gets the prerendered not-found
      // page with a 404 (docs/architecture.md, "Prerendered public pages"). Everything else gets the shell:
      // the client router decides what the path shows.
      const pathname = url.split('?')[0] ?? url;
      const page = hasPrerendered ? prerenderedFileFor(pathname) : null;
      if (page) return sendPage(reply, page);
      // A screen with a frame of its own paints its layout and title, or the product's picture and name,
      // before any script runs (docs/architecture.md, "Screen frames").
      const frame = hasPrerendered ? screenFrameFor(pathname) : null;
      if (frame) return sendPage(reply, frame);
      const product = await productScreen(app.deps.database.db, pathname);
      if (product) void reply.header('link', product.hint);
      const template = product && productFrame ? await readFile(productFrame, 'utf8').catch(() => null) : null;
      if (product && template)
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fillProductFrame(template, product.frame));
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'not_found', message: isApi ? 'There is no such API route.' : 'Not found.' } });
  });
}
