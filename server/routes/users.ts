// Identity and profile: the token exchange, and a user's own profile (docs/architecture.md, "Identity and access").

import type { FastifyPluginAsync } from 'fastify';
import { TokenExchangeBodySchema } from '../../src/contract/auth';
import { EmailSchema } from '../../src/contract/fields';
import { ProfileUpdateBodySchema } from '../../src/contract/user';
import { bearerToken, currentUser } from '../auth/guards';
import { forbidden, invalid, notFound, unauthorized } from '../errors';
import { defineRateLimit } from '../lib/rate-limit';
import { parseBody, parseParam } from '../lib/validate';
import { findUserByEmail, toProfile, updateProfile, upsertOnSignIn } from '../repositories/users';
import { userSchemas as schemas } from '../schemas/account';

const users: FastifyPluginAsync = async (app) => {
  const { config, database, identity } = app.deps;
  const { db } = database;
  const message = 'Too many sign-in attempts. Please wait a minute and try again.';
  // Without the shared store sign-in stays open: the ID token is still verified by Firebase, and an access
  // token gives no more than the account's own rights (docs/decisions/012).
  const limit = { max: config.rateLimits.tokenPerMinute, windowMs: 60_000, message, whenStoreDown: 'allow' } as const;
  const perIp = defineRateLimit(app, { name: 'token-exchange-ip', ...limit });
  const perEmail = defineRateLimit(app, { name: 'token-exchange-email', ...limit });

  // The token exchange: a valid Firebase ID token for {email} buys our access token. Who it is comes from
  // the identity provider's record of the account (server/auth/identity.ts), never from the token's claims.
  app.put<{ Params: { email: string } }>('/user/:email', { schema: schemas.signIn }, async (request, reply) => {
    await perIp.hit(request.ip, request, reply);
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    const body = parseBody(TokenExchangeBodySchema, request.body);
    if (body.email !== email) throw invalid('The e-mail in the address and in the body must be the same.');
    const idToken = bearerToken(request);
    if (!idToken) throw unauthorized('Sign in first: the request has no ID token.');
    const verified = await identity.verifyIdToken(idToken);
    if (verified.email !== email) throw forbidden('This sign-in belongs to another e-mail address.');
    // Counted after verification, so nobody can lock a dealer out by hammering their address.
    await perEmail.hit(email, request, reply);
    const user = await upsertOnSignIn(db, {
      email,
      firebaseUid: verified.uid,
      displayName: verified.name,
      emailVerified: verified.emailVerified,
      // Whoever registers a listed address first must still prove the mailbox before becoming admin.
      promote: verified.emailVerified && config.adminEmails.includes(email),
    });
    if (!user) {
      throw forbidden('This e-mail address belongs to an earlier account. Verify your e-mail address with the link we sent, then sign in again.');
    }
    const token = await app.tokens.sign({ userId: user.id, email: user.email });
    return { token };
  });

  // A profile is read by its owner or an admin. The ownership check comes before the lookup,
  // so a customer cannot learn which e-mail addresses have accounts.
  app.get<{ Params: { email: string } }>('/users/:email', { preHandler: app.guards.signedIn, schema: schemas.profile }, async (request, reply) => {
    const me = currentUser(request);
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    if (email !== me.email && me.role !== 'admin') throw forbidden('You can only see your own profile.');
    const user = await findUserByEmail(db, email);
    if (!user) throw notFound('That user');
    // Personal data on shared trade-counter tablets: never kept by a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    return toProfile(user, config.adminEmails);
  });

  // Only the owner edits a profile, admins included; the strict body cannot carry e-mail or role.
  app.patch<{ Params: { email: string } }>('/user/:email', { preHandler: app.guards.signedIn, schema: schemas.updateProfile }, async (request) => {
    const me = currentUser(request);
    const email = parseParam(EmailSchema, request.params.email, 'That user');
    if (email !== me.email) throw forbidden('You can only change your own profile.');
    const body = parseBody(ProfileUpdateBodySchema, request.body);
    const matchedCount = await updateProfile(db, email, {
      ...(body.userName === undefined ? {} : { displayName: body.userName }),
      address: body.address,
      phone: body.phone,
      linkedin: body.linkedin,
      ...(body.notifyPaidOrders === undefined ? {} : { notifyPaidOrders: body.notifyPaidOrders }),
    });
    return { matchedCount };
  });
};
export default users;
