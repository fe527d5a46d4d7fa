// Request guards: identity and role come from our access token and the database, never the URL or body.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../src/contract/user';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../errors';
import { findUserById } from '../repositories/users';
import type { TokenService } from './tokens';

export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  displayName: string;
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/u.exec(header.trim());
  return match?.[1] ?? null;
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Guards {
  signedIn: Guard;
  /** Customers (dealers) only: reviews. */
  customer: Guard;
  /** Who places orders: customers, and sales reps for their companies. */
  orderer: Guard;
  /** Sales reps only. */
  rep: Guard;
  admin: Guard;
  /**
   * The account id a valid access token names, without reading the account: for counting a limited
   * request before anything is read, so a loop on it costs a counter. A guard still decides who may.
   */
  tokenUserId(request: FastifyRequest): Promise<string>;
}

export function makeGuards(db: Db, tokens: TokenService): Guards {
  async function verifiedClaims(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
    return claims;
  }
  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const claims = await verifiedClaims(request);
    const user = await findUserById(db, claims.userId);
    // A deleted user's tokens stop working at once; so does a token whose e-mail no longer matches.
    if (!user || user.email !== claims.email) throw unauthorized('Your session has expired. Please sign in again.');
    const authUser: AuthUser = { id: user.id, email: user.email, role: user.role, displayName: user.displayName, emailVerified: user.emailVerified };
    request.authUser = authUser;
    return authUser;
  }
  return {
    async signedIn(request) {
      await authenticate(request);
    },
    async customer(request) {
      const user = await authenticate(request);
      if (user.role === 'rep') throw forbidden('Sales reps order for their companies and do not post reviews.');
      if (user.role !== 'customer') throw forbidden('Admin is not able to order!');
    },
    async orderer(request) {
      const user = await authenticate(request);
      if (user.role !== 'customer' && user.role !== 'rep') throw forbidden('Admin is not able to order!');
    },
    async rep(request) {
      const user = await authenticate(request);
      if (user.role !== 'rep') throw forbidden('This needs a sales rep account.');
    },
    async admin(request) {
      const user = await authenticate(request);
      if (user.role !== 'admin') throw forbidden('This needs an admin account.');
    },
    async tokenUserId(request) {
      return (await verifiedClaims(request)).userId;
    },
  };
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
