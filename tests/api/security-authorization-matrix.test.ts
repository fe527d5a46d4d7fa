// The authorization matrix: every route of the API called as anonymous, as customer A (its company's
// admin), as customer B on A's resources, as an admin, as two buyers of A's company (one seeing all of its
// orders), as a dealer whose company still waits for approval, and as a sales rep assigned to A's company and
// one that is not, with the status each must get. Nobody outside A's company and its rep sees or changes
// anything of A's. The table is checked against the routes Fastify actually registered, so a new route
// without a row fails.

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { findAccountTerms } from '../../server/repositories/company-account';
import { insertApproval } from '../../server/repositories/order-approvals';
import { findOrder, insertOrder } from '../../server/repositories/orders';
import { markOrderPaid, markOrderShipped } from '../../server/services/orders';
import { findProduct } from '../../server/repositories/products';
import { findUserByEmail, findUserById } from '../../server/repositories/users';
import { companies } from '../../server/db/schema';
import { findCompany } from '../../server/repositories/companies';
import { getShopSettings } from '../../server/repositories/shop-settings';
import type { CompanyStatus, Location, MyCompany } from '../../src/contract/dealer-company';
import { mintUser } from '../helpers/minted-users';
import { orderBody, placeOrder, sandboxConfirm } from '../helpers/orders';
import { storeTestPicture } from '../helpers/pictures';
import { describeEachDatabase } from '../helpers/use-test-app';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/rows';
import { invitationToken } from '../../server/lib/invitation-token';
import type { Invitation } from '../../src/contract/dealer-company';
import type { RepCompany } from '../../src/contract/sales-rep';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

const ACTORS = ['anonymous', 'customerA', 'customerB', 'admin', 'buyerA', 'buyerAllA', 'applicant', 'repA', 'repB'] as const;
type Actor = (typeof ACTORS)[number];
type SignedIn = Exclude<Actor, 'anonymous'>;
/** The status each actor must get. */
type Expected = Record<Actor, number>;

/** Who sees A's orders and their invoices besides the shop's admins: A, the buyer who sees all, and A's rep. */
const SEES_ORDERS_OF_A: readonly Actor[] = ['customerA', 'buyerAllA', 'repA'];
/** Who orders for A's company: its members, and its rep. */
const ORDERS_FOR_A: readonly Actor[] = ['customerA', 'buyerA', 'buyerAllA', 'repA'];
const isRep = (actor: Actor) => actor === 'repA' || actor === 'repB';

interface Ctx {
  t: TestApp;
  a: TestUser;
  b: TestUser;
  admin: TestUser;
  /** Every signed-in actor: a, b and admin again, the buyers and the applicant of their companies, the reps. */
  users: Record<SignedIn, TestUser>;
  companyOfA: string;
  companyOfB: string;
  productId: string;
  png: Buffer;
}

interface Cell {
  request: InjectOptions;
  /** Runs after the request: a refused request must have left A's resource as it was. */
  verify?: (res: LightMyRequestResponse) => Promise<void>;
}

interface Row {
  route: string;
  expect: Expected;
  cell: (ctx: Ctx, actor: Actor) => Promise<Cell>;
}

function userOf(ctx: Ctx, actor: Actor): TestUser | null {
  return actor === 'anonymous' ? null : ctx.users[actor];
}

const authOf = (ctx: Ctx, actor: Actor): Record<string, string> => userOf(ctx, actor)?.auth ?? {};

async function companyIdOf(ctx: Ctx, user: { id: string }): Promise<string> {
  return (await rowsOf<{ id: string }>(ctx.t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';
}
/** Deletes the user's company of one, and with it the membership. */
async function dropCompanyOf(ctx: Ctx, user: { id: string }): Promise<void> {
  await ctx.t.database.db.execute(sql`delete from companies where id = (select company_id from company_members where user_id = ${user.id}::uuid)`);
}

/** A fresh sales rep, made as the admins' route makes one (without its company of one). */
async function repOf(ctx: Ctx): Promise<{ id: string; email: string }> {
  const user = await mintUser(ctx.t.database.db, ctx.t.config.accessTokenSecret);
  await dropCompanyOf(ctx, user);
  await ctx.t.database.db.execute(sql`update users set role = 'rep' where id = ${user.id}::uuid`);
  return user;
}
async function repsOf(ctx: Ctx, companyId: string, userId: string): Promise<number> {
  return (await rowsOf(ctx.t.database.db, sql`select 1 from company_reps where company_id = ${companyId}::uuid and user_id = ${userId}::uuid`)).length;
}

let paidCounter = 0;
async function unpaidOrderOfA(ctx: Ctx): Promise<string> {
  return placeOrder(ctx.t, ctx.a, { productId: ctx.productId, orderQuantity: 2 });
}
async function paidOrderOfA(ctx: Ctx): Promise<string> {
  const id = await unpaidOrderOfA(ctx);
  paidCounter += 1;
  await markOrderPaid(ctx.t.database.db, id, `pi_matrix_${paidCounter}`);
  return id;
}
/** An order on account of A's company, on hold (with a reason) or confirmed, written as placing one writes it. */
async function accountOrderOfA(ctx: Ctx, holdReason: string | null): Promise<string> {
  const product = await findProduct(ctx.t.database.db, ctx.productId);
  if (!product) throw new Error('the matrix product is gone');
  return ctx.t.database.db.transaction((tx) =>
    insertOrder(tx, {
      userId: ctx.a.id,
      userEmail: ctx.a.email,
      userName: ctx.a.displayName,
      userAddress: '1 Matrix Road',
      userPhone: '+1 555 0100',
      clientOrderId: randomUUID(),
      totalMinor: product.price * 100,
      lines: [
        { productId: product.id, productName: product.name, sku: product.sku, imageUrl: product.imageUrl, unitPriceMinor: product.price * 100, quantity: 1 },
      ],
      holdsStock: false,
      company: { id: ctx.companyOfA, name: 'A', taxNumber: null },
      onAccount: { terms: 'net30', holdReason },
    }),
  );
}
/** A shipped order on account of A's company, its invoice unpaid. */
async function shippedAccountOrderOfA(ctx: Ctx): Promise<string> {
  const id = await accountOrderOfA(ctx, null);
  await markOrderShipped(ctx.t.database.db, id);
  return id;
}
/** An order of A's company placed by its buyer over the buyer's spending limit, waiting for A to approve it (docs/decisions/055). */
async function waitingOrderOfA(ctx: Ctx): Promise<string> {
  const product = await findProduct(ctx.t.database.db, ctx.productId);
  if (!product) throw new Error('the matrix product is gone');
  const buyer = ctx.users.buyerA;
  return ctx.t.database.db.transaction(async (tx) => {
    const id = await insertOrder(tx, {
      userId: buyer.id,
      userEmail: buyer.email,
      userName: buyer.displayName,
      userAddress: '1 Matrix Road',
      userPhone: '+1 555 0100',
      clientOrderId: randomUUID(),
      totalMinor: product.price * 100,
      lines: [
        { productId: product.id, productName: product.name, sku: product.sku, imageUrl: product.imageUrl, unitPriceMinor: product.price * 100, quantity: 1 },
      ],
      holdsStock: false,
      company: { id: ctx.companyOfA, name: 'A', taxNumber: null },
      awaitingApproval: true,
    });
    await insertApproval(tx, id, ctx.companyOfA, { limitKind: 'order', limitMinor: 1, spentMinor: 0 });
    return id;
  });
}
async function ordersOfCompanyA(ctx: Ctx): Promise<number> {
  return (await rowsOf(ctx.t.database.db, sql`select 1 from orders where company_id = ${ctx.companyOfA}::uuid`)).length;
}
async function expectOrderStatus(ctx: Ctx, id: string, status: string | null): Promise<void> {
  expect((await findOrder(ctx.t.database.db, id))?.status ?? null).toBe(status);
}

async function reviewOfA(ctx: Ctx): Promise<string> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: ctx.a.auth,
    payload: { review: 'A review that moderation is tried on.', rating: 4 },
  });
  return (res.json() as { insertedId: string }).insertedId;
}
async function reviewIsPublic(ctx: Ctx, id: string): Promise<boolean> {
  const res = await ctx.t.app.inject({ method: 'GET', url: '/api/reviews' });
  return (res.json() as { _id: string }[]).some((r) => r._id === id);
}

function multipartImage(png: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----forgeline-matrix-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="tool.png"\r\nContent-Type: image/png\r\n\r\n`);
  return {
    payload: Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const validProduct = () => ({
  name: 'Matrix Rotary Hammer',
  description: 'D'.repeat(160),
  price: 120,
  availableQnt: 40,
  minOrderQnt: 2,
  imageUrl: `/uploads/${'b'.repeat(64)}.webp`,
});

const everyone = (status: number): Expected => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  admin: status,
  buyerA: status,
  buyerAllA: status,
  applicant: status,
  repA: status,
  repB: status,
});
const OPEN = everyone(200);
/** The shop's admins only: every dealer, buyer and rep is refused. */
const ADMIN_ONLY: Expected = { ...everyone(403), anonymous: 401, admin: 200 };

/** A price list's terms (docs/decisions/045-price-lists-and-money.md). */
const MATRIX_LIST = { currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1000 };
/** A fresh price list at version 1, named for the actor; in US dollars when A's company is to take it whatever it owes. */
async function priceListOf(ctx: Ctx, actor: Actor, currency: 'EUR' | 'USD' = 'EUR'): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    ctx.t.database.db,
    sql`insert into price_lists (name, currency, rate_micros, default_percent_off)
        values (${`Matrix ${currency} list of ${actor} ${randomUUID()}`}, ${currency}, ${currency === 'USD' ? 1_000_000 : 920_000}, 1000) returning id`,
  );
  return row?.id ?? '';
}
let taxPlaces = 0;
/** A region of Germany no other cell uses, so every rate has a place of its own (docs/decisions/046). */
const freshTaxRegion = () => `M${(taxPlaces++).toString(36).toUpperCase()}`;
/** A fresh 19 % tax rate in a place of its own. */
async function taxRateOf(ctx: Ctx): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    ctx.t.database.db,
    sql`insert into tax_rates (country, region, name, rate_micros) values ('DE', ${freshTaxRegion()}, 'VAT', 190000) returning id`,
  );
  return row?.id ?? '';
}
/** The rate in millionths; null once it is deleted. */
async function taxRateMicros(ctx: Ctx, id: string): Promise<number | null> {
  const [row] = await rowsOf<{ rate: number | string }>(ctx.t.database.db, sql`select rate_micros as rate from tax_rates where id = ${id}::uuid`);
  return row ? Number(row.rate) : null;
}
/** The list's version; null once it is deleted. */
async function priceListVersion(ctx: Ctx, id: string): Promise<number | null> {
  return (await rowsOf<{ version: number }>(ctx.t.database.db, sql`select version from price_lists where id = ${id}::uuid`))[0]?.version ?? null;
}

const matrixLocation = (actor: Actor) => ({ name: `Branch of ${actor}`, address: '1 Matrix Road', phone: '+1 555 0100', contactName: 'Matrix Contact' });

async function companyOfA(ctx: Ctx): Promise<MyCompany> {
  return (await ctx.t.app.inject({ method: 'GET', url: '/api/company', headers: ctx.a.auth })).json() as MyCompany;
}
/** A location of A's company that is not its default (A's first location stays the default). */
async function locationOfA(ctx: Ctx): Promise<string> {
  const add = async () =>
    (await ctx.t.app.inject({ method: 'POST', url: '/api/company/locations', headers: ctx.a.auth, payload: matrixLocation('customerA') })).json() as Location;
  const location = await add();
  return location.isDefault ? (await add()).id : location.id;
}

/** A fresh saved list of A's company (docs/decisions/054-saved-lists.md), of one tool. */
async function savedListOfA(ctx: Ctx): Promise<string> {
  const id = randomUUID();
  const lines = JSON.stringify([{ productId: ctx.productId, quantity: 2, productName: 'Matrix tool', sku: 'MATRIX' }]);
  await ctx.t.database.db.execute(
    sql`insert into saved_lists (id, company_id, name, lines, updated_by_name) values (${id}::uuid, ${ctx.companyOfA}::uuid, ${`List of A ${id}`}, ${lines}::jsonb, 'A')`,
  );
  return id;
}
/** The list's name; null once it is deleted. */
async function savedListName(ctx: Ctx, id: string): Promise<string | null> {
  return (await rowsOf<{ name: string }>(ctx.t.database.db, sql`select name from saved_lists where id = ${id}::uuid`))[0]?.name ?? null;
}
/**
 * A fresh quote of A's company (docs/decisions/058-quotes.md), asked for by A: waiting for prices, or priced
 * (version 1, to be accepted within a week).
 */
async function quoteOfA(ctx: Ctx, priced: boolean): Promise<string> {
  const lines = JSON.stringify([
    {
      productId: ctx.productId,
      productName: 'Matrix tool',
      sku: null,
      imageUrl: '',
      quantity: 2,
      requestedUnitPriceMinor: 5_000,
      quotedUnitPriceMinor: priced ? 4_500 : null,
    },
  ]);
  const expires = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const [row] = await rowsOf<{ id: string }>(
    ctx.t.database.db,
    sql`insert into quotes (client_quote_id, user_id, user_name, user_email, company_id, currency, lines, status, version, expires_on)
        values (${randomUUID()}::uuid, ${ctx.a.id}::uuid, 'A', ${ctx.a.email}, ${ctx.companyOfA}::uuid, 'USD', ${lines}::jsonb,
                ${priced ? 'quoted' : 'requested'}, ${priced ? 1 : 0}, ${priced ? expires : null})
        returning id`,
  );
  return row?.id ?? '';
}
/** Where the quote stands: its stored status, version and how many messages its thread holds. */
async function quoteState(ctx: Ctx, id: string): Promise<string> {
  const [row] = await rowsOf<{ status: string; version: number; messages: number }>(
    ctx.t.database.db,
    sql`select status, version, (select count(*)::int from quote_messages where quote_id = q.id) as messages from quotes q where id = ${id}::uuid`,
  );
  return `${row?.status} v${row?.version} m${row?.messages}`;
}
/** A quote of A's company: read by its members, its rep and every admin; nobody else learns it exists. */
const A_QUOTE_READ: Expected = {
  anonymous: 401,
  customerA: 200,
  customerB: 404,
  admin: 200,
  buyerA: 200,
  buyerAllA: 200,
  applicant: 404,
  repA: 200,
  repB: 404,
};
/** The dealer's side of A's quote (decline, ask again): its members only; the shop is answered as for a quote it cannot act on. */
const A_QUOTE_DEALER: Expected = {
  anonymous: 401,
  customerA: 200,
  customerB: 404,
  admin: 404,
  buyerA: 200,
  buyerAllA: 200,
  applicant: 404,
  repA: 404,
  repB: 404,
};
const SEES_A_QUOTES: readonly Actor[] = ['customerA', 'admin', 'buyerA', 'buyerAllA', 'repA'];

/** Who works on A's saved lists: its members and its rep. */
/** A browser's push subscription, at an address of its own (docs/notifications.md). */
function pushDevice() {
  return {
    endpoint: `https://push.example.test/send/${randomUUID()}`,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  };
}
async function devicesAt(ctx: Ctx, endpoint: string): Promise<number> {
  return (await rowsOf(ctx.t.database.db, sql`select 1 from push_subscriptions where endpoint = ${endpoint}`)).length;
}
async function mutedOf(ctx: Ctx, userId: string): Promise<string[]> {
  return (await rowsOf<{ muted: string[] }>(ctx.t.database.db, sql`select push_muted as muted from users where id = ${userId}::uuid`))[0]?.muted ?? [];
}

const A_LISTS: Expected = { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 200, buyerAllA: 200, applicant: 404, repA: 200, repB: 404 };

/** A company of nobody in the given status, for a decision to be tried on. */
async function companyIn(ctx: Ctx, status: CompanyStatus): Promise<string> {
  const [row] = await ctx.t.database.db
    .insert(companies)
    .values({ name: `Matrix ${status} company`, country: 'US', status })
    .returning({ id: companies.id });
  if (!row) throw new Error('the company was not made');
  return row.id;
}

let invitationCounter = 0;
/**
 * Moves every invitation sent so far to the day before, still open: a company sends at most 20 a day, and
 * the matrix sends A's company more than that.
 */
async function startAnInvitationDay(ctx: Ctx): Promise<void> {
  await ctx.t.database.db.execute(sql`update company_invitations set created_at = created_at - interval '1 day'`);
}
/**
 * An open invitation of A's company to a fresh address, and its link's token. A's address is verified
 * first: only a verified company admin invites.
 */
async function invitationOfA(ctx: Ctx): Promise<{ id: string; token: string; email: string }> {
  await ctx.t.database.db.execute(sql`update users set email_verified = true where id = ${ctx.a.id}::uuid`);
  await startAnInvitationDay(ctx);
  invitationCounter += 1;
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/company/invitations',
    headers: ctx.a.auth,
    payload: { email: `matrix-invited-${invitationCounter}@example.com`, role: 'buyer' },
  });
  if (res.statusCode !== 201) throw new Error(`A's invitation failed: ${res.statusCode} ${res.body}`);
  const { id, email } = res.json() as Invitation;
  return { id, email, token: invitationToken(ctx.t.config.accessTokenSecret, id) };
}

const ROWS: Row[] = [
  { route: 'GET /api/config', expect: OPEN, cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/config', headers: authOf(ctx, actor) } }) },
  { route: 'GET /api/healthz', expect: OPEN, cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/healthz', headers: authOf(ctx, actor) } }) },
  { route: 'GET /api/readyz', expect: OPEN, cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/readyz', headers: authOf(ctx, actor) } }) },
  // The API reference and its page are public, like the catalogue.
  ...[
    ['GET /api/openapi.json', '/api/openapi.json'],
    ['GET /api/docs', '/api/docs'],
    ['GET /api/docs/json', '/api/docs/json'],
    ['GET /api/docs/yaml', '/api/docs/yaml'],
    ['GET /api/docs/static/*', '/api/docs/static/swagger-ui.css'],
    ['GET /api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-initializer.js'],
  ].map(([route = '', url = '']): Row => ({
    route,
    expect: OPEN,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url, headers: authOf(ctx, actor) } }),
  })),
  {
    route: 'GET /api/docs/static/index.html',
    expect: everyone(302),
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/docs/static/index.html', headers: authOf(ctx, actor) } }),
  },
  {
    // The token exchange authenticates with a Firebase ID token: each actor shows their own, for A's e-mail.
    route: 'PUT /api/user/:email',
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, buyerA: 403, buyerAllA: 403, applicant: 403, repA: 403, repB: 403 },
    cell: async (ctx, actor) => {
      const user = userOf(ctx, actor);
      return {
        request: {
          method: 'PUT',
          url: `/api/user/${encodeURIComponent(ctx.a.email)}`,
          headers: user ? { authorization: `Bearer ${user.idToken}` } : {},
          payload: { email: ctx.a.email },
        },
        verify: async (res) => {
          if (res.statusCode !== 200) return;
          const claims = await ctx.t.app.tokens.verify((res.json() as { token: string }).token);
          expect(claims?.email).toBe(ctx.a.email);
        },
      };
    },
  },
  {
    route: 'GET /api/users/:email',
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 200, buyerA: 403, buyerAllA: 403, applicant: 403, repA: 403, repB: 403 },
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: `/api/users/${ctx.a.email}`, headers: authOf(ctx, actor) } }),
  },
  {
    route: 'PATCH /api/user/:email',
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, buyerA: 403, buyerAllA: 403, applicant: 403, repA: 403, repB: 403 },
    cell: async (ctx, actor) => {
      const address = `${actor} street 1`;
      return {
        request: { method: 'PATCH', url: `/api/user/${ctx.a.email}`, headers: authOf(ctx, actor), payload: { address, phone: '+1 555 0100', linkedin: '' } },
        verify: async (res) => {
          const row = await findUserByEmail(ctx.t.database.db, ctx.a.email);
          if (res.statusCode === 200) expect(row?.address).toBe(address);
          else expect(row?.address).not.toBe(address);
        },
      };
    },
  },
  // A dealer's own company: each customer reaches only the company it belongs to; admins of the shop belong to none.
  {
    // A rep belongs to no company: it reads its companies on GET /api/rep/companies.
    route: 'GET /api/company',
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 404, buyerA: 200, buyerAllA: 200, applicant: 200, repA: 404, repB: 404 },
    cell: async (ctx, actor) => ({
      request: { method: 'GET', url: '/api/company', headers: authOf(ctx, actor) },
      verify: async (res) => {
        if (res.statusCode !== 200) return;
        const { company } = res.json() as MyCompany;
        expect(company.id === ctx.companyOfA, actor).toBe(ORDERS_FOR_A.includes(actor));
      },
    }),
  },
  {
    route: 'PATCH /api/company',
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 200, repA: 404, repB: 404 },
    cell: async (ctx, actor) => {
      const name = `Company of ${actor}`;
      return {
        request: { method: 'PATCH', url: '/api/company', headers: authOf(ctx, actor), payload: { name } },
        verify: async () => {
          // Each changes its own company: B's change never reaches A's.
          const nameOfA = (await companyOfA(ctx)).company.name;
          if (actor === 'customerA') expect(nameOfA).toBe(name);
          else expect(nameOfA).not.toBe(name);
        },
      };
    },
  },
  {
    route: 'POST /api/company/locations',
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 201, repA: 404, repB: 404 },
    cell: async (ctx, actor) => ({
      request: { method: 'POST', url: '/api/company/locations', headers: authOf(ctx, actor), payload: matrixLocation(actor) },
      // Each adds to its own company: only A's own location reaches A's.
      verify: async (res) => {
        if (res.statusCode !== 201) return;
        const { id } = res.json() as Location;
        expect(
          (await companyOfA(ctx)).locations.some((l) => l.id === id),
          actor,
        ).toBe(actor === 'customerA');
      },
    }),
  },
  {
    route: 'PATCH /api/company/locations/:id',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 404, repA: 404, repB: 404 },
    cell: async (ctx, actor) => {
      const id = await locationOfA(ctx);
      return {
        request: { method: 'PATCH', url: `/api/company/locations/${id}`, headers: authOf(ctx, actor), payload: { name: `Taken by ${actor}` } },
        verify: async (res) => {
          const name = (await companyOfA(ctx)).locations.find((l) => l.id === id)?.name;
          expect(name).toBe(res.statusCode === 200 ? `Taken by ${actor}` : 'Branch of customerA');
        },
      };
    },
  },
  {
    route: 'DELETE /api/company/locations/:id',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 404, repA: 404, repB: 404 },
    cell: async (ctx, actor) => {
      const id = await locationOfA(ctx);
      return {
        request: { method: 'DELETE', url: `/api/company/locations/${id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect((await companyOfA(ctx)).locations.some((l) => l.id === id)).toBe(res.statusCode !== 200),
      };
    },
  },
  {
    route: 'POST /api/company/locations/:id/default',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 404, repA: 404, repB: 404 },
    cell: async (ctx, actor) => {
      const id = await locationOfA(ctx);
      return {
        request: { method: 'POST', url: `/api/company/locations/${id}/default`, headers: authOf(ctx, actor) },
        verify: async (res) => expect((await companyOfA(ctx)).locations.find((l) => l.id === id)?.isDefault).toBe(res.statusCode === 200),
      };
    },
  },
  // Invitations and members: only a company admin of the company changes them; the public link shows an
  // open invitation to anyone holding it, and only the invited address's verified owner accepts it.
  {
    route: 'POST /api/company/invitations',
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 201, repA: 404, repB: 404 },
    cell: async (ctx, actor) => {
      const user = userOf(ctx, actor);
      if (user) await ctx.t.database.db.execute(sql`update users set email_verified = true where id = ${user.id}::uuid`);
      await startAnInvitationDay(ctx);
      invitationCounter += 1;
      const email = `matrix-by-${actor.toLowerCase()}-${invitationCounter}@example.com`;
      return {
        request: { method: 'POST', url: '/api/company/invitations', headers: authOf(ctx, actor), payload: { email, role: 'buyer' } },
        // Each invites to its own company: only A's own invitation is A's company's.
        verify: async (res) => {
          if (res.statusCode !== 201) return;
          const { id } = res.json() as Invitation;
          expect((await companyOfA(ctx)).invitations?.some((i) => i.id === id) ?? false, actor).toBe(actor === 'customerA');
        },
      };
    },
  },
  {
    route: 'DELETE /api/company/invitations/:id',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 404, repA: 404, repB: 404 },
    cell: async (ctx, actor) => {
      const invitation = await invitationOfA(ctx);
      return {
        request: { method: 'DELETE', url: `/api/company/invitations/${invitation.id}`, headers: authOf(ctx, actor) },
        verify: async (res) => {
          const open = (await companyOfA(ctx)).invitations?.some((i) => i.id === invitation.id);
          expect(open).toBe(res.statusCode !== 200);
        },
      };
    },
  },
  {
    route: 'PATCH /api/company/members/:userId',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 404, repA: 404, repB: 404 },
    cell: async (ctx, actor) => ({
      request: { method: 'PATCH', url: `/api/company/members/${ctx.a.id}`, headers: authOf(ctx, actor), payload: { role: 'company_admin' } },
      verify: async () => expect((await companyOfA(ctx)).role).toBe('company_admin'),
    }),
  },
  {
    route: 'DELETE /api/company/members/:userId',
    // A is its company's only company admin: even A cannot remove itself.
    expect: { anonymous: 401, customerA: 409, customerB: 404, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 404, repA: 404, repB: 404 },
    cell: async (ctx, actor) => ({
      request: { method: 'DELETE', url: `/api/company/members/${ctx.a.id}`, headers: authOf(ctx, actor) },
      verify: async () => expect((await companyOfA(ctx)).members?.some((m) => m.userId === ctx.a.id)).toBe(true),
    }),
  },
  {
    // The orders waiting for approval: a company's approvers see their own company's (B and the applicant see theirs,
    // never A's); buyers who are not approvers are refused; nobody outside a company has any.
    route: 'GET /api/company/approvals',
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 200, repA: 404, repB: 404 },
    cell: async (ctx, actor) => {
      const id = await waitingOrderOfA(ctx);
      return {
        request: { method: 'GET', url: '/api/company/approvals', headers: authOf(ctx, actor) },
        verify: async (res) => {
          if (res.statusCode !== 200) return;
          const ids = (res.json() as { _id: string }[]).map((order) => order._id);
          expect(ids.includes(id)).toBe(actor === 'customerA');
        },
      };
    },
  },
  {
    // Deciding on A's buyer's order: A, its company admin, approves; the buyer cannot approve its own; nobody else sees it.
    route: 'POST /api/orders/:id/approval',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 403, buyerAllA: 403, applicant: 404, repA: 404, repB: 404 },
    cell: async (ctx, actor) => {
      const id = await waitingOrderOfA(ctx);
      return {
        request: { method: 'POST', url: `/api/orders/${id}/approval`, headers: authOf(ctx, actor), payload: { decision: 'approve', decisionId: randomUUID() } },
        verify: async (res) => expectOrderStatus(ctx, id, res.statusCode === 200 ? 'Unpaid' : 'Awaiting approval'),
      };
    },
  },
  {
    route: 'GET /api/invitations/:token',
    expect: OPEN,
    cell: async (ctx, actor) => {
      const { token } = await invitationOfA(ctx);
      return { request: { method: 'GET', url: `/api/invitations/${token}`, headers: authOf(ctx, actor) } };
    },
  },
  {
    route: 'POST /api/invitations/:token/accept',
    // Nobody owns the address invited; the shop's admin and its reps join no company anyway.
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 403, buyerA: 403, buyerAllA: 403, applicant: 403, repA: 403, repB: 403 },
    cell: async (ctx, actor) => {
      const invitation = await invitationOfA(ctx);
      return {
        request: { method: 'POST', url: `/api/invitations/${invitation.token}/accept`, headers: authOf(ctx, actor) },
        verify: async () => expect((await companyOfA(ctx)).invitations?.some((i) => i.id === invitation.id)).toBe(true),
      };
    },
  },
  { route: 'GET /api/products', expect: OPEN, cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/products', headers: authOf(ctx, actor) } }) },
  {
    route: 'GET /api/products/:id',
    expect: OPEN,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: `/api/products/${ctx.productId}`, headers: authOf(ctx, actor) } }),
  },
  {
    route: 'POST /api/products',
    expect: { ...ADMIN_ONLY, admin: 201 },
    // A picture this app stored: POST /api/products takes no other.
    cell: async (ctx, actor) => ({
      request: {
        method: 'POST',
        url: '/api/products',
        headers: authOf(ctx, actor),
        payload: { ...validProduct(), imageUrl: await storeTestPicture(ctx.t.app.services.images) },
      },
    }),
  },
  {
    route: 'DELETE /api/products/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await ctx.t.createProduct({ name: 'Matrix Victim Saw' });
      return {
        request: { method: 'DELETE', url: `/api/products/${id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect(await findProduct(ctx.t.database.db, id)).toSatisfy((p) => (res.statusCode === 200 ? p === null : p !== null)),
      };
    },
  },
  {
    route: 'PATCH /api/products/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await ctx.t.createProduct({ name: 'Matrix Rules Saw', minOrder: 2 });
      return {
        request: { method: 'PATCH', url: `/api/products/${id}`, headers: authOf(ctx, actor), payload: { packSize: 2 } },
        verify: async (res) => expect((await findProduct(ctx.t.database.db, id))?.packSize).toBe(res.statusCode === 200 ? 2 : 1),
      };
    },
  },
  {
    route: 'GET /api/admin/sales',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/admin/sales', headers: authOf(ctx, actor) } }),
  },
  {
    route: 'GET /api/orders/export',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/orders/export', headers: authOf(ctx, actor) } }),
  },
  {
    route: 'GET /api/products/changes',
    expect: OPEN,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/products/changes?since=0', headers: authOf(ctx, actor) } }),
  },
  {
    route: 'GET /api/categories',
    expect: OPEN,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/categories', headers: authOf(ctx, actor) } }),
  },
  { route: 'GET /api/reviews', expect: OPEN, cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/reviews', headers: authOf(ctx, actor) } }) },
  {
    // Manage Reviews: hidden reviews and the reviewers' e-mails are for admins only.
    route: 'GET /api/reviews/all',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/reviews/all?page=1&pageSize=5', headers: authOf(ctx, actor) } }),
  },
  {
    route: 'POST /api/reviews',
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 403, buyerA: 201, buyerAllA: 201, applicant: 201, repA: 403, repB: 403 },
    cell: async (ctx, actor) => ({
      request: { method: 'POST', url: '/api/reviews', headers: authOf(ctx, actor), payload: { review: 'Solid tools, delivered on time.', rating: 5 } },
    }),
  },
  {
    route: 'PATCH /api/reviews/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await reviewOfA(ctx);
      return {
        request: { method: 'PATCH', url: `/api/reviews/${id}`, headers: authOf(ctx, actor), payload: { hidden: true } },
        verify: async (res) => expect(await reviewIsPublic(ctx, id)).toBe(res.statusCode !== 200),
      };
    },
  },
  {
    route: 'DELETE /api/reviews/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await reviewOfA(ctx);
      return {
        request: { method: 'DELETE', url: `/api/reviews/${id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect(await reviewIsPublic(ctx, id)).toBe(res.statusCode !== 200),
      };
    },
  },
  {
    // Dealers order for their own company (the applicant's waits for approval: 403); a rep names A's company,
    // which only A's rep orders for (another rep is told it does not exist).
    route: 'POST /api/orders',
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 403, buyerA: 201, buyerAllA: 201, applicant: 403, repA: 201, repB: 404 },
    cell: async (ctx, actor) => {
      const before = await ordersOfCompanyA(ctx);
      const companyId = isRep(actor) ? { companyId: ctx.companyOfA } : {};
      return {
        request: {
          method: 'POST',
          url: '/api/orders',
          headers: authOf(ctx, actor),
          payload: { ...orderBody({ productId: ctx.productId, orderQuantity: 2 }), ...companyId },
        },
        verify: async (res) => {
          const placedForA = res.statusCode === 201 && ORDERS_FOR_A.includes(actor);
          expect(await ordersOfCompanyA(ctx), actor).toBe(before + (placedForA ? 1 : 0));
          if (res.statusCode !== 201) return;
          const order = await findOrder(ctx.t.database.db, (res.json() as { insertedId: string }).insertedId);
          expect(order?.userId).toBe(userOf(ctx, actor)?.id);
          expect(order?.placedByRep).toBe(isRep(actor));
        },
      };
    },
  },
  {
    // A's list is A's alone; each dealer's and rep's own list then shows A's fresh order only to those who see A's orders.
    route: 'GET /api/orders/:email',
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, buyerA: 403, buyerAllA: 403, applicant: 403, repA: 403, repB: 403 },
    cell: async (ctx, actor) => {
      const id = await unpaidOrderOfA(ctx);
      return {
        request: { method: 'GET', url: `/api/orders/${ctx.a.email}`, headers: authOf(ctx, actor) },
        verify: async () => {
          const user = userOf(ctx, actor);
          if (!user || actor === 'admin') return;
          const own = await ctx.t.app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(user.email)}`, headers: user.auth });
          expect(own.statusCode, actor).toBe(200);
          expect(
            (own.json() as { _id: string }[]).some((order) => order._id === id),
            actor,
          ).toBe(SEES_ORDERS_OF_A.includes(actor));
        },
      };
    },
  },
  {
    // Someone else's order does not exist for them (404), so ids are never confirmed to strangers. A buyer
    // who sees all of A's company's orders and A's rep read it.
    route: 'GET /api/order/:id',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 200, buyerA: 404, buyerAllA: 200, applicant: 404, repA: 200, repB: 404 },
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: `/api/order/${await unpaidOrderOfA(ctx)}`, headers: authOf(ctx, actor) } }),
  },
  {
    // Only its placer and its company's admin delete it: the buyer who sees all and A's rep read it and are refused (403).
    route: 'DELETE /api/orders/:id',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 404, buyerAllA: 403, applicant: 404, repA: 403, repB: 404 },
    cell: async (ctx, actor) => {
      const id = await unpaidOrderOfA(ctx);
      return {
        request: { method: 'DELETE', url: `/api/orders/${id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expectOrderStatus(ctx, id, res.statusCode === 200 ? null : 'Unpaid'),
      };
    },
  },
  {
    route: 'GET /api/orders',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/orders', headers: authOf(ctx, actor) } }),
  },
  {
    // The live stream never ends by itself: the admin's answer is taken as a stream and its headers
    // checked (tests/api/live-orders.test.ts reads it over real HTTP).
    route: 'GET /api/orders/events',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({
      request: { method: 'GET', url: '/api/orders/events', headers: authOf(ctx, actor), ...(actor === 'admin' ? { payloadAsStream: true } : {}) },
      verify: async (res) => {
        if (res.statusCode !== 200) return;
        expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        res.stream().destroy();
      },
    }),
  },
  {
    // The dealers' live orders: every dealer, buyer and rep follows the orders it sees (what each stream carries is
    // tested in tests/api/live-my-orders.test.ts); admins have their own stream.
    route: 'GET /api/orders/mine/events',
    expect: { ...everyone(200), anonymous: 401, admin: 403 },
    cell: async (ctx, actor) => ({
      request: {
        method: 'GET',
        url: '/api/orders/mine/events',
        headers: authOf(ctx, actor),
        ...(actor !== 'anonymous' && actor !== 'admin' ? { payloadAsStream: true } : {}),
      },
      verify: async (res) => {
        if (res.statusCode !== 200) return;
        expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        res.stream().destroy();
      },
    }),
  },
  {
    route: 'PATCH /api/orders/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await paidOrderOfA(ctx);
      return {
        request: { method: 'PATCH', url: `/api/orders/${id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expectOrderStatus(ctx, id, res.statusCode === 200 ? 'Shipped' : 'Paid'),
      };
    },
  },
  {
    // Undoing a shipping within its minute: admins only; the order stays shipped for anyone else.
    route: 'DELETE /api/orders/:id/shipping',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await paidOrderOfA(ctx);
      await markOrderShipped(ctx.t.database.db, id);
      return {
        request: { method: 'DELETE', url: `/api/orders/${id}/shipping`, headers: authOf(ctx, actor) },
        verify: async (res) => expectOrderStatus(ctx, id, res.statusCode === 200 ? 'Paid' : 'Shipped'),
      };
    },
  },
  {
    route: 'DELETE /api/orders/admin/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await unpaidOrderOfA(ctx);
      return {
        request: { method: 'DELETE', url: `/api/orders/admin/${id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expectOrderStatus(ctx, id, res.statusCode === 200 ? null : 'Unpaid'),
      };
    },
  },
  {
    // The invoice of A's paid order: for whoever sees the order (A, the buyer who sees all, A's rep) and admins;
    // anyone else is told it does not exist, as for the order.
    route: 'GET /api/orders/:id/invoice',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 200, buyerA: 404, buyerAllA: 200, applicant: 404, repA: 200, repB: 404 },
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: `/api/orders/${await paidOrderOfA(ctx)}/invoice`, headers: authOf(ctx, actor) } }),
  },
  {
    // A's company's account: its members and its rep read it; nobody else learns it exists.
    route: 'GET /api/company/account',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 200, buyerAllA: 200, applicant: 404, repA: 200, repB: 404 },
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: `/api/company/account?companyId=${ctx.companyOfA}`, headers: authOf(ctx, actor) } }),
  },
  {
    // Every signed-in account lists quotes; A's quote is among them only for those who may read it.
    route: 'GET /api/quotes',
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200, buyerA: 200, buyerAllA: 200, applicant: 200, repA: 200, repB: 200 },
    cell: async (ctx, actor) => {
      const id = await quoteOfA(ctx, false);
      return {
        request: { method: 'GET', url: '/api/quotes', headers: authOf(ctx, actor) },
        verify: async (res) => {
          if (res.statusCode !== 200) return;
          const ids = (res.json() as { quotes: { id: string }[] }).quotes.map((quote) => quote.id);
          expect(ids.includes(id), actor).toBe(SEES_A_QUOTES.includes(actor));
        },
      };
    },
  },
  {
    route: 'GET /api/quotes/:id',
    expect: A_QUOTE_READ,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: `/api/quotes/${await quoteOfA(ctx, false)}`, headers: authOf(ctx, actor) } }),
  },
  {
    // Asking for a quote is a dealer's of an approved company: the quote is always the asker's own company's.
    route: 'POST /api/quotes',
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 403, buyerA: 201, buyerAllA: 201, applicant: 403, repA: 403, repB: 403 },
    cell: async (ctx, actor) => ({
      request: {
        method: 'POST',
        url: '/api/quotes',
        headers: authOf(ctx, actor),
        payload: { clientQuoteId: randomUUID(), lines: [{ productId: ctx.productId, quantity: 2 }], message: `From ${actor}` },
      },
      verify: async (res) => {
        if (res.statusCode !== 201) return;
        const [row] = await rowsOf<{ companyId: string }>(
          ctx.t.database.db,
          sql`select company_id as "companyId" from quotes where id = ${(res.json() as { id: string }).id}::uuid`,
        );
        expect(row?.companyId).toBe(await companyIdOf(ctx, userOf(ctx, actor) ?? { id: '' }));
      },
    }),
  },
  {
    // Pricing A's quote is the shop's: every admin and A's rep; A's own people are answered as for a quote they cannot price.
    route: 'POST /api/quotes/:id/answer',
    expect: { anonymous: 401, customerA: 404, customerB: 404, admin: 200, buyerA: 404, buyerAllA: 404, applicant: 404, repA: 200, repB: 404 },
    cell: async (ctx, actor) => {
      const id = await quoteOfA(ctx, false);
      const expiresOn = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      return {
        request: {
          method: 'POST',
          url: `/api/quotes/${id}/answer`,
          headers: authOf(ctx, actor),
          payload: { lines: [{ productId: ctx.productId, unitPriceMinor: 1 }], expiresOn, message: `Priced by ${actor}` },
        },
        verify: async (res) => expect(await quoteState(ctx, id)).toBe(res.statusCode === 200 ? 'quoted v1 m1' : 'requested v0 m0'),
      };
    },
  },
  {
    route: 'POST /api/quotes/:id/messages',
    expect: A_QUOTE_READ,
    cell: async (ctx, actor) => {
      const id = await quoteOfA(ctx, false);
      return {
        request: { method: 'POST', url: `/api/quotes/${id}/messages`, headers: authOf(ctx, actor), payload: { body: `Hello from ${actor}` } },
        verify: async (res) => expect(await quoteState(ctx, id)).toBe(res.statusCode === 200 ? 'requested v0 m1' : 'requested v0 m0'),
      };
    },
  },
  {
    route: 'POST /api/quotes/:id/decline',
    expect: A_QUOTE_DEALER,
    cell: async (ctx, actor) => {
      const id = await quoteOfA(ctx, true);
      return {
        request: { method: 'POST', url: `/api/quotes/${id}/decline`, headers: authOf(ctx, actor), payload: { message: '' } },
        verify: async (res) => expect(await quoteState(ctx, id)).toBe(res.statusCode === 200 ? 'declined v1 m1' : 'quoted v1 m0'),
      };
    },
  },
  {
    route: 'POST /api/quotes/:id/ask-again',
    expect: A_QUOTE_DEALER,
    cell: async (ctx, actor) => {
      const id = await quoteOfA(ctx, true);
      return {
        request: { method: 'POST', url: `/api/quotes/${id}/ask-again`, headers: authOf(ctx, actor), payload: { message: 'Better price?' } },
        verify: async (res) => expect(await quoteState(ctx, id)).toBe(res.statusCode === 200 ? 'requested v1 m1' : 'quoted v1 m0'),
      };
    },
  },
  {
    // Accepting places an order as A's company: its members only (admins and reps do not order from a quote).
    route: 'POST /api/quotes/:id/accept',
    expect: { anonymous: 401, customerA: 201, customerB: 404, admin: 403, buyerA: 201, buyerAllA: 201, applicant: 404, repA: 403, repB: 403 },
    cell: async (ctx, actor) => {
      const id = await quoteOfA(ctx, true);
      return {
        request: {
          method: 'POST',
          url: `/api/quotes/${id}/accept`,
          headers: authOf(ctx, actor),
          payload: { clientOrderId: randomUUID(), version: 1, userAddress: '1 Matrix Road', userPhone: '+1 555 0100' },
        },
        verify: async (res) => expect(await quoteState(ctx, id)).toBe(res.statusCode === 201 ? 'accepted v1 m1' : 'quoted v1 m0'),
      };
    },
  },
  {
    // A's company's saved lists: its members and its rep read and change them; nobody else learns they exist.
    route: 'GET /api/company/saved-lists',
    expect: A_LISTS,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: `/api/company/saved-lists?companyId=${ctx.companyOfA}`, headers: authOf(ctx, actor) } }),
  },
  {
    // Replacing A's list, naming A's company: anyone outside it leaves the list as it was.
    route: 'PUT /api/company/saved-lists/:id',
    expect: A_LISTS,
    cell: async (ctx, actor) => {
      const id = await savedListOfA(ctx);
      const before = await savedListName(ctx, id);
      return {
        request: {
          method: 'PUT',
          url: `/api/company/saved-lists/${id}`,
          headers: authOf(ctx, actor),
          payload: { companyId: ctx.companyOfA, name: `Taken by ${actor}`, lines: [{ productId: ctx.productId, quantity: 1 }] },
        },
        verify: async (res) => expect(await savedListName(ctx, id)).toBe(res.statusCode === 200 ? `Taken by ${actor}` : before),
      };
    },
  },
  {
    route: 'DELETE /api/company/saved-lists/:id',
    expect: A_LISTS,
    cell: async (ctx, actor) => {
      const id = await savedListOfA(ctx);
      return {
        request: { method: 'DELETE', url: `/api/company/saved-lists/${id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect(await savedListName(ctx, id)).toBe(res.statusCode === 200 ? null : `List of A ${id}`),
      };
    },
  },
  {
    // A's company's price list: its members and its rep read it; nobody else learns it exists.
    route: 'GET /api/company/price-list',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 200, buyerAllA: 200, applicant: 404, repA: 200, repB: 404 },
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: `/api/company/price-list?companyId=${ctx.companyOfA}`, headers: authOf(ctx, actor) } }),
  },
  {
    // A's company's terms: admins only; anyone else leaves them as they were.
    route: 'PUT /api/admin/companies/:id/terms',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({
      request: {
        method: 'PUT',
        url: `/api/admin/companies/${ctx.companyOfA}/terms`,
        headers: authOf(ctx, actor),
        payload: { paymentTerms: 'card', creditLimit: actor === 'admin' ? 0 : 99_999_00, poRequired: false },
      },
      verify: async () => expect((await findAccountTerms(ctx.t.database.db, ctx.companyOfA))?.creditLimit).toBe(0),
    }),
  },
  {
    route: 'POST /api/orders/:id/release',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await accountOrderOfA(ctx, 'Over the credit limit.');
      return {
        request: { method: 'POST', url: `/api/orders/${id}/release`, headers: authOf(ctx, actor) },
        verify: async (res) => expectOrderStatus(ctx, id, res.statusCode === 200 ? 'Confirmed' : 'On hold'),
      };
    },
  },
  {
    route: 'POST /api/orders/:id/refuse',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await accountOrderOfA(ctx, 'Over the credit limit.');
      return {
        request: { method: 'POST', url: `/api/orders/${id}/refuse`, headers: authOf(ctx, actor), payload: { reason: 'No credit for this.' } },
        verify: async (res) => expectOrderStatus(ctx, id, res.statusCode === 200 ? 'Refused' : 'On hold'),
      };
    },
  },
  {
    route: 'POST /api/orders/:id/bank-payment',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await shippedAccountOrderOfA(ctx);
      return {
        request: { method: 'POST', url: `/api/orders/${id}/bank-payment`, headers: authOf(ctx, actor), payload: { reference: 'BANK-REF-1' } },
        verify: async (res) => expect((await findOrder(ctx.t.database.db, id))?.paidAt !== null).toBe(res.statusCode === 200),
      };
    },
  },
  {
    route: 'GET /api/admin/receivables',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/admin/receivables', headers: authOf(ctx, actor) } }),
  },
  {
    route: 'POST /api/orders/:id/reminder',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await shippedAccountOrderOfA(ctx);
      return {
        request: { method: 'POST', url: `/api/orders/${id}/reminder`, headers: authOf(ctx, actor) },
        verify: async (res) => {
          const audited = await rowsOf(ctx.t.database.db, sql`select 1 from audit_log where subject_id = ${id} and action = 'invoice.reminded'`);
          expect(audited.length).toBe(res.statusCode === 200 ? 1 : 0);
        },
      };
    },
  },
  {
    route: 'GET /api/admin/price-lists',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/admin/price-lists', headers: authOf(ctx, actor) } }),
  },
  {
    route: 'POST /api/admin/price-lists',
    expect: { ...ADMIN_ONLY, admin: 201 },
    cell: async (ctx, actor) => {
      const name = `Matrix list of ${actor} ${randomUUID()}`;
      return {
        request: { method: 'POST', url: '/api/admin/price-lists', headers: authOf(ctx, actor), payload: { ...MATRIX_LIST, name } },
        verify: async (res) =>
          expect((await rowsOf(ctx.t.database.db, sql`select 1 from price_lists where name = ${name}`)).length).toBe(res.statusCode === 201 ? 1 : 0),
      };
    },
  },
  {
    route: 'GET /api/admin/price-lists/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: `/api/admin/price-lists/${await priceListOf(ctx, actor)}`, headers: authOf(ctx, actor) } }),
  },
  {
    // A list's terms: admins only; anyone else leaves its version as it was.
    route: 'PUT /api/admin/price-lists/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await priceListOf(ctx, actor);
      return {
        request: {
          method: 'PUT',
          url: `/api/admin/price-lists/${id}`,
          headers: authOf(ctx, actor),
          payload: { ...MATRIX_LIST, name: `Renamed by ${actor} ${id}` },
        },
        verify: async (res) => expect(await priceListVersion(ctx, id)).toBe(res.statusCode === 200 ? 2 : 1),
      };
    },
  },
  {
    route: 'DELETE /api/admin/price-lists/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await priceListOf(ctx, actor);
      return {
        request: { method: 'DELETE', url: `/api/admin/price-lists/${id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect(await priceListVersion(ctx, id)).toBe(res.statusCode === 200 ? null : 1),
      };
    },
  },
  {
    route: 'PUT /api/admin/price-lists/:id/entries',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await priceListOf(ctx, actor);
      return {
        request: {
          method: 'PUT',
          url: `/api/admin/price-lists/${id}/entries`,
          headers: authOf(ctx, actor),
          payload: { entries: [{ productId: ctx.productId, price: 1, percentOff: null, tiers: [] }] },
        },
        verify: async (res) => expect(await priceListVersion(ctx, id)).toBe(res.statusCode === 200 ? 2 : 1),
      };
    },
  },
  {
    // Removing a tool's entry: admins only; for anyone else the entry stays live.
    route: 'DELETE /api/admin/price-lists/:id/entries/:productId',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await priceListOf(ctx, actor);
      await ctx.t.database.db.execute(
        sql`insert into price_list_entries (price_list_id, product_id, percent_off, version) values (${id}::uuid, ${ctx.productId}::uuid, 500, 1)`,
      );
      return {
        request: { method: 'DELETE', url: `/api/admin/price-lists/${id}/entries/${ctx.productId}`, headers: authOf(ctx, actor) },
        verify: async (res) => {
          const [entry] = await rowsOf<{ removed: boolean }>(ctx.t.database.db, sql`select removed from price_list_entries where price_list_id = ${id}::uuid`);
          expect(entry?.removed).toBe(res.statusCode === 200);
        },
      };
    },
  },
  {
    // The list A's company buys with: admins only; anyone else leaves A on the list price.
    route: 'PUT /api/admin/companies/:id/price-list',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await priceListOf(ctx, actor, 'USD');
      await ctx.t.database.db.execute(sql`update companies set price_list_id = null where id = ${ctx.companyOfA}::uuid`);
      return {
        request: { method: 'PUT', url: `/api/admin/companies/${ctx.companyOfA}/price-list`, headers: authOf(ctx, actor), payload: { priceListId: id } },
        verify: async (res) => {
          const [company] = await rowsOf<{ id: string | null }>(
            ctx.t.database.db,
            sql`select price_list_id as id from companies where id = ${ctx.companyOfA}::uuid`,
          );
          expect(company?.id ?? null).toBe(res.statusCode === 200 ? id : null);
          await ctx.t.database.db.execute(sql`update companies set price_list_id = null where id = ${ctx.companyOfA}::uuid`);
        },
      };
    },
  },
  {
    route: 'GET /api/tax-rates',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/tax-rates', headers: authOf(ctx, actor) } }),
  },
  {
    // Adding a tax rate: admins only; for anyone else the place stays without one.
    route: 'POST /api/tax-rates',
    expect: { ...ADMIN_ONLY, admin: 201 },
    cell: async (ctx, actor) => {
      const region = freshTaxRegion();
      return {
        request: { method: 'POST', url: '/api/tax-rates', headers: authOf(ctx, actor), payload: { country: 'DE', region, name: 'VAT', rate: '19' } },
        verify: async (res) =>
          expect((await rowsOf(ctx.t.database.db, sql`select 1 from tax_rates where country = 'DE' and region = ${region}`)).length).toBe(
            res.statusCode === 201 ? 1 : 0,
          ),
      };
    },
  },
  {
    route: 'PUT /api/tax-rates/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await taxRateOf(ctx);
      return {
        request: {
          method: 'PUT',
          url: `/api/tax-rates/${id}`,
          headers: authOf(ctx, actor),
          payload: { country: 'DE', region: freshTaxRegion(), name: 'VAT', rate: '20' },
        },
        verify: async (res) => expect(await taxRateMicros(ctx, id)).toBe(res.statusCode === 200 ? 200_000 : 190_000),
      };
    },
  },
  {
    route: 'DELETE /api/tax-rates/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await taxRateOf(ctx);
      return {
        request: { method: 'DELETE', url: `/api/tax-rates/${id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect(await taxRateMicros(ctx, id)).toBe(res.statusCode === 200 ? null : 190_000),
      };
    },
  },
  {
    // Every dealer reads its own invoices; A's invoice is in the lists of those who see A's orders only.
    route: 'GET /api/invoices',
    expect: { ...everyone(200), anonymous: 401, admin: 403, repA: 403, repB: 403 },
    cell: async (ctx, actor) => {
      const id = await shippedAccountOrderOfA(ctx);
      return {
        request: { method: 'GET', url: '/api/invoices', headers: authOf(ctx, actor) },
        verify: async (res) => {
          if (res.statusCode !== 200) return;
          const listed = (res.json() as { items: { orderId: string }[] }).items.some((item) => item.orderId === id);
          expect(listed).toBe(SEES_ORDERS_OF_A.includes(actor));
        },
      };
    },
  },
  {
    // Paying A's invoice: A (who placed it and is its company's admin) only; a buyer who reads it may not.
    route: 'POST /api/invoices/payment-intent',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 403, buyerA: 404, buyerAllA: 403, applicant: 404, repA: 403, repB: 403 },
    cell: async (ctx, actor) => ({
      request: { method: 'POST', url: '/api/invoices/payment-intent', headers: authOf(ctx, actor), payload: { orderIds: [await shippedAccountOrderOfA(ctx)] } },
    }),
  },
  {
    // Confirming A's invoice payment: only A's request reaches the payment (its intent was never paid: 402).
    route: 'PATCH /api/invoices/payments/:id',
    expect: { anonymous: 401, customerA: 402, customerB: 404, admin: 403, buyerA: 404, buyerAllA: 404, applicant: 404, repA: 403, repB: 403 },
    cell: async (ctx, actor) => {
      const orderId = await shippedAccountOrderOfA(ctx);
      const started = await ctx.t.app.inject({ method: 'POST', url: '/api/invoices/payment-intent', headers: ctx.a.auth, payload: { orderIds: [orderId] } });
      const { paymentId } = started.json() as { paymentId: string };
      return {
        request: { method: 'PATCH', url: `/api/invoices/payments/${paymentId}`, headers: authOf(ctx, actor), payload: { transactionId: 'pi_matrix_unpaid' } },
        verify: async () => expect((await findOrder(ctx.t.database.db, orderId))?.paidAt).toBeNull(),
      };
    },
  },
  {
    // Notifications (docs/notifications.md): every account reads and chooses its own, and nobody else's.
    route: 'GET /api/push/settings',
    expect: { ...everyone(200), anonymous: 401 },
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/push/settings', headers: authOf(ctx, actor) } }),
  },
  {
    route: 'PUT /api/push/settings',
    expect: { ...everyone(200), anonymous: 401 },
    cell: async (ctx, actor) => ({
      request: { method: 'PUT', url: '/api/push/settings', headers: authOf(ctx, actor), payload: { muted: ['order_shipped'] } },
      // Only the caller's own choice changes: A's stays as A left it.
      verify: async () => {
        if (actor !== 'customerA') expect(await mutedOf(ctx, ctx.a.id)).toEqual([]);
        await ctx.t.database.db.execute(sql`update users set push_muted = '{}' where id = ${ctx.a.id}::uuid`);
      },
    }),
  },
  {
    route: 'PUT /api/push/subscriptions',
    expect: { ...everyone(201), anonymous: 401 },
    cell: async (ctx, actor) => ({ request: { method: 'PUT', url: '/api/push/subscriptions', headers: authOf(ctx, actor), payload: pushDevice() } }),
  },
  {
    // A's device: only A forgets it; anyone else is told no device of theirs has that address.
    route: 'DELETE /api/push/subscriptions',
    expect: { ...everyone(404), anonymous: 401, customerA: 200 },
    cell: async (ctx, actor) => {
      const device = pushDevice();
      const saved = await ctx.t.app.inject({ method: 'PUT', url: '/api/push/subscriptions', headers: ctx.a.auth, payload: device });
      expect(saved.statusCode).toBe(201);
      return {
        request: { method: 'DELETE', url: '/api/push/subscriptions', headers: authOf(ctx, actor), payload: { endpoint: device.endpoint } },
        verify: async (res) => expect(await devicesAt(ctx, device.endpoint)).toBe(res.statusCode === 200 ? 0 : 1),
      };
    },
  },
  {
    route: 'GET /api/mail/failures',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/mail/failures', headers: authOf(ctx, actor) } }),
  },
  {
    // Paying, like deleting, is for the placer and its company's admin.
    route: 'POST /api/create-payment-intent',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 404, buyerAllA: 403, applicant: 404, repA: 403, repB: 404 },
    cell: async (ctx, actor) => {
      const id = await unpaidOrderOfA(ctx);
      return {
        request: { method: 'POST', url: '/api/create-payment-intent', headers: authOf(ctx, actor), payload: { orderId: id } },
        verify: async (res) => expect((await findOrder(ctx.t.database.db, id))?.paymentIntentId != null).toBe(res.statusCode === 200),
      };
    },
  },
  {
    // A's own successful payment, confirmed by each actor: only A (its placer and its company's admin) may turn A's order Paid.
    route: 'PATCH /api/order/:id',
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, buyerA: 404, buyerAllA: 403, applicant: 404, repA: 403, repB: 404 },
    cell: async (ctx, actor) => {
      const id = await unpaidOrderOfA(ctx);
      const paid = await sandboxConfirm(ctx.t, ctx.a, id);
      if (!paid.paymentIntent) throw new Error('the sandbox declined the test card');
      return {
        request: { method: 'PATCH', url: `/api/order/${id}`, headers: authOf(ctx, actor), payload: { transactionId: paid.paymentIntent.id } },
        verify: async (res) => expectOrderStatus(ctx, id, res.statusCode === 200 ? 'Paid' : 'Unpaid'),
      };
    },
  },
  {
    // Like Stripe's confirmCardPayment, the client secret is what authorises a charge; any signed-in
    // holder may pay with it, and only the owner's PATCH /order/{id} can then mark the order Paid.
    route: 'POST /api/sandbox/confirm',
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200, buyerA: 200, buyerAllA: 200, applicant: 200, repA: 200, repB: 200 },
    cell: async (ctx, actor) => {
      const intent = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: ctx.a.auth,
        payload: { orderId: await unpaidOrderOfA(ctx) },
      });
      const { clientSecret } = intent.json() as { clientSecret: string };
      return {
        request: {
          method: 'POST',
          url: '/api/sandbox/confirm',
          headers: authOf(ctx, actor),
          payload: { clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' } },
        },
      };
    },
  },
  {
    // With the sandbox there is no Stripe endpoint; no bearer token of any kind reaches one.
    route: 'POST /api/webhooks/stripe',
    expect: everyone(404),
    cell: async (ctx, actor) => ({
      request: {
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { ...authOf(ctx, actor), 'content-type': 'application/json' },
        payload: '{"type":"payment_intent.succeeded"}',
      },
    }),
  },
  // The plain list here; the paged and searched list (same route, with a query) in tests/api/admin-users-page.test.ts.
  {
    route: 'GET /api/users',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/users', headers: authOf(ctx, actor) } }),
  },
  {
    // Customers try to make A an admin; the admin promotes a fresh customer so A stays a customer.
    route: 'PUT /api/user/admin/:email',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const target = actor === 'admin' ? (await mintUser(ctx.t.database.db, ctx.t.config.accessTokenSecret)).email : ctx.a.email;
      return {
        request: { method: 'PUT', url: `/api/user/admin/${target}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect((await findUserByEmail(ctx.t.database.db, target))?.role).toBe(res.statusCode === 200 ? 'admin' : 'customer'),
      };
    },
  },
  {
    // A fresh account not trusted yet each time; only the admin's approval trusts it.
    route: 'PUT /api/user/dealer/:email',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const target = await mintUser(ctx.t.database.db, ctx.t.config.accessTokenSecret, { trusted: false });
      return {
        request: { method: 'PUT', url: `/api/user/dealer/${target.email}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect((await findUserByEmail(ctx.t.database.db, target.email))?.trustedAt !== null).toBe(res.statusCode === 200),
      };
    },
  },
  {
    route: 'DELETE /api/users/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const target = actor === 'admin' ? (await mintUser(ctx.t.database.db, ctx.t.config.accessTokenSecret)).id : ctx.a.id;
      return {
        request: { method: 'DELETE', url: `/api/users/${target}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect((await findUserById(ctx.t.database.db, target)) === null).toBe(res.statusCode === 200),
      };
    },
  },
  {
    route: 'GET /api/admin/settings',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/admin/settings', headers: authOf(ctx, actor) } }),
  },
  {
    // Every actor asks for the setting as it is: the admin's 200 changes nothing the other rows rely on.
    route: 'PATCH /api/admin/settings',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({
      request: { method: 'PATCH', url: '/api/admin/settings', headers: authOf(ctx, actor), payload: { newCustomers: 'order_at_once' } },
      verify: async () => expect((await getShopSettings(ctx.t.database.db)).newCustomers).toBe('order_at_once'),
    }),
  },
  {
    route: 'GET /api/admin/companies',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/admin/companies', headers: authOf(ctx, actor) } }),
  },
  {
    route: 'GET /api/admin/companies/:id',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({
      request: { method: 'GET', url: `/api/admin/companies/${(await companyOfA(ctx)).company.id}`, headers: authOf(ctx, actor) },
    }),
  },
  ...(
    [
      ['approve', 'applied', 'approved', undefined],
      ['reject', 'applied', 'rejected', { reason: 'Not a trade business' }],
      ['suspend', 'approved', 'suspended', { reason: 'Unpaid invoices' }],
      ['reinstate', 'suspended', 'approved', undefined],
    ] as const
  ).map(([decision, from, to, payload]): Row => ({
    // A fresh company in the status the decision applies to, each time: only the admin's decision moves it.
    route: `POST /api/admin/companies/:id/${decision}`,
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const id = await companyIn(ctx, from);
      return {
        request: { method: 'POST', url: `/api/admin/companies/${id}/${decision}`, headers: authOf(ctx, actor), ...(payload ? { payload } : {}) },
        verify: async (res) => expect((await findCompany(ctx.t.database.db, id))?.status).toBe(res.statusCode === 200 ? to : from),
      };
    },
  })),
  {
    // A fresh customer each time: only the admin's request makes it a rep.
    route: 'PUT /api/user/rep/:email',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const target = await mintUser(ctx.t.database.db, ctx.t.config.accessTokenSecret);
      return {
        request: { method: 'PUT', url: `/api/user/rep/${encodeURIComponent(target.email)}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect((await findUserById(ctx.t.database.db, target.id))?.role).toBe(res.statusCode === 200 ? 'rep' : 'customer'),
      };
    },
  },
  {
    route: 'DELETE /api/user/rep/:email',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const target = await repOf(ctx);
      return {
        request: { method: 'DELETE', url: `/api/user/rep/${encodeURIComponent(target.email)}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect((await findUserById(ctx.t.database.db, target.id))?.role).toBe(res.statusCode === 200 ? 'customer' : 'rep'),
      };
    },
  },
  {
    route: 'GET /api/admin/reps',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/admin/reps', headers: authOf(ctx, actor) } }),
  },
  {
    route: 'PUT /api/admin/companies/:id/reps/:userId',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const [company, rep] = [(await companyOfA(ctx)).company.id, await repOf(ctx)];
      return {
        request: { method: 'PUT', url: `/api/admin/companies/${company}/reps/${rep.id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect(await repsOf(ctx, company, rep.id)).toBe(res.statusCode === 200 ? 1 : 0),
      };
    },
  },
  {
    route: 'DELETE /api/admin/companies/:id/reps/:userId',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => {
      const [company, rep] = [(await companyOfA(ctx)).company.id, await repOf(ctx)];
      await ctx.t.database.db.execute(sql`insert into company_reps (company_id, user_id) values (${company}::uuid, ${rep.id}::uuid)`);
      return {
        request: { method: 'DELETE', url: `/api/admin/companies/${company}/reps/${rep.id}`, headers: authOf(ctx, actor) },
        verify: async (res) => expect(await repsOf(ctx, company, rep.id)).toBe(res.statusCode === 200 ? 0 : 1),
      };
    },
  },
  {
    // Sales reps only: neither dealers nor admins. Each rep gets its own companies: A's only for A's rep.
    route: 'GET /api/rep/companies',
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 403, buyerA: 403, buyerAllA: 403, applicant: 403, repA: 200, repB: 200 },
    cell: async (ctx, actor) => ({
      request: { method: 'GET', url: '/api/rep/companies', headers: authOf(ctx, actor) },
      verify: async (res) => {
        if (res.statusCode !== 200) return;
        const ids = (res.json() as RepCompany[]).map((company) => company.id);
        expect(ids, actor).toEqual([actor === 'repA' ? ctx.companyOfA : ctx.companyOfB]);
      },
    }),
  },
  {
    route: 'GET /api/admin/audit',
    expect: ADMIN_ONLY,
    cell: async (ctx, actor) => ({ request: { method: 'GET', url: '/api/admin/audit', headers: authOf(ctx, actor) } }),
  },
  {
    route: 'POST /api/images',
    expect: { ...ADMIN_ONLY, admin: 201 },
    cell: async (ctx, actor) => {
      const { payload, headers } = multipartImage(ctx.png);
      return { request: { method: 'POST', url: '/api/images', headers: { ...authOf(ctx, actor), ...headers }, payload } };
    },
  },
];

const ERROR_CODE_OF: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };

describeEachDatabase('authorization matrix', (kind) => {
  const ctx = {} as Ctx;

  beforeAll(async () => {
    ctx.t = await createTestApp(kind);
    const [a, b, admin, buyerA, buyerAllA, applicant, repA, repB] = await Promise.all([
      ctx.t.createUser({ displayName: 'Customer A' }),
      ctx.t.createUser({ displayName: 'Customer B' }),
      ctx.t.createUser({ admin: true }),
      ctx.t.createUser({ displayName: 'Buyer of A' }),
      ctx.t.createUser({ displayName: 'Buyer of A who sees all' }),
      ctx.t.createUser({ displayName: 'Applicant' }),
      ctx.t.createUser({ displayName: 'Rep of A' }),
      ctx.t.createUser({ displayName: 'Rep of B' }),
    ]);
    Object.assign(ctx, { a, b, admin, users: { customerA: a, customerB: b, admin, buyerA, buyerAllA, applicant, repA, repB } });
    ctx.companyOfA = await companyIdOf(ctx, a);
    ctx.companyOfB = await companyIdOf(ctx, b);
    // The buyers leave their companies of one for A's, as an accepted invitation would make them.
    for (const [buyer, seesAll] of [
      [buyerA, false],
      [buyerAllA, true],
    ] as const) {
      await dropCompanyOf(ctx, buyer);
      await ctx.t.database.db.execute(
        sql`insert into company_members (user_id, company_id, role, can_see_all_orders) values (${buyer.id}::uuid, ${ctx.companyOfA}::uuid, 'buyer', ${seesAll})`,
      );
    }
    await ctx.t.database.db.execute(sql`update companies set status = 'applied' where id = ${await companyIdOf(ctx, applicant)}::uuid`);
    // The reps belong to no company; A's company is assigned to one, B's to the other.
    for (const [rep, company] of [
      [repA, ctx.companyOfA],
      [repB, ctx.companyOfB],
    ] as const) {
      await dropCompanyOf(ctx, rep);
      await ctx.t.database.db.execute(sql`update users set role = 'rep' where id = ${rep.id}::uuid`);
      await ctx.t.database.db.execute(sql`insert into company_reps (company_id, user_id) values (${company}::uuid, ${rep.id}::uuid)`);
    }
    ctx.productId = await ctx.t.createProduct({ available: 100_000, minOrder: 1, price: 30 });
    ctx.png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await ctx.t?.close();
  });

  it('has exactly one row for every route the app registers under /api', () => {
    const registered = ctx.t.app.registeredRoutes
      .filter((r) => r.method !== 'HEAD' && (r.url === '/api' || r.url.startsWith('/api/')))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const table = ROWS.map((r) => r.route).sort();
    expect(new Set(table).size, 'a route appears twice in the table').toBe(table.length);
    expect(table).toEqual(registered);
  });

  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const seen = everyone(0);
    for (const actor of ACTORS) {
      const cell = await row.cell(ctx, actor);
      const res = await ctx.t.app.inject(cell.request);
      seen[actor] = res.statusCode;
      if (res.statusCode >= 400) {
        const body = res.json() as { error?: { code?: unknown; message?: unknown } };
        expect(body, `${row.route} as ${actor}`).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
        const code = ERROR_CODE_OF[res.statusCode];
        if (code) expect(body.error?.code, `${row.route} as ${actor}`).toBe(code);
      }
      await cell.verify?.(res);
    }
    expect(seen).toEqual(row.expect);
  });

  // Fastify answers HEAD for every GET route; it must pass through the same guards.
  it.each(ROWS.filter((row) => row.route.startsWith('GET ')).map((row) => [row.route.replace('GET', 'HEAD'), row] as const))(
    '%s is guarded like its GET',
    async (_route, row) => {
      for (const actor of ['anonymous', 'customerB', 'repB'] as const) {
        const { request } = await row.cell(ctx, actor);
        // A HEAD answer has no body to stream, even where the GET's is an endless stream.
        const res = await ctx.t.app.inject({ ...request, method: 'HEAD', payloadAsStream: false });
        expect(res.statusCode, actor).toBe(row.expect[actor]);
        expect(res.body, actor).toBe('');
      }
    },
  );

  it('still knows every actor as it was after every cell ran', async () => {
    for (const actor of ['customerA', 'customerB', 'buyerA', 'buyerAllA', 'applicant'] as const) {
      expect((await findUserById(ctx.t.database.db, ctx.users[actor].id))?.role, actor).toBe('customer');
    }
    for (const actor of ['repA', 'repB'] as const) expect((await findUserById(ctx.t.database.db, ctx.users[actor].id))?.role, actor).toBe('rep');
    expect(await companyIdOf(ctx, ctx.users.buyerA)).toBe(ctx.companyOfA);
    expect(await companyIdOf(ctx, ctx.users.buyerAllA)).toBe(ctx.companyOfA);
    expect(await repsOf(ctx, ctx.companyOfA, ctx.users.repA.id)).toBe(1);
    expect(await repsOf(ctx, ctx.companyOfA, ctx.users.repB.id)).toBe(0);
    const me = await ctx.t.app.inject({ url: `/api/users/${ctx.a.email}`, headers: ctx.a.auth });
    expect(me.statusCode).toBe(200);
    expect((me.json() as { admin: boolean }).admin).toBe(false);
  });
});
