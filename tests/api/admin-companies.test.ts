// The Companies page's API (admins): the list with applications first, search and paging, one company's
// details, and the decisions (approve, reject, suspend, reinstate): valid moves only, a reason for a
// rejection or a suspension, and an audit entry for each, written with the change.

import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { companyAdminMessages, type AdminCompany, type AdminCompanyDetail, type AdminCompanyPage } from '../../src/contract/company-admin';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('admin companies', (kind) => {
  const {
    t,
    users: { admin, dana },
  } = useTestApp(kind, { users: { admin: { admin: true }, dana: { displayName: 'Dana Dealer' } } });

  const as = (user: TestUser | null) => user?.auth ?? {};
  const get = (url: string, user: TestUser | null = admin) => t.app.inject({ url, headers: as(user) });
  const post = (url: string, payload?: Record<string, unknown>, user: TestUser | null = admin) =>
    t.app.inject({ method: 'POST', url, headers: as(user), ...(payload ? { payload } : {}) });
  const setNewCustomers = async (newCustomers: string) =>
    expect((await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: admin.auth, payload: { newCustomers } })).statusCode).toBe(200);

  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';

  /** A new dealer whose company applied, made while the shop asks new customers to apply. */
  async function applicant(displayName: string, verified = false): Promise<{ user: TestUser; companyId: string }> {
    await setNewCustomers('apply_and_wait');
    try {
      const user = await t.createUser({ displayName, verified });
      return { user, companyId: await companyIdOf(user) };
    } finally {
      await setNewCustomers('order_at_once');
    }
  }

  const mailsOf = async (companyId: string) =>
    rowsOf<{ kind: string; recipient: string }>(
      t.database.db,
      sql`select kind, recipient from mail_queue where company_id = ${companyId}::uuid order by created_at, kind`,
    );

  const auditOf = async (companyId: string) =>
    rowsOf<{ action: string; actor_email: string; actor_role: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, actor_email, actor_role, before, after from audit_log where company_id = ${companyId}::uuid order by id`,
    );

  it('lists applications first, searches by name or member e-mail, filters by status and pages', async () => {
    const mark = `Acme${Date.now().toString(36)}`;
    const first = await applicant(`${mark} First`);
    const second = await applicant(`${mark} Second`);

    const all = (await get('/api/admin/companies')).json() as AdminCompanyPage;
    expect(all.appliedCount).toBeGreaterThanOrEqual(2);
    // Every application comes before every other company, the one waiting longest first.
    const statuses = all.items.map((c) => c.status);
    expect(statuses.slice(0, all.appliedCount).every((s) => s === 'applied')).toBe(true);
    const applied = all.items.filter((c) => c.status === 'applied').map((c) => c.id);
    expect(applied.indexOf(first.companyId)).toBeLessThan(applied.indexOf(second.companyId));

    const found = (await get(`/api/admin/companies?search=${mark.toLowerCase()}`)).json() as AdminCompanyPage;
    expect(found.items.map((c) => c.name)).toEqual([`${mark} First`, `${mark} Second`]);
    expect(found.items[0]).toMatchObject({
      status: 'applied',
      memberCount: 1,
      adminEmail: first.user.email,
      statusReason: null,
      decidedAt: null,
      country: 'US',
    });

    const byEmail = (await get(`/api/admin/companies?search=${encodeURIComponent(dana.email.toUpperCase())}`)).json() as AdminCompanyPage;
    expect(byEmail.items.map((c) => c.adminEmail)).toEqual([dana.email]);

    const approvedOnly = (await get('/api/admin/companies?status=approved&pageSize=100')).json() as AdminCompanyPage;
    expect(approvedOnly.items.every((c) => c.status === 'approved')).toBe(true);
    expect(approvedOnly.items.map((c) => c.adminEmail)).toContain(dana.email);

    const paged = (await get(`/api/admin/companies?search=${mark}&page=2&pageSize=1`)).json() as AdminCompanyPage;
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((c) => c.id)).toEqual([second.companyId]);
    // "%" is a percent sign, not "anything".
    expect(((await get('/api/admin/companies?search=%25')).json() as AdminCompanyPage).total).toBe(0);
  });

  it('refuses bad queries with a message naming the parameter', async () => {
    for (const [query, message] of [
      ['status=pending', 'status must be one of applied, approved, rejected, suspended'],
      ['page=0', 'page must be at least 1'],
      ['pageSize=101', 'pageSize must be at most 100'],
      [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
    ] as const) {
      const res = await get(`/api/admin/companies?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_data', message: expect.stringContaining(message) } });
    }
  });

  it('shows one company with its members, locations and open invitations', async () => {
    const companyId = await companyIdOf(dana);
    await t.app.inject({
      method: 'POST',
      url: '/api/company/locations',
      headers: dana.auth,
      payload: { name: 'Leeds branch', address: '12 Harbour Road, Leeds', phone: '+44 113 496 0000', contactName: 'Dana Dealer' },
    });
    const res = await get(`/api/admin/companies/${companyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const detail = res.json() as AdminCompanyDetail;
    expect(detail.company).toMatchObject({ id: companyId, name: 'Dana Dealer', status: 'approved', memberCount: 1 });
    expect(detail.members).toEqual([{ userId: dana.id, email: dana.email, name: 'Dana Dealer', role: 'company_admin' }]);
    expect(detail.locations.map((l) => [l.name, l.isDefault])).toEqual([['Leeds branch', true]]);
    expect(detail.openInvitations).toBe(0);

    expect((await get('/api/admin/companies/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/companies/not-an-id')).statusCode).toBe(404);
  });

  it('approves an application, and writes who did it, before and after, to the audit log', async () => {
    const { companyId } = await applicant('Approvable Tools');
    const res = await post(`/api/admin/companies/${companyId}/approve`);
    expect(res.statusCode).toBe(200);
    const company = res.json() as AdminCompany;
    expect(company).toMatchObject({ id: companyId, status: 'approved', statusReason: null });
    expect(company.decidedAt).not.toBeNull();

    const entries = await auditOf(companyId);
    expect(entries.map((e) => e.action)).toEqual(['company.applied', 'company.approved']);
    // The company admin's address is not verified: the shop writes only to verified addresses.
    expect(await mailsOf(companyId)).toEqual([]);
    expect(entries[1]).toMatchObject({
      actor_email: admin.email,
      actor_role: 'admin',
      before: { status: 'applied', statusReason: null },
      after: { status: 'approved', statusReason: null },
    });

    // Approving twice is not a move the company can make: nothing changes, nothing is logged.
    const again = await post(`/api/admin/companies/${companyId}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict', message: companyAdminMessages.notApplied } });
    expect(await auditOf(companyId)).toHaveLength(2);
  });

  it('rejects with a reason, which it requires, and may approve a rejected company after all', async () => {
    const { user, companyId } = await applicant('Doubtful Supplies', true);
    expect((await post(`/api/admin/companies/${companyId}/reject`)).statusCode).toBe(400);
    expect((await post(`/api/admin/companies/${companyId}/reject`, {})).json()).toMatchObject({ error: { message: 'reason: This field is required' } });
    const blank = await post(`/api/admin/companies/${companyId}/reject`, { reason: '   ' });
    expect(blank.json()).toMatchObject({ error: { code: 'invalid_data', message: `reason: ${companyAdminMessages.reasonRequired}` } });
    expect((await post(`/api/admin/companies/${companyId}/reject`, { reason: 'x', extra: 1 })).statusCode).toBe(400);

    const rejected = await post(`/api/admin/companies/${companyId}/reject`, { reason: '  We could not confirm your VAT number.  ' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', statusReason: 'We could not confirm your VAT number.' });
    expect((await post(`/api/admin/companies/${companyId}/suspend`, { reason: 'no' })).statusCode).toBe(409);
    expect((await post(`/api/admin/companies/${companyId}/reinstate`)).statusCode).toBe(409);

    expect(await mailsOf(companyId)).toEqual([{ kind: 'company_rejected', recipient: user.email }]);

    const approved = await post(`/api/admin/companies/${companyId}/approve`);
    expect(approved.json()).toMatchObject({ status: 'approved', statusReason: null });
    expect((await mailsOf(companyId)).map((mail) => mail.kind).sort()).toEqual(['company_approved', 'company_rejected']);
    expect((await auditOf(companyId)).map((e) => [e.action, e.after])).toEqual([
      ['company.applied', { status: 'applied' }],
      ['company.rejected', { status: 'rejected', statusReason: 'We could not confirm your VAT number.' }],
      ['company.approved', { status: 'approved', statusReason: null }],
    ]);
  });

  it('suspends an approved company with a reason and reinstates it', async () => {
    const { companyId } = await applicant('Pausable Parts', true);
    expect((await post(`/api/admin/companies/${companyId}/suspend`, { reason: 'Unpaid invoices' })).json()).toMatchObject({
      error: { message: companyAdminMessages.notApproved },
    });
    expect((await post(`/api/admin/companies/${companyId}/reinstate`)).json()).toMatchObject({ error: { message: companyAdminMessages.notSuspended } });
    await post(`/api/admin/companies/${companyId}/approve`);

    expect((await post(`/api/admin/companies/${companyId}/suspend`, { reason: '' })).statusCode).toBe(400);
    const suspended = await post(`/api/admin/companies/${companyId}/suspend`, { reason: 'Unpaid invoices' });
    expect(suspended.json()).toMatchObject({ status: 'suspended', statusReason: 'Unpaid invoices' });
    expect((await post(`/api/admin/companies/${companyId}/reject`, { reason: 'x' })).statusCode).toBe(409);
    const reinstated = await post(`/api/admin/companies/${companyId}/reinstate`);
    expect(reinstated.json()).toMatchObject({ status: 'approved', statusReason: null });
    expect((await auditOf(companyId)).map((e) => e.action)).toEqual(['company.applied', 'company.approved', 'company.suspended', 'company.reinstated']);
    // Only the approval wrote: a suspension and a reinstatement have no mail.
    expect((await mailsOf(companyId)).map((mail) => mail.kind)).toEqual(['company_approved']);
    expect((await auditOf(companyId))[2]).toMatchObject({
      before: { status: 'approved', statusReason: null },
      after: { status: 'suspended', statusReason: 'Unpaid invoices' },
    });

    expect((await post('/api/admin/companies/00000000-0000-4000-8000-000000000000/approve')).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const companyId = await companyIdOf(dana);
    const calls = [
      () => get('/api/admin/companies', dana),
      () => get(`/api/admin/companies/${companyId}`, dana),
      () => post(`/api/admin/companies/${companyId}/approve`, undefined, dana),
      () => post(`/api/admin/companies/${companyId}/reject`, { reason: 'x' }, dana),
      () => post(`/api/admin/companies/${companyId}/suspend`, { reason: 'x' }, dana),
      () => post(`/api/admin/companies/${companyId}/reinstate`, undefined, dana),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    expect((await get('/api/admin/companies', null)).statusCode).toBe(401);
    expect((await post(`/api/admin/companies/${companyId}/suspend`, { reason: 'x' }, null)).statusCode).toBe(401);
    expect((await get(`/api/admin/companies/${companyId}`)).json()).toMatchObject({ company: { status: 'approved' } });
  });
});
