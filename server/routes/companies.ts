// A dealer's own company: its details, its locations, its members and the invitations to join it
// (docs/decisions/040-dealer-companies.md, docs/decisions/042-company-members-and-the-audit-log.md). Which
// company is the caller's comes from the membership the database holds, never from the request: another
// company's location, member or invitation is answered as a missing one. Every change is written to the
// audit log in its own transaction.

import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CompanyUpdateBodySchema,
  InvitationBodySchema,
  LocationCreateBodySchema,
  LocationUpdateBodySchema,
  MemberUpdateBodySchema,
  companyMessages,
} from '../../src/contract/dealer-company';
import { accountMessages } from '../../src/contract/account-terms';
import { IdSchema } from '../../src/contract/fields';
import { pricingCurrency } from '../../src/contract/price-list';
import { repMessages } from '../../src/contract/sales-rep';
import { currentUser, type AuthUser } from '../auth/guards';
import type { Tx } from '../db/client';
import { AppError, forbidden, invalid, notFound } from '../errors';
import { invitationToken, invitationTokenHash } from '../lib/invitation-token';
import { parseBody, parseParam } from '../lib/validate';
import { actorOf, recordAudit, type AuditActor } from '../repositories/audit-log';
import { lockCompanyAccount } from '../repositories/company-account';
import {
  addLocation,
  deleteLocation,
  findCompany,
  findLocation,
  findMembership,
  joinCompany,
  listLocations,
  listMembers,
  makeDefaultLocation,
  removeMember,
  updateCompany,
  updateLocation,
  updateMember,
  type Membership,
} from '../repositories/companies';
import {
  findInvitationByTokenHash,
  listOpenInvitations,
  markInvitationAccepted,
  revokeInvitation,
  sendInvitation,
  type InvitationByToken,
} from '../repositories/company-invitations';
import { isApproverOf } from '../repositories/order-approvals';
import { findCompanyPriceList } from '../repositories/price-lists';
import { companySchemas as schemas } from '../schemas/company';

async function membershipOf(db: Tx, request: FastifyRequest): Promise<Membership> {
  const membership = await findMembership(db, currentUser(request).id);
  if (!membership) throw new AppError('not_found', companyMessages.noCompany);
  return membership;
}

/** The caller's company, when the caller is its company admin: buyers see it and change nothing. */
async function companyAdminOf(
  db: Tx,
  request: FastifyRequest,
  message: string = companyMessages.onlyCompanyAdmin,
): Promise<{ companyId: string; actor: AuditActor }> {
  const membership = await membershipOf(db, request);
  if (membership.role !== 'company_admin') throw forbidden(message);
  return { companyId: membership.companyId, actor: actorOf(currentUser(request), 'company_admin') };
}

const LOCATION = 'That location';

/** A link's token: 32 bytes of HMAC in base64url. Anything else names no invitation. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/u;

function tokenOf(request: FastifyRequest<{ Params: { token: string } }>): string {
  const { token } = request.params;
  if (!TOKEN.test(token)) throw new AppError('not_found', companyMessages.invitationUnknown);
  return token;
}

/** An invitation that can still be accepted; expired, revoked and accepted ones are gone (410). */
function openInvitation(invitation: InvitationByToken | null): InvitationByToken {
  if (!invitation) throw new AppError('not_found', companyMessages.invitationUnknown);
  if (invitation.state === 'expired') throw new AppError('gone', companyMessages.invitationExpired);
  if (invitation.state === 'revoked') throw new AppError('gone', companyMessages.invitationRevoked);
  if (invitation.state === 'accepted') throw new AppError('gone', companyMessages.invitationAccepted);
  return invitation;
}

/** Who may accept: the account whose verified address is the one invited. Admins and sales reps of the shop join no company. */
function checkAcceptor(user: AuthUser, invitation: InvitationByToken): void {
  if (user.role === 'admin') throw forbidden(companyMessages.adminsCannotJoin);
  if (user.role === 'rep') throw forbidden(repMessages.repsCannotJoin);
  if (user.email.toLowerCase() !== invitation.email) throw forbidden(companyMessages.invitationWrongAddress(invitation.email));
  if (!user.emailVerified) throw forbidden(companyMessages.invitationUnverified(invitation.email));
}

const companyRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const { accessTokenSecret } = app.deps.config;
  const signedIn = app.guards.signedIn;

  app.get('/company', { preHandler: signedIn, schema: schemas.mine }, async (request, reply) => {
    const membership = await membershipOf(db, request);
    const admin = membership.role === 'company_admin';
    const [company, locations, members, invitations, priceList, approver] = await Promise.all([
      findCompany(db, membership.companyId),
      listLocations(db, membership.companyId),
      admin ? listMembers(db, membership.companyId) : Promise.resolve(null),
      admin ? listOpenInvitations(db, membership.companyId) : Promise.resolve(null),
      findCompanyPriceList(db, membership.companyId),
      isApproverOf(db, currentUser(request).id, membership.companyId),
    ]);
    if (!company) throw new AppError('not_found', companyMessages.noCompany);
    // The company's people and addresses on shared trade-counter tablets: never kept by a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    return {
      company,
      role: membership.role,
      locations,
      ...(members ? { members } : {}),
      ...(invitations ? { invitations } : {}),
      // Spending limits are set in the currency of the company's prices (docs/decisions/055).
      currency: pricingCurrency(priceList),
      approver,
    };
  });

  app.patch('/company', { preHandler: signedIn, schema: schemas.update }, async (request) => {
    const body = parseBody(CompanyUpdateBodySchema, request.body);
    return db.transaction(async (tx) => {
      const { companyId, actor } = await companyAdminOf(tx, request);
      // Locked, so the shop granting the exemption and the dealer removing its number are decided one after the other.
      await lockCompanyAccount(tx, companyId);
      const before = await findCompany(tx, companyId);
      // The exemption stands on the number: the shop ends it before the number goes, rather than the dealer's edit ending it unseen.
      if (body.taxNumber === null && before?.taxExempt) {
        throw invalid(`taxNumber: ${accountMessages.exemptKeepsTaxNumber}`, {
          fields: [{ field: 'taxNumber', message: accountMessages.exemptKeepsTaxNumber }],
        });
      }
      const company = await updateCompany(tx, companyId, body);
      if (!company || !before) throw new AppError('not_found', companyMessages.noCompany);
      await recordAudit(tx, actor, { action: 'company.updated', subjectType: 'company', subjectId: companyId, companyId, before, after: company });
      return company;
    });
  });

  app.post('/company/locations', { preHandler: signedIn, schema: schemas.addLocation }, async (request, reply) => {
    const body = parseBody(LocationCreateBodySchema, request.body);
    const location = await db.transaction(async (tx) => {
      const { companyId, actor } = await companyAdminOf(tx, request);
      const added = await addLocation(tx, companyId, body);
      await recordAudit(tx, actor, { action: 'location.added', subjectType: 'location', subjectId: added.id, companyId, after: added });
      return added;
    });
    return reply.code(201).send(location);
  });

  app.patch<{ Params: { id: string } }>('/company/locations/:id', { preHandler: signedIn, schema: schemas.updateLocation }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, LOCATION);
    const body = parseBody(LocationUpdateBodySchema, request.body);
    return db.transaction(async (tx) => {
      const { companyId, actor } = await companyAdminOf(tx, request);
      const before = await findLocation(tx, companyId, id);
      const location = await updateLocation(tx, companyId, id, body);
      if (!location || !before) throw notFound(LOCATION);
      await recordAudit(tx, actor, { action: 'location.changed', subjectType: 'location', subjectId: id, companyId, before, after: location });
      return location;
    });
  });

  app.delete<{ Params: { id: string } }>('/company/locations/:id', { preHandler: signedIn, schema: schemas.deleteLocation }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, LOCATION);
    return db.transaction(async (tx) => {
      const { companyId, actor } = await companyAdminOf(tx, request);
      const before = await findLocation(tx, companyId, id);
      const outcome = await deleteLocation(tx, companyId, id);
      if (outcome === 'not_found') throw notFound(LOCATION);
      if (outcome === 'default_in_use') throw new AppError('conflict', companyMessages.defaultInUse);
      await recordAudit(tx, actor, { action: 'location.deleted', subjectType: 'location', subjectId: id, companyId, before });
      return { deletedCount: 1 };
    });
  });

  app.post<{ Params: { id: string } }>('/company/locations/:id/default', { preHandler: signedIn, schema: schemas.makeDefaultLocation }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, LOCATION);
    return db.transaction(async (tx) => {
      const { companyId, actor } = await companyAdminOf(tx, request);
      const [before] = await listLocations(tx, companyId);
      const location = await makeDefaultLocation(tx, companyId, id);
      if (!location) throw notFound(LOCATION);
      await recordAudit(tx, actor, {
        action: 'location.made_default',
        subjectType: 'location',
        subjectId: id,
        companyId,
        before: { defaultLocationId: before?.isDefault ? before.id : null },
        after: { defaultLocationId: location.id },
      });
      return location;
    });
  });

  app.post('/company/invitations', { preHandler: signedIn, schema: schemas.invite }, async (request, reply) => {
    const body = parseBody(InvitationBodySchema, request.body);
    const user = currentUser(request);
    const invitation = await db.transaction(async (tx) => {
      const { companyId, actor } = await companyAdminOf(tx, request, companyMessages.onlyCompanyAdminPeople);
      // The invitation mail goes to an address nobody has verified: its sender vouches for it with their own.
      if (!user.emailVerified) throw forbidden(companyMessages.inviterUnverified);
      const id = randomUUID();
      const sending = await sendInvitation(tx, {
        id,
        tokenHash: invitationTokenHash(invitationToken(accessTokenSecret, id)),
        companyId,
        email: body.email,
        role: body.role,
        invitedBy: { id: user.id, email: user.email },
      });
      if (sending.outcome === 'member') throw new AppError('conflict', companyMessages.alreadyMember);
      if (sending.outcome === 'too_many') throw new AppError('rate_limited', companyMessages.tooManyInvitations);
      if (sending.replaced) {
        const { replaced } = sending;
        await recordAudit(tx, actor, { action: 'invitation.revoked', subjectType: 'invitation', subjectId: replaced.id, companyId, before: replaced });
      }
      await recordAudit(tx, actor, { action: 'invitation.sent', subjectType: 'invitation', subjectId: id, companyId, after: sending.invitation });
      return sending.invitation;
    });
    return reply.code(201).send(invitation);
  });

  app.delete<{ Params: { id: string } }>('/company/invitations/:id', { preHandler: signedIn, schema: schemas.revokeInvitation }, async (request) => {
    const id = parseParam(IdSchema, request.params.id, companyMessages.invitationNotFound);
    return db.transaction(async (tx) => {
      const { companyId, actor } = await companyAdminOf(tx, request, companyMessages.onlyCompanyAdminPeople);
      const revoked = await revokeInvitation(tx, companyId, id);
      if (!revoked) throw notFound(companyMessages.invitationNotFound);
      await recordAudit(tx, actor, { action: 'invitation.revoked', subjectType: 'invitation', subjectId: id, companyId, before: revoked });
      return { deletedCount: 1 };
    });
  });

  app.patch<{ Params: { userId: string } }>('/company/members/:userId', { preHandler: signedIn, schema: schemas.updateMember }, async (request) => {
    const userId = parseParam(IdSchema, request.params.userId, companyMessages.memberNotFound);
    const body = parseBody(MemberUpdateBodySchema, request.body);
    return db.transaction(async (tx) => {
      const { companyId, actor } = await companyAdminOf(tx, request, companyMessages.onlyCompanyAdminPeople);
      const change = await updateMember(tx, companyId, userId, body);
      if (change.outcome === 'not_found') throw notFound(companyMessages.memberNotFound);
      if (change.outcome === 'last_admin') throw new AppError('conflict', companyMessages.lastAdmin);
      const { before, after } = change;
      const pick = (m: typeof before) => ({
        role: m.role,
        canSeeAllOrders: m.canSeeAllOrders,
        orderLimitMinor: m.orderLimitMinor ?? null,
        monthlyLimitMinor: m.monthlyLimitMinor ?? null,
        isApprover: m.isApprover ?? false,
      });
      const limitsChanged = body.orderLimitMinor !== undefined || body.monthlyLimitMinor !== undefined || body.isApprover !== undefined;
      await recordAudit(tx, actor, {
        action: limitsChanged ? 'member.limits_changed' : 'member.role_changed',
        subjectType: 'member',
        subjectId: userId,
        companyId,
        before: pick(before),
        after: pick(after),
      });
      return after;
    });
  });

  app.delete<{ Params: { userId: string } }>('/company/members/:userId', { preHandler: signedIn, schema: schemas.removeMember }, async (request) => {
    const userId = parseParam(IdSchema, request.params.userId, companyMessages.memberNotFound);
    return db.transaction(async (tx) => {
      const { companyId, actor } = await companyAdminOf(tx, request, companyMessages.onlyCompanyAdminPeople);
      const removal = await removeMember(tx, companyId, userId);
      if (removal.outcome === 'not_found') throw notFound(companyMessages.memberNotFound);
      if (removal.outcome === 'last_admin') throw new AppError('conflict', companyMessages.lastAdmin);
      const { member } = removal;
      await recordAudit(tx, actor, {
        action: 'member.removed',
        subjectType: 'member',
        subjectId: userId,
        companyId,
        before: { email: member.email, role: member.role, canSeeAllOrders: member.canSeeAllOrders },
        after: { ownCompanyId: removal.ownCompany.id, ownCompanyStatus: removal.ownCompany.status },
      });
      return { deletedCount: 1 };
    });
  });

  app.get<{ Params: { token: string } }>('/invitations/:token', { schema: schemas.invitation }, async (request, reply) => {
    const invitation = openInvitation(await findInvitationByTokenHash(db, invitationTokenHash(tokenOf(request))));
    void reply.header('cache-control', 'no-store');
    return { companyName: invitation.companyName, role: invitation.role, email: invitation.email, expiresAt: invitation.expiresAt.toISOString() };
  });

  app.post<{ Params: { token: string } }>('/invitations/:token/accept', { preHandler: signedIn, schema: schemas.accept }, async (request) => {
    const token = tokenOf(request);
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      // The invitation's row is held until this commits: of two acceptances at once, the second finds it accepted.
      const invitation = openInvitation(await findInvitationByTokenHash(tx, invitationTokenHash(token), true));
      checkAcceptor(user, invitation);
      const joining = await joinCompany(tx, user.id, invitation.companyId, invitation.role);
      if (joining.outcome === 'already_member') throw new AppError('conflict', companyMessages.alreadyInCompany(invitation.companyName));
      if (joining.outcome === 'other_members') throw new AppError('conflict', companyMessages.alreadyBuysFor(joining.companyName));
      await markInvitationAccepted(tx, invitation.id, user.id);
      const company = await findCompany(tx, invitation.companyId);
      if (!company) throw new AppError('gone', companyMessages.invitationUnknown);
      await recordAudit(tx, actorOf(user, invitation.role), {
        action: 'member.joined',
        subjectType: 'member',
        subjectId: user.id,
        companyId: invitation.companyId,
        before: joining.left,
        after: { invitationId: invitation.id, role: invitation.role },
      });
      return { company, role: invitation.role };
    });
  });
};
export default companyRoutes;
