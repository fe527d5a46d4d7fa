// A company's people on the server: a company admin invites someone by e-mail (the mail reaches the local
// mail catcher with its link), the invited person accepts with their verified address and joins, the
// admin changes their role or removes them; expired, revoked and used invitations are gone; the last
// company admin stays; two acceptances at once join once; the shop's answer to a company is mailed to
// its verified company admins; and every change is in the audit log.

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { invitationToken } from '../../server/lib/invitation-token';
import { queueCompanyDecisionMails } from '../../server/repositories/mail-queue';
import { companyMessages, INVITATIONS_PER_DAY, type Invitation, type MyCompany, type PublicInvitation } from '../../src/contract/dealer-company';
import { mailsTo, startTestCatcher } from '../helpers/mail';
import { uniqueEmail, type TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

type Catcher = Awaited<ReturnType<typeof startTestCatcher>>;

async function arrived(catcher: Catcher, address: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = await mailsTo(catcher, address);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeEachDatabase('company members and invitations', (kind) => {
  let catcher: Catcher;
  beforeAll(async () => {
    catcher = await startTestCatcher();
  });
  afterAll(async () => {
    await catcher?.remove();
  });

  const {
    t,
    users: { rita, unverifiedAdmin, admin },
  } = useTestApp(kind, {
    config: () => ({
      mail: {
        smtpUrl: catcher.url,
        from: 'Forgeline Power Tools <dealers@forgeline.example>',
        catcher: null,
        intervalMs: 500,
        maxAttempts: 3,
        retryBaseMs: 60_000,
        retryMaxMs: 3_600_000,
      },
    }),
    users: {
      rita: { displayName: 'Rita Berger', verified: true },
      unverifiedAdmin: { displayName: 'Una Verified' },
      admin: { admin: true },
    },
  });

  const as = (user: TestUser | null) => user?.auth ?? {};
  const invite = (user: TestUser, email: string, role: 'buyer' | 'company_admin' = 'buyer') =>
    t.app.inject({ method: 'POST', url: '/api/company/invitations', headers: as(user), payload: { email, role } });
  const revoke = (user: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/company/invitations/${id}`, headers: as(user) });
  const lookup = (token: string) => t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
  const accept = (user: TestUser | null, token: string) => t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: as(user) });
  const patchMember = (user: TestUser, userId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/company/members/${userId}`, headers: as(user), payload });
  const removeMember = (user: TestUser, userId: string) => t.app.inject({ method: 'DELETE', url: `/api/company/members/${userId}`, headers: as(user) });
  const companyOf = async (user: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/company', headers: as(user) })).json() as MyCompany;
  const tokenOf = (invitationId: string) => invitationToken(t.config.accessTokenSecret, invitationId);
  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? null;
  const companyExists = async (id: string) =>
    ((await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from companies where id = ${id}::uuid`))[0]?.n ?? 0) > 0;
  const auditOf = (companyId: string, action: string) =>
    rowsOf<{ actor_email: string; actor_role: string; subject_id: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select actor_email, actor_role, subject_id, before, after from audit_log where company_id = ${companyId}::uuid and action = ${action} order by id`,
    );

  /** A fresh company admin of a company of their own, verified, with the company named. */
  async function companyAdmin(companyName: string): Promise<TestUser> {
    const user = await t.createUser({ displayName: companyName.split('’')[0] ?? companyName, verified: true });
    const res = await t.app.inject({ method: 'PATCH', url: '/api/company', headers: as(user), payload: { name: companyName } });
    expect(res.statusCode).toBe(200);
    return user;
  }

  /** Invites a fresh verified account into `owner`'s company and has it accept: the new member. */
  async function newMember(owner: TestUser, role: 'buyer' | 'company_admin' = 'buyer'): Promise<TestUser> {
    const member = await t.createUser({ verified: true });
    const sent = await invite(owner, member.email, role);
    expect(sent.statusCode).toBe(201);
    const joined = await accept(member, tokenOf((sent.json() as Invitation).id));
    expect(joined.statusCode).toBe(200);
    return member;
  }

  beforeAll(async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/company', headers: as(rita), payload: { name: 'Rita’s Tools' } });
    expect(res.statusCode).toBe(200);
  });

  it('mails an invitation with its link, lists it for the company admin and writes it to the audit log', async () => {
    const email = uniqueEmail('bob');
    const res = await invite(rita, email.toUpperCase());
    expect(res.statusCode).toBe(201);
    const invitation = res.json() as Invitation;
    expect(invitation).toMatchObject({ email, role: 'buyer', invitedBy: rita.email });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const [mail] = await arrived(catcher, email, 1);
    expect(mail?.subject).toBe('Rita’s Tools invites you to buy from Forgeline Power Tools');
    const token = tokenOf(invitation.id);
    expect(mail?.text).toContain(`http://shop.test/join/${token}`);
    expect(mail?.text).toContain(`Rita Berger (${rita.email}) invites you to join Rita’s Tools`);

    // Only the token's hash is kept.
    const [row] = await rowsOf<{ token_hash: string }>(t.database.db, sql`select token_hash from company_invitations where id = ${invitation.id}::uuid`);
    expect(row?.token_hash).not.toContain(token);
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/u);

    const mine = await companyOf(rita);
    expect(mine.invitations).toEqual([invitation]);
    const companyId = mine.company.id;
    const [entry] = await auditOf(companyId, 'invitation.sent');
    expect(entry).toMatchObject({ actor_email: rita.email, actor_role: 'company_admin', subject_id: invitation.id, after: { email, role: 'buyer' } });

    const shown = await lookup(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toEqual({ companyName: 'Rita’s Tools', role: 'buyer', email, expiresAt: invitation.expiresAt } satisfies PublicInvitation);
  });

  it('answers a link that names no invitation with 404', async () => {
    expect((await lookup('not-a-token')).statusCode).toBe(404);
    const res = await lookup(tokenOf('6f1c2d3e-0a1b-4c2d-8e3f-1234567890ab'));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(companyMessages.invitationUnknown);
  });

  it('lets only a verified company admin invite, refuses members, and revokes an open invitation to the same address when inviting again', async () => {
    const owner = await companyAdmin('Harbour Supplies');
    const buyer = await newMember(owner);
    const asBuyer = await invite(buyer, uniqueEmail('x'));
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().error.message).toBe(companyMessages.onlyCompanyAdminPeople);

    const unverified = await invite(unverifiedAdmin, uniqueEmail('x'));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.message).toBe(companyMessages.inviterUnverified);

    const member = await invite(owner, buyer.email);
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toBe(companyMessages.alreadyMember);

    const email = uniqueEmail('twice');
    const first = (await invite(owner, email)).json() as Invitation;
    const second = await invite(owner, email, 'company_admin');
    expect(second.statusCode).toBe(201);
    const firstGone = await lookup(tokenOf(first.id));
    expect(firstGone.statusCode).toBe(410);
    expect(firstGone.json().error.message).toBe(companyMessages.invitationRevoked);
    expect((await lookup(tokenOf((second.json() as Invitation).id))).json()).toMatchObject({ role: 'company_admin' });
    expect((await companyOf(owner)).invitations?.map((i) => i.email)).toEqual([email]);
    const revoked = await auditOf((await companyIdOf(owner)) ?? '', 'invitation.revoked');
    expect(revoked.map((e) => e.subject_id)).toEqual([first.id]);
  });

  it('sends at most so many invitations a day per company, with a clear 429', async () => {
    const owner = await companyAdmin('Busy Tools');
    const companyId = await companyIdOf(owner);
    await t.database.db.execute(sql`
      insert into company_invitations (company_id, email, role, token_hash, expires_at, revoked_at)
      select ${companyId}::uuid, 'x' || n || '@example.com', 'buyer', md5(random()::text) || n, now() + interval '7 days', now()
        from generate_series(1, ${INVITATIONS_PER_DAY}) n`);
    const res = await invite(owner, uniqueEmail('one-more'));
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(companyMessages.tooManyInvitations);
  });

  it('lets only the verified owner of the invited address accept, and joins them, deleting the company of one they leave', async () => {
    const owner = await companyAdmin('Mill Lane Tools');
    const email = uniqueEmail('carla');
    const invitation = (await invite(owner, email)).json() as Invitation;
    const token = tokenOf(invitation.id);

    expect((await accept(null, token)).statusCode).toBe(401);
    const stranger = await t.createUser({ verified: true });
    const wrong = await accept(stranger, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(companyMessages.invitationWrongAddress(email));

    const shopAdmin = await accept(admin, token);
    expect(shopAdmin.statusCode).toBe(403);
    expect(shopAdmin.json().error.message).toBe(companyMessages.adminsCannotJoin);

    const carla = await t.createUser({ email, displayName: 'Carla Cutter' });
    const unverified = await accept(carla, token);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.message).toBe(companyMessages.invitationUnverified(email));

    // Verified now, as following the verification link and signing in again records it.
    await t.database.db.execute(sql`update users set email_verified = true where id = ${carla.id}::uuid`);
    const verified = carla;
    const ownCompany = await companyIdOf(verified);
    const joined = await accept(verified, token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ company: { name: 'Mill Lane Tools' }, role: 'buyer' });
    const companyId = await companyIdOf(owner);
    expect(await companyIdOf(verified)).toBe(companyId);
    expect(await companyExists(ownCompany ?? '')).toBe(false);

    const seen = await companyOf(verified);
    expect(seen.role).toBe('buyer');
    expect(seen.members).toBeUndefined();
    expect(seen.invitations).toBeUndefined();
    expect((await companyOf(owner)).members?.map((m) => m.email)).toEqual([owner.email, email]);
    expect((await companyOf(owner)).invitations).toEqual([]);

    const again = await accept(verified, token);
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe(companyMessages.invitationAccepted);
    const [entry] = await auditOf(companyId ?? '', 'member.joined');
    expect(entry).toMatchObject({ actor_email: email, actor_role: 'buyer', subject_id: verified.id, after: { role: 'buyer', invitationId: invitation.id } });
  });

  it('refuses to take a member away from a company with other members', async () => {
    const first = await companyAdmin('First Tools');
    const buyer = await newMember(first);
    const second = await companyAdmin('Second Tools');
    const invitation = (await invite(second, buyer.email)).json() as Invitation;
    const res = await accept(buyer, tokenOf(invitation.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(companyMessages.alreadyBuysFor('First Tools'));
    expect(await companyIdOf(buyer)).toBe(await companyIdOf(first));
  });

  it('answers an expired invitation and a revoked one with 410, and revokes only its own company’s', async () => {
    const owner = await companyAdmin('Expiry Tools');
    const expired = (await invite(owner, uniqueEmail('late'))).json() as Invitation;
    await t.database.db.execute(sql`update company_invitations set expires_at = now() - interval '1 minute' where id = ${expired.id}::uuid`);
    const late = await lookup(tokenOf(expired.id));
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(companyMessages.invitationExpired);
    const lateUser = await t.createUser({ email: expired.email, verified: true });
    expect((await accept(lateUser, tokenOf(expired.id))).statusCode).toBe(410);
    expect((await companyOf(owner)).invitations).toEqual([]);

    const open = (await invite(owner, uniqueEmail('withdrawn'))).json() as Invitation;
    const other = await companyAdmin('Other Tools');
    expect((await revoke(other, open.id)).statusCode).toBe(404);
    const res = await revoke(owner, open.id);
    expect(res.statusCode).toBe(200);
    expect((await revoke(owner, open.id)).statusCode).toBe(404);
    const gone = await lookup(tokenOf(open.id));
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.message).toBe(companyMessages.invitationRevoked);
    const entries = await auditOf((await companyIdOf(owner)) ?? '', 'invitation.revoked');
    expect(entries.map((e) => e.subject_id)).toEqual([open.id]);
  });

  it('joins once when the same invitation is accepted twice at the same moment', async () => {
    const owner = await companyAdmin('Race Tools');
    const racer = await t.createUser({ verified: true });
    const invitation = (await invite(owner, racer.email)).json() as Invitation;
    const token = tokenOf(invitation.id);
    const answers = await Promise.all([accept(racer, token), accept(racer, token), accept(racer, token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410]);
    expect((await companyOf(owner)).members?.map((m) => m.email)).toEqual([owner.email, racer.email]);
    expect(await auditOf((await companyIdOf(owner)) ?? '', 'member.joined')).toHaveLength(1);
  });

  it('changes a member’s role and what they see, keeps the last company admin, and writes each change to the audit log', async () => {
    const owner = await companyAdmin('Role Tools');
    const buyer = await newMember(owner);
    const companyId = (await companyIdOf(owner)) ?? '';

    const seeAll = await patchMember(owner, buyer.id, { canSeeAllOrders: true });
    expect(seeAll.statusCode).toBe(200);
    expect(seeAll.json()).toMatchObject({ userId: buyer.id, role: 'buyer', canSeeAllOrders: true });

    const asBuyer = await patchMember(buyer, owner.id, { role: 'buyer' });
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().error.message).toBe(companyMessages.onlyCompanyAdminPeople);

    const last = await patchMember(owner, owner.id, { role: 'buyer' });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(companyMessages.lastAdmin);
    const lastRemoved = await removeMember(owner, owner.id);
    expect(lastRemoved.statusCode).toBe(409);

    expect((await patchMember(owner, buyer.id, { role: 'owner' })).statusCode).toBe(400);
    const other = await companyAdmin('Elsewhere Tools');
    expect((await patchMember(other, buyer.id, { role: 'buyer' })).statusCode).toBe(404);
    expect((await removeMember(other, buyer.id)).statusCode).toBe(404);
    expect((await patchMember(owner, 'not-an-id', { role: 'buyer' })).statusCode).toBe(404);

    const promoted = await patchMember(owner, buyer.id, { role: 'company_admin' });
    expect(promoted.statusCode).toBe(200);
    // Two company admins now: the owner may step down.
    expect((await patchMember(owner, owner.id, { role: 'buyer' })).statusCode).toBe(200);
    expect((await patchMember(buyer, owner.id, { role: 'company_admin' })).statusCode).toBe(200);

    const entries = await auditOf(companyId, 'member.role_changed');
    expect(entries[0]).toMatchObject({
      actor_email: owner.email,
      subject_id: buyer.id,
      before: { role: 'buyer', canSeeAllOrders: false },
      after: { role: 'buyer', canSeeAllOrders: true },
    });
    expect(entries).toHaveLength(4);
  });

  it('removes a member, who gets an approved company of one of their own', async () => {
    const owner = await companyAdmin('Remove Tools');
    const buyer = await newMember(owner);
    const companyId = (await companyIdOf(owner)) ?? '';
    const res = await removeMember(owner, buyer.id);
    expect(res.statusCode).toBe(200);
    expect((await companyOf(owner)).members?.map((m) => m.email)).toEqual([owner.email]);
    const own = await companyOf(buyer);
    expect(own).toMatchObject({ role: 'company_admin', company: { status: 'approved' } });
    expect(own.company.id).not.toBe(companyId);
    expect(own.company.name).toBe(buyer.displayName || buyer.email);
    const [entry] = await auditOf(companyId, 'member.removed');
    expect(entry).toMatchObject({
      actor_email: owner.email,
      subject_id: buyer.id,
      before: { email: buyer.email, role: 'buyer' },
      after: { ownCompanyId: own.company.id, ownCompanyStatus: 'approved' },
    });
  });

  it('gives a removed member a company that applies, when the shop asks new customers to apply', async () => {
    const owner = await companyAdmin('Strict Tools');
    const buyer = await newMember(owner);
    await t.database.db.execute(sql`update shop_settings set new_customers = 'apply_and_wait'`);
    try {
      expect((await removeMember(owner, buyer.id)).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`update shop_settings set new_customers = 'order_at_once'`);
    }
    expect(await companyOf(buyer)).toMatchObject({ role: 'company_admin', company: { status: 'applied' } });
  });

  it('writes changes to the company and its locations to the audit log with what they were before', async () => {
    const owner = await companyAdmin('Audit Tools');
    const companyId = (await companyIdOf(owner)) ?? '';
    const [renamed] = await auditOf(companyId, 'company.updated');
    expect(renamed).toMatchObject({ actor_role: 'company_admin', before: { name: expect.any(String) }, after: { name: 'Audit Tools' } });

    const place = { name: 'Leeds branch', address: '12 Harbour Road, Leeds', phone: '+44 113 496 0000', contactName: 'Dana Dealer' };
    const first = (await t.app.inject({ method: 'POST', url: '/api/company/locations', headers: as(owner), payload: place })).json() as { id: string };
    const second = (
      await t.app.inject({ method: 'POST', url: '/api/company/locations', headers: as(owner), payload: { ...place, name: 'Mill depot' } })
    ).json() as {
      id: string;
    };
    await t.app.inject({ method: 'PATCH', url: `/api/company/locations/${second.id}`, headers: as(owner), payload: { contactName: 'Sam Stores' } });
    await t.app.inject({ method: 'POST', url: `/api/company/locations/${second.id}/default`, headers: as(owner) });
    await t.app.inject({ method: 'DELETE', url: `/api/company/locations/${first.id}`, headers: as(owner) });

    expect((await auditOf(companyId, 'location.added')).map((e) => e.subject_id)).toEqual([first.id, second.id]);
    expect((await auditOf(companyId, 'location.changed'))[0]).toMatchObject({ before: { contactName: 'Dana Dealer' }, after: { contactName: 'Sam Stores' } });
    expect((await auditOf(companyId, 'location.made_default'))[0]).toMatchObject({
      before: { defaultLocationId: first.id },
      after: { defaultLocationId: second.id },
    });
    expect((await auditOf(companyId, 'location.deleted'))[0]).toMatchObject({ subject_id: first.id, before: { name: 'Leeds branch' } });
  });

  describe('the shop’s answer to a company', () => {
    it('is mailed to each verified company admin, with the reason of a rejection, and to no unverified one', async () => {
      const owner = await companyAdmin('Answer Tools');
      const second = await newMember(owner, 'company_admin');
      const companyId = (await companyIdOf(owner)) ?? '';
      await t.database.db.execute(sql`update users set email_verified = false where id = ${second.id}::uuid`);
      await t.database.db.execute(
        sql`update companies set status = 'rejected', status_reason = 'We sell to registered dealers only.' where id = ${companyId}::uuid`,
      );
      await queueCompanyDecisionMails(t.database.db, companyId, 'company_rejected');
      const [mail] = await arrived(catcher, owner.email, 1);
      expect(mail?.subject).toBe('Your application for Answer Tools');
      expect(mail?.text).toContain('Our reason: We sell to registered dealers only.');

      await t.database.db.execute(sql`update companies set status = 'approved', status_reason = null where id = ${companyId}::uuid`);
      await queueCompanyDecisionMails(t.database.db, companyId, 'company_approved');
      const mails = await arrived(catcher, owner.email, 2);
      expect(mails[1]?.subject).toBe('Answer Tools is approved: you can order now');
      // The second admin may have had the invitation that made them a member (the queue can send it in the moment
      // before it is accepted); of the shop's answers, they had none.
      const answerSubjects = ['Your application for Answer Tools', 'Answer Tools is approved: you can order now'];
      const answers = (await mailsTo(catcher, second.email)).filter((caught) => answerSubjects.includes(caught.subject));
      expect(answers).toEqual([]);
    });
  });
});
