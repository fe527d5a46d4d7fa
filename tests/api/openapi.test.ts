// The API reference (docs/decisions/032): OpenAPI 3.1 at /api/openapi.json and a page at /api/docs, made
// from the routes' own schemas. Every route must declare one, and real answers of the main routes must
// match what the reference says they are.

import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { DOCS_PREFIX, OPENAPI_PATH } from '../../server/plugins/openapi';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';
import type { TestUser } from '../helpers/test-app';

interface Operation {
  summary?: string;
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
  requestBody?: unknown;
}
type OpenApi = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** `/api/order/:id` as the reference writes it, `/api/order/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/gu, '{$1}');

const isDocumentation = (url: string) => url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

describeEachDatabase(
  'the API reference',
  (kind) => {
    const { t, users } = useTestApp(kind, { users: { dealer: {}, admin: { admin: true }, other: {} } });
    let doc: OpenApi;

    beforeAll(async () => {
      const res = await t.app.inject({ url: OPENAPI_PATH });
      expect(res.statusCode).toBe(200);
      doc = res.json() as OpenApi;
    });

    /** Calls the API and checks the answer against the reference's answer for its status and media type. */
    async function call(
      method: string,
      path: string,
      options: { params?: Record<string, string>; query?: string; user?: TestUser; body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<LightMyRequestResponse> {
      const url = path.replace(/\{([A-Za-z0-9_]+)\}/gu, (_m, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
      const res = await t.app.inject({
        method: method as 'GET',
        url: options.query ? `${url}?${options.query}` : url,
        headers: { ...options.user?.auth, ...options.headers },
        ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
      });
      const where = `${method} ${path} -> ${res.statusCode}`;
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path} is in the reference`).toBeDefined();
      const status = String(res.statusCode);
      const responses = operation?.responses ?? {};
      const answer = responses[status] ?? responses[`${status[0] ?? ''}XX`] ?? responses.default;
      expect(answer, `${where}: the status is documented`).toBeDefined();
      if (res.statusCode === 304 || res.body === '') return res;
      const media = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
      const content = answer?.content?.[media];
      expect(content, `${where}: ${media} is the documented media type`).toBeDefined();
      if (media === 'application/json') {
        const validate = ajv.compile(content?.schema ?? {});
        const valid = validate(res.json());
        expect(valid ? [] : validate.errors, `${where}: the answer matches its schema`).toEqual([]);
      }
      return res;
    }

    describe('the document', () => {
      it('is OpenAPI 3.1 with the API’s name, its version and the bearer tokens', () => {
        expect(doc.openapi).toBe('3.1.0');
        expect(doc.info).toMatchObject({ title: 'Forgeline dealer API', version: packageJson.version });
        expect(doc.components.securitySchemes).toMatchObject({ accessToken: { type: 'http', scheme: 'bearer' }, idToken: { type: 'http', scheme: 'bearer' } });
      });

      it('has a schema for every route: its answers under /api, or hidden as a page or a file', () => {
        const missing: string[] = [];
        for (const route of t.app.registeredRoutes) {
          if (route.method === 'HEAD') continue;
          const name = `${route.method} ${route.url}`;
          const api = route.url === '/api' || route.url.startsWith('/api/');
          if (!route.schema) missing.push(`${name}: no schema`);
          else if (route.schema.hide) {
            if (api && !isDocumentation(route.url)) missing.push(`${name}: hidden from the reference`);
          } else {
            const answers = Object.keys((route.schema.response as Record<string, unknown> | undefined) ?? {}).filter((status) => /^[23]/u.test(status));
            if (answers.length === 0) missing.push(`${name}: no answer declared`);
            if (!doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]) missing.push(`${name}: not in the reference`);
          }
        }
        expect(missing).toEqual([]);
      });

      it('documents the body of every route that reads one', () => {
        // Shipping an order, making an admin, approving a dealer, making a location the default, approving or
        // reinstating a company, accepting an invitation, making a sales rep and assigning it a company, releasing an
        // order on hold and reminding of an unpaid invoice take no body.
        const withoutBody = [
          'patch /api/orders/{id}',
          'put /api/user/admin/{email}',
          'put /api/user/dealer/{email}',
          'post /api/company/locations/{id}/default',
          'post /api/admin/companies/{id}/approve',
          'post /api/admin/companies/{id}/reinstate',
          'post /api/invitations/{token}/accept',
          'put /api/user/rep/{email}',
          'put /api/admin/companies/{id}/reps/{userId}',
          'post /api/orders/{id}/release',
          'post /api/orders/{id}/reminder',
        ];
        for (const [path, item] of Object.entries(doc.paths)) {
          for (const [method, operation] of Object.entries(item)) {
            if (!['post', 'put', 'patch'].includes(method) || withoutBody.includes(`${method} ${path}`)) continue;
            expect(operation.requestBody, `${method} ${path}`).toBeDefined();
          }
        }
      });
    });

    describe('the reference page', () => {
      it('is served from this server, under the app’s Content-Security-Policy', async () => {
        const page = await t.app.inject({ url: DOCS_PREFIX });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/u);
        expect(page.headers['content-security-policy']).toContain("script-src 'self'");
        // Nothing from another host: the page must work on a tablet that is offline.
        expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//u);
        const scripts = [...page.body.matchAll(/<script src="([^"]+)"/gu)].map((match) => match[1] ?? '');
        expect(scripts.length).toBeGreaterThan(0);
        for (const src of scripts) {
          const asset = await t.app.inject({ url: new URL(src, `http://localhost${DOCS_PREFIX}`).pathname });
          expect(asset.statusCode, src).toBe(200);
          expect(asset.headers['content-type'], src).toMatch(/javascript/u);
        }
        // Swagger UI would otherwise send the document to an online validator.
        const initializer = await t.app.inject({ url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
        expect(initializer.body).toContain('validatorUrl: null');
        const json = await t.app.inject({ url: `${DOCS_PREFIX}/json` });
        expect(json.json()).toEqual(doc);
      });
    });

    describe('answers match the reference', () => {
      let productId: string;
      beforeAll(async () => {
        productId = await t.createProduct({ name: 'Reference drill', price: 120, available: 500, minOrder: 1 });
      });

      it('service and catalogue', async () => {
        await call('GET', '/api/config');
        await call('GET', '/api/healthz');
        await call('GET', '/api/readyz');
        const list = await call('GET', '/api/products');
        const etag = String(list.headers.etag);
        expect((await call('GET', '/api/products', { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
        await call('GET', '/api/products', { query: 'page=1&pageSize=5' });
        await call('GET', '/api/products', { query: 'q=reference' });
        const changes = await call('GET', '/api/products/changes');
        const { cursor } = changes.json() as { cursor: number };
        await call('GET', '/api/products/changes', { query: `after=${cursor}` });
        await call('GET', '/api/categories');
        await call('GET', '/api/products/{id}', { params: { id: productId } });
        expect((await call('GET', '/api/products/{id}', { params: { id: randomUUID() } })).statusCode).toBe(404);
        expect((await call('GET', '/api/products/changes', { query: 'after=x' })).statusCode).toBe(400);
      });

      it('account and admin', async () => {
        const { dealer, admin, other } = users;
        await call('PUT', '/api/user/{email}', {
          params: { email: dealer.email },
          headers: { authorization: `Bearer ${dealer.idToken}` },
          body: { email: dealer.email },
        });
        await call('GET', '/api/users/{email}', { params: { email: dealer.email }, user: dealer });
        await call('PATCH', '/api/user/{email}', {
          params: { email: dealer.email },
          user: dealer,
          body: { address: '1 Mill Lane, York', phone: '+44 1904 000000' },
        });
        expect((await call('PATCH', '/api/user/{email}', { params: { email: dealer.email }, user: dealer, body: { address: '' } })).statusCode).toBe(400);
        expect((await call('GET', '/api/users/{email}', { params: { email: admin.email }, user: dealer })).statusCode).toBe(403);
        await call('GET', '/api/users', { user: admin });
        await call('GET', '/api/users', { user: admin, query: 'page=1&pageSize=2' });
        expect((await call('GET', '/api/users', { user: dealer })).statusCode).toBe(403);
        expect((await call('GET', '/api/users')).statusCode).toBe(401);
        await call('PUT', '/api/user/dealer/{email}', { params: { email: other.email }, user: admin });
        await call('GET', '/api/admin/sales', { user: admin });
        await call('GET', '/api/mail/failures', { user: admin });
        await call('GET', '/api/orders/export', { user: admin });
      });

      it('reviews', async () => {
        const { dealer, admin } = users;
        await call('GET', '/api/reviews');
        const posted = await call('POST', '/api/reviews', { user: dealer, body: { review: 'Solid drill, the battery lasts a full shift.', rating: 5 } });
        const { insertedId } = posted.json() as { insertedId: string };
        expect((await call('POST', '/api/reviews', { user: dealer, body: { review: 'short', rating: 9 } })).statusCode).toBe(400);
        await call('GET', '/api/reviews/all', { user: admin });
        await call('PATCH', '/api/reviews/{id}', { params: { id: insertedId }, user: admin, body: { hidden: true } });
        await call('DELETE', '/api/reviews/{id}', { params: { id: insertedId }, user: admin });
      });

      it('an order from placing to shipping, with its invoice', async () => {
        const { dealer, admin } = users;
        const order = { productId, orderQuantity: 2, userAddress: '1 Mill Lane, York', userPhone: '+44 1904 000000', clientOrderId: randomUUID() };
        const placed = await call('POST', '/api/orders', { user: dealer, body: order });
        expect(placed.statusCode).toBe(201);
        const { insertedId: id } = placed.json() as { insertedId: string };
        await call('POST', '/api/orders', { user: dealer, body: order });
        const bulk = { lines: [{ productId, quantity: 3 }], userAddress: order.userAddress, userPhone: order.userPhone, clientOrderId: randomUUID() };
        const { insertedId: bulkId } = (await call('POST', '/api/orders', { user: dealer, body: bulk })).json() as { insertedId: string };
        expect((await call('POST', '/api/orders', { user: dealer, body: { ...order, orderQuantity: 100_000, clientOrderId: randomUUID() } })).statusCode).toBe(
          409,
        );
        await call('GET', '/api/orders/{email}', { params: { email: dealer.email }, user: dealer });
        await call('GET', '/api/order/{id}', { params: { id }, user: dealer });
        await call('GET', '/api/orders', { user: admin, query: 'status=Unpaid' });
        expect((await call('GET', '/api/orders/{id}/invoice', { params: { id }, user: dealer })).statusCode).toBe(409);

        const intent = await call('POST', '/api/create-payment-intent', { user: dealer, body: { orderId: id } });
        const { clientSecret } = intent.json() as { clientSecret: string };
        const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
        const confirmed = await call('POST', '/api/sandbox/confirm', { user: dealer, body: { clientSecret, card } });
        const { paymentIntent } = confirmed.json() as { paymentIntent: { id: string } };
        await call('PATCH', '/api/order/{id}', { params: { id }, user: dealer, body: { transactionId: paymentIntent.id } });
        const invoice = await call('GET', '/api/orders/{id}/invoice', { params: { id }, user: dealer });
        expect(invoice.statusCode).toBe(200);
        await call('PATCH', '/api/orders/{id}', { params: { id }, user: admin });
        await call('DELETE', '/api/orders/{id}', { params: { id: bulkId }, user: dealer });
      });
    });
  },
  ['pglite'],
);
