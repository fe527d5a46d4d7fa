// What a route takes and answers, declared with the contract's valibot schemas and converted once, at
// start-up, into the route's Fastify `schema`, from which the OpenAPI reference is made (docs/decisions/032).
// The same valibot schemas validate each request in its handler (server/lib/validate.ts), after the guards.

import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import type { FastifySchema } from 'fastify';
import type * as v from 'valibot';
import { ErrorBodySchema } from '../../src/contract/errors';

type Schema = v.GenericSchema;

/** The reference's sections, in the order it shows them. */
export const API_TAGS = [
  { name: 'Catalogue', description: 'Tools, their categories and the changes an offline copy of the catalogue asks for. Public.' },
  { name: 'Orders', description: 'Placing, reading and deleting orders; admins list and ship them.' },
  { name: 'Payments', description: 'Card payment of an order, and the processor telling the API about it.' },
  { name: 'Account', description: 'Signing in (an ID token buys an access token) and the dealer’s own profile.' },
  { name: 'Reviews', description: 'Client reviews: the public list, posting one, and moderation.' },
  { name: 'Admin', description: 'Users, tools, pictures, sales and the mail queue, for admins.' },
  { name: 'On account', description: 'Companies paying on terms: their credit, orders on hold, invoices paid by bank transfer.' },
  { name: 'Quotes', description: 'Dealers asking for prices on a list of tools, the shop answering, and the order placed from an accepted quote.' },
  { name: 'Sales reps', description: 'The dealer companies a sales rep orders for, and the admins making reps and assigning them.' },
  { name: 'Service', description: 'The browser’s settings, liveness and readiness.' },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

/** Who may call a route, as its guard checks it (server/auth/guards.ts). */
export type Access = 'anyone' | 'signedIn' | 'customer' | 'orderer' | 'rep' | 'admin' | 'idToken' | 'stripe';

/** The security schemes of the reference (server/plugins/openapi.ts). */
export const SECURITY_SCHEMES = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token `PUT /api/user/{email}` answers, sent as `Authorization: Bearer <token>`.',
  },
  idToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A Firebase ID token of the account, sent as `Authorization: Bearer <ID token>`, only to buy an access token.',
  },
  stripeSignature: { type: 'apiKey', in: 'header', name: 'stripe-signature', description: 'Stripe’s signature of the event body.' },
} as const;

const SECURITY: Record<Access, FastifySchema['security']> = {
  anyone: [],
  signedIn: [{ accessToken: [] }],
  customer: [{ accessToken: [] }],
  orderer: [{ accessToken: [] }],
  rep: [{ accessToken: [] }],
  admin: [{ accessToken: [] }],
  idToken: [{ idToken: [] }],
  stripe: [{ stripeSignature: [] }],
};

const WHO: Record<Access, string> = {
  anyone: 'Anyone, without signing in.',
  signedIn: 'Any signed-in account.',
  customer: 'A signed-in customer (a dealer); admins and sales reps are refused.',
  orderer: 'A signed-in customer (a dealer), or a sales rep ordering for one of its companies; admins are refused.',
  rep: 'Sales reps only.',
  admin: 'Admins only.',
  idToken: 'Anyone holding a Firebase ID token of the account.',
  stripe: 'Stripe, with the event signed by the webhook secret.',
};

/** An answer that is not JSON (a file, a document, a stream), by its media type. */
export interface MediaAnswer {
  media: string;
  description: string;
}
/** A JSON answer with its own description. */
export interface JsonAnswer {
  schema: Schema;
  description: string;
}
/** An answer without a body (304 Not Modified). */
export interface EmptyAnswer {
  empty: true;
  description: string;
}
export type Answer = Schema | JsonAnswer | MediaAnswer | EmptyAnswer;

export interface RouteDeclaration {
  summary: string;
  description?: string;
  tag: ApiTag;
  access: Access;
  /** Path parameters, as a valibot object of the fields' own schemas. */
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** A body that is not JSON (an upload, a signed event), by its media type. */
  rawBody?: { media: string; schema: JsonSchema };
  headers?: Schema;
  answers: Record<number, Answer>;
  /** Refusals of this route beyond those its access and inputs bring, with what each means. */
  refusals?: Record<number, string>;
}

const DEFAULT_DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Created', 304: 'Not modified: the copy the client holds is current.' };

/** The JSON Schema of a valibot schema: what a client may send (`input`) or will get (`output`). */
export function jsonSchemaOf(schema: Schema, typeMode: 'input' | 'output'): JsonSchema {
  // Transformations and checks that JSON Schema cannot say (trimming, cross-field rules) are left out of
  // the document; valibot still applies them.
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' });
  return rest;
}

const isSchema = (answer: Answer): answer is Schema => 'kind' in answer && answer.kind === 'schema';

function answerOf(status: number, answer: Answer): Record<string, unknown> {
  if (isSchema(answer)) return answerOf(status, { schema: answer, description: DEFAULT_DESCRIPTIONS[status] ?? 'OK' });
  if ('empty' in answer) return { description: answer.description, type: 'null' };
  if ('media' in answer) return { description: answer.description, content: { [answer.media]: { schema: { type: 'string', format: 'binary' } } } };
  return { description: answer.description, content: { 'application/json': { schema: jsonSchemaOf(answer.schema, 'output') } } };
}

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: jsonSchemaOf(ErrorBodySchema, 'output') } } });

/** The refusals every route of this kind can give, in the one error shape (docs/architecture.md, "Error model"). */
function refusalsOf(route: RouteDeclaration): Record<number, string> {
  const refusals: Record<number, string> = {};
  if (route.body !== undefined || route.rawBody !== undefined || route.query !== undefined) {
    refusals[400] = 'The request is not valid: the message names each field and what is wrong with it.';
  }
  if (route.access !== 'anyone' && route.access !== 'idToken' && route.access !== 'stripe') refusals[401] = 'No access token, or one that has expired.';
  if (route.access === 'admin') refusals[403] = 'The account is not an admin.';
  if (route.access === 'customer') refusals[403] = 'Admins and sales reps do not post reviews; admins do not place orders.';
  if (route.access === 'orderer') refusals[403] = 'Admins do not place orders.';
  if (route.access === 'rep') refusals[403] = 'The account is not a sales rep.';
  if (route.params !== undefined) refusals[404] = 'Nothing with that id or address (or not yours: it is answered the same).';
  return { ...refusals, ...route.refusals };
}

/** The Fastify `schema` of a route, made from its declaration. */
export function routeSchema(route: RouteDeclaration): FastifySchema {
  const response: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(refusalsOf(route))) response[status] = errorAnswer(description);
  // A route's own answer for a status (a 409 with its details) is more precise than the generic refusal.
  for (const [status, answer] of Object.entries(route.answers)) response[status] = answerOf(Number(status), answer);
  response['4xx'] = errorAnswer('Any other refusal: a body too large, a media type the route does not take, too many requests.');
  response['5xx'] = errorAnswer('The API failed, or a service it needs (the database, the payment processor) cannot be reached.');
  return {
    summary: route.summary,
    description: [route.description, `Who: ${WHO[route.access]}`].filter(Boolean).join('\n\n'),
    tags: [route.tag],
    security: SECURITY[route.access],
    ...(route.params ? { params: jsonSchemaOf(route.params, 'input') } : {}),
    ...(route.query ? { querystring: jsonSchemaOf(route.query, 'input') } : {}),
    ...(route.headers ? { headers: jsonSchemaOf(route.headers, 'input') } : {}),
    ...(route.body ? { body: jsonSchemaOf(route.body, 'input') } : {}),
    ...(route.rawBody ? { body: route.rawBody.schema, consumes: [route.rawBody.media] } : {}),
    response,
  };
}
