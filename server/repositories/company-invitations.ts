// Data access for invitations to join a company (docs/decisions/042-company-members-and-the-audit-log.md).
// An invitation names an address in lower case and a role; its link's token is derived from its id
// (server/lib/invitation-token.ts) and only the token's hash is kept. It is open until it is accepted,
// revoked or expires; a company holds one open invitation per address.

import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { INVITATION_TTL_DAYS, INVITATIONS_PER_DAY, type Invitation, type MemberRole } from '../../src/contract/dealer-company';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { companies, companyInvitations, companyMembers, users } from '../db/schema';
import { dropInvitationMails, queueInvitationMail } from './mail-queue';

export type InvitationState = 'open' | 'expired' | 'revoked' | 'accepted';

type InvitationRecord = typeof companyInvitations.$inferSelect;

function stateOf(row: Pick<InvitationRecord, 'acceptedAt' | 'revokedAt' | 'expiresAt'>, now = new Date()): InvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** Not accepted and not revoked: what the one-open-invitation-per-address index counts, expired or not. */
const unsettled = and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt));

/** What the invitation mail tells, and whether the invitation is still open when it is sent. */
export interface InvitationForMail {
  email: string;
  role: MemberRole;
  companyName: string;
  inviterName: string;
  inviterEmail: string | null;
  expiresAt: Date;
  state: InvitationState;
}

export async function findInvitationForMail(tx: Tx, invitationId: string): Promise<InvitationForMail | null> {
  const [row] = await tx
    .select({
      email: companyInvitations.email,
      role: companyInvitations.role,
      companyName: companies.name,
      inviterName: users.displayName,
      inviterEmail: users.email,
      expiresAt: companyInvitations.expiresAt,
      acceptedAt: companyInvitations.acceptedAt,
      revokedAt: companyInvitations.revokedAt,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(eq(companyInvitations.id, invitationId))
    .limit(1);
  if (!row) return null;
  return {
    email: row.email,
    role: row.role,
    companyName: row.companyName,
    inviterName: row.inviterName ?? '',
    inviterEmail: row.inviterEmail,
    expiresAt: row.expiresAt,
    state: stateOf(row),
  };
}

/** The company's invitations still open (not expired), newest first, with who sent each. */
export async function listOpenInvitations(tx: Tx, companyId: string): Promise<Invitation[]> {
  const rows = await tx
    .select({
      id: companyInvitations.id,
      email: companyInvitations.email,
      role: companyInvitations.role,
      invitedBy: users.email,
      createdAt: companyInvitations.createdAt,
      expiresAt: companyInvitations.expiresAt,
    })
    .from(companyInvitations)
    .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.companyId, companyId), unsettled, gt(companyInvitations.expiresAt, sql`now()`)))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() }));
}

export type InvitationSending = { outcome: 'sent'; invitation: Invitation; replaced: Invitation | null } | { outcome: 'member' } | { outcome: 'too_many' };

/**
 * Invites the address to the company with the role, under the id and token hash the caller made
 * (server/lib/invitation-token.ts), and queues the invitation mail. An invitation to the
 * same address still unsettled is revoked first; a member of the company is not invited; a company sends
 * at most INVITATIONS_PER_DAY in any 24 hours, revoked ones included. Locks the company's row, so two
 * invitations of one company are counted one after the other.
 */
export async function sendInvitation(
  tx: Tx,
  input: { id: string; tokenHash: string; companyId: string; email: string; role: MemberRole; invitedBy: { id: string; email: string } },
): Promise<InvitationSending> {
  const { companyId, email, role } = input;
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const [member] = await tx
    .select({ id: companyMembers.userId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(users.email, email)))
    .limit(1);
  if (member) return { outcome: 'member' };
  const [count] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from company_invitations where company_id = ${companyId}::uuid and created_at > now() - interval '1 day'`,
  );
  if (Number(count?.n ?? 0) >= INVITATIONS_PER_DAY) return { outcome: 'too_many' };

  const [old] = await tx
    .update(companyInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, email), unsettled))
    .returning();
  if (old) await dropInvitationMails(tx, old.id);

  const { id } = input;
  const [row] = await tx
    .insert(companyInvitations)
    .values({
      id,
      companyId,
      email,
      role,
      tokenHash: input.tokenHash,
      invitedBy: input.invitedBy.id,
      expiresAt: sql`now() + ${INVITATION_TTL_DAYS} * interval '1 day'`,
    })
    .returning();
  if (!row) throw new Error('the invitation was not saved');
  await queueInvitationMail(tx, id, email);
  return {
    outcome: 'sent',
    invitation: toInvitation(row, input.invitedBy.email),
    replaced: old ? toInvitation(old, null) : null,
  };
}

function toInvitation(row: InvitationRecord, invitedBy: string | null): Invitation {
  return { id: row.id, email: row.email, role: row.role, invitedBy, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}

/** Revokes an unsettled invitation of this company and drops its mail if it has not gone; null when there is none. */
export async function revokeInvitation(tx: Tx, companyId: string, invitationId: string): Promise<Invitation | null> {
  const [row] = await tx
    .update(companyInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, companyId), unsettled))
    .returning();
  if (!row) return null;
  await dropInvitationMails(tx, row.id);
  return toInvitation(row, null);
}

export interface InvitationByToken {
  id: string;
  companyId: string;
  companyName: string;
  email: string;
  role: MemberRole;
  expiresAt: Date;
  state: InvitationState;
}

/** The invitation a link's token names, looked up by the token's hash; `lock` holds its row until the transaction ends. */
export async function findInvitationByTokenHash(tx: Tx, tokenHash: string, lock = false): Promise<InvitationByToken | null> {
  const query = tx
    .select({
      id: companyInvitations.id,
      companyId: companyInvitations.companyId,
      companyName: companies.name,
      email: companyInvitations.email,
      role: companyInvitations.role,
      expiresAt: companyInvitations.expiresAt,
      acceptedAt: companyInvitations.acceptedAt,
      revokedAt: companyInvitations.revokedAt,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, tokenHash))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: companyInvitations }) : await query;
  if (!row) return null;
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
    state: stateOf(row),
  };
}

/** Marks the invitation accepted by the user. */
export async function markInvitationAccepted(tx: Tx, invitationId: string, userId: string): Promise<void> {
  await tx
    .update(companyInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(companyInvitations.id, invitationId));
}
