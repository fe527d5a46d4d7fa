// The shop's setting for new customers and the audit log (admins): the setting, what it does to the next
// account made, its entry in the log, and the log read newest first with its filters and pages.

import { expect, it } from 'vitest';
import { recordAudit } from '../../server/repositories/audit-log';
import { AUDIT_PAGE_SIZE, type AuditPage, type ShopSettings } from '../../src/contract/company-admin';
import type { ClientConfig } from '../../src/contract/config';
import type { MyCompany } from '../../src/contract/dealer-company';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('shop settings and audit log', (kind) => {
  const {
    t,
    users: { admin, dana },
  } = useTestApp(kind, { users: { admin: { admin: true }, dana: { displayName: 'Dana Dealer' } } });

  const as = (user: TestUser | null) => user?.auth ?? {};
  const getSettings = (user: TestUser | null = admin) => t.app.inject({ url: '/api/admin/settings', headers: as(user) });
  const patchSettings = (payload: unknown, user: TestUser | null = admin) =>
    t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: as(user), payload: payload as Record<string, unknown> });
  const audit = async (query = '') => {
    const res = await t.app.inject({ url: `/api/admin/audit${query}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditPage;
  };
  const config = async () => (await t.app.inject({ url: '/api/config' })).json() as ClientConfig;

  it('keeps the spec’s behaviour by default: new customers order at once', async () => {
    const res = await getSettings();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ newCustomers: 'order_at_once' });
    expect((await config()).newCustomers).toBe('order_at_once');
    expect(((await (await t.app.inject({ url: '/api/company', headers: dana.auth })).json()) as MyCompany).company.status).toBe('approved');
  });

  it('changes the setting, logs who changed it from what to what, and the next account applies', async () => {
    const res = await patchSettings({ newCustomers: 'apply_and_wait' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ newCustomers: 'apply_and_wait' } satisfies ShopSettings);
    expect((await getSettings()).json()).toEqual({ newCustomers: 'apply_and_wait' });
    expect((await config()).newCustomers).toBe('apply_and_wait');

    const logged = await audit('?action=setting.changed');
    expect(logged.items[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      actorRole: 'admin',
      subjectType: 'setting',
      subjectId: 'newCustomers',
      companyId: null,
      companyName: null,
      before: { newCustomers: 'order_at_once' },
      after: { newCustomers: 'apply_and_wait' },
    });
    // Setting it to what it is changes nothing and logs nothing.
    await patchSettings({ newCustomers: 'apply_and_wait' });
    expect((await audit('?action=setting.changed')).items).toHaveLength(logged.items.length);

    const newcomer = await t.createUser({ displayName: 'Nina Newcomer' });
    const company = ((await (await t.app.inject({ url: '/api/company', headers: newcomer.auth })).json()) as MyCompany).company;
    expect(company).toMatchObject({ name: 'Nina Newcomer', status: 'applied' });
    // The applicant gives its company's details as its company admin.
    const details = await t.app.inject({
      method: 'PATCH',
      url: '/api/company',
      headers: newcomer.auth,
      payload: { name: 'Newcomer Tools Ltd', country: 'gb', taxNumber: 'GB123456789' },
    });
    expect(details.json()).toMatchObject({ name: 'Newcomer Tools Ltd', country: 'GB', taxNumber: 'GB123456789', status: 'applied' });
    const applied = await audit(`?companyId=${company.id}&action=company.applied`);
    expect(applied.items).toHaveLength(1);
    expect(applied.items[0]).toMatchObject({
      action: 'company.applied',
      actorEmail: newcomer.email,
      actorRole: 'company_admin',
      companyName: 'Newcomer Tools Ltd',
    });

    // A later sign-in of an older account changes nothing about its company.
    await t.app.inject({ method: 'PUT', url: `/api/user/${dana.email}`, headers: { authorization: `Bearer ${dana.idToken}` } });
    expect(((await (await t.app.inject({ url: '/api/company', headers: dana.auth })).json()) as MyCompany).company.status).toBe('approved');

    await patchSettings({ newCustomers: 'order_at_once' });
    const later = await t.createUser({ displayName: 'Otto Ordersoon' });
    expect(((await (await t.app.inject({ url: '/api/company', headers: later.auth })).json()) as MyCompany).company.status).toBe('approved');
  });

  it('refuses a setting it does not know, and anyone but an admin', async () => {
    for (const payload of [{ newCustomers: 'sometimes' }, {}, { newCustomers: 'order_at_once', extra: true }]) {
      const res = await patchSettings(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await patchSettings({ newCustomers: 'sometimes' })).json()).toMatchObject({
      error: { message: 'newCustomers: Choose whether new customers order at once or apply and wait for approval' },
    });
    expect((await getSettings(dana)).statusCode).toBe(403);
    expect((await patchSettings({ newCustomers: 'apply_and_wait' }, dana)).statusCode).toBe(403);
    expect((await getSettings(null)).statusCode).toBe(401);
    expect((await patchSettings({ newCustomers: 'apply_and_wait' }, null)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/audit', headers: dana.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
    expect((await getSettings()).json()).toEqual({ newCustomers: 'order_at_once' });
  });

  it('pages newest first without losing or repeating an entry, even many written at the same moment', async () => {
    const companyId = '11111111-1111-4111-8111-111111111111';
    const count = AUDIT_PAGE_SIZE * 2 + 7;
    // One transaction: every entry has the same time, so the pages are told apart by id alone.
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i += 1) {
        await recordAudit(
          tx,
          { id: admin.id, email: admin.email, role: 'admin' },
          { action: 'company.noted', subjectType: 'company', subjectId: String(i), companyId },
        );
      }
    });
    const seen: string[] = [];
    let next: number | null = null;
    let pages = 0;
    do {
      const page: AuditPage = await audit(`?companyId=${companyId}${next === null ? '' : `&before=${next}`}`);
      seen.push(...page.items.map((item) => item.subjectId ?? ''));
      next = page.next;
      pages += 1;
    } while (next !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => String(count - 1 - i)));
  });

  it('filters by actor (e-mail or id), action and time', async () => {
    const mine = await audit(`?actor=${encodeURIComponent(admin.email.toUpperCase())}`);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((item) => item.actorEmail === admin.email)).toBe(true);
    expect((await audit(`?actor=${admin.id}`)).items.map((item) => item.id)).toEqual(mine.items.map((item) => item.id));
    expect((await audit('?actor=nobody@example.com')).items).toEqual([]);

    const newest = mine.items[0];
    if (!newest) throw new Error('no entry');
    const at = new Date(newest.at);
    const inWindow = await audit(`?from=${new Date(at.getTime() - 1000).toISOString()}&to=${new Date(at.getTime() + 1000).toISOString()}`);
    expect(inWindow.items.map((item) => item.id)).toContain(newest.id);
    expect((await audit(`?to=${new Date(at.getTime() - 60_000).toISOString()}&action=company.noted`)).items).toEqual([]);
    expect((await audit('?from=2000-01-01&action=setting.changed')).items.every((item) => item.action === 'setting.changed')).toBe(true);

    for (const query of ['from=yesterday', 'companyId=acme', 'before=-1', `action=${'x'.repeat(201)}`]) {
      expect((await t.app.inject({ url: `/api/admin/audit?${query}`, headers: admin.auth })).statusCode, query).toBe(400);
    }
  });

  it('has no route that changes or deletes an entry', () => {
    const auditRoutes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/admin/audit'));
    expect(auditRoutes.map((route) => route.method).sort()).toEqual(['GET', 'HEAD']);
  });
});
