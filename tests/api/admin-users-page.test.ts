// GET /api/users with page, pageSize or q (admins): a page of accounts searched by e-mail, like GET /orders.
// Without them the answer stays the spec's bare array.

import { expect, it } from 'vitest';
import type { UserPage, UserRow } from '../../src/contract/user';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('users page and search', (kind) => {
  const {
    t,
    users: { admin, customer },
  } = useTestApp(kind, { users: { admin: { admin: true }, customer: {} } });

  const get = (url: string, headers: Record<string, string> = admin.auth) => t.app.inject({ url, headers });

  it('keeps the plain list as the spec has it, and pages with {items, total, page, pageSize} when asked', async () => {
    const plain = await get('/api/users');
    expect(plain.statusCode).toBe(200);
    expect(Array.isArray(plain.json())).toBe(true);
    expect(plain.headers['cache-control']).toBe('no-store');

    const everyone = plain.json() as UserRow[];
    const first = await get('/api/users?page=1&pageSize=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page = first.json() as UserPage;
    // Each row is the plain list's, and says whether the account is trusted to hold stock (decision 027).
    expect(page).toEqual({ items: [{ ...everyone[0], trusted: expect.any(Boolean) }], total: everyone.length, page: 1, pageSize: 1 });
    // The pages follow the plain list's order (oldest first), one account each, none twice.
    const seen: string[] = [];
    for (let n = 1; n <= everyone.length; n += 1) seen.push(...((await get(`/api/users?page=${n}&pageSize=1`)).json() as UserPage).items.map((u) => u._id));
    expect(seen).toEqual(everyone.map((u) => u._id));
    // Defaults: page 1 of 20; past the end, no items and the real total.
    expect((await get('/api/users?page=1')).json()).toMatchObject({ page: 1, pageSize: 20, total: everyone.length });
    expect((await get('/api/users?page=999')).json()).toEqual({ items: [], total: everyone.length, page: 999, pageSize: 20 });
  });

  it('searches any part of the e-mail, ignoring case, with % and _ taken literally', async () => {
    const mark = `srch${Date.now().toString(36)}`;
    const made = [];
    for (const name of ['alpha', 'beta', 'gamma']) made.push(await t.createUser({ email: `${name}.${mark}@works.example.com` }));
    const underscore = await t.createUser({ email: `under_${mark}@works.example.com` });

    const found = (await get(`/api/users?q=${mark.toUpperCase()}`)).json() as UserPage;
    expect(found.total).toBe(4);
    expect(found.items.map((u) => u.email).sort()).toEqual([...made.map((u) => u.email), underscore.email].sort());
    expect(found.items.every((u) => u.role === 'customer')).toBe(true);

    const paged = (await get(`/api/users?q=${mark}&page=2&pageSize=3`)).json() as UserPage;
    expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.items).toHaveLength(1);

    expect(((await get(`/api/users?q=beta.${mark}`)).json() as UserPage).items.map((u) => u.email)).toEqual([made[1]?.email]);
    // "_" would match any one character in LIKE; here it matches only an underscore.
    expect(((await get(`/api/users?q=r_${mark}`)).json() as UserPage).items.map((u) => u.email)).toEqual([underscore.email]);
    expect(((await get(`/api/users?q=a%25${mark}`)).json() as UserPage).total).toBe(0);
    // Blank after trimming: every user.
    expect(((await get('/api/users?q=%20%20')).json() as UserPage).total).toBe(((await get('/api/users')).json() as UserRow[]).length);
  });

  it('refuses bad paging and an overlong search with a message naming the parameter', async () => {
    for (const [query, message] of [
      ['page=0', 'page must be at least 1'],
      ['page=abc', 'page must be a whole number'],
      ['pageSize=101', 'pageSize must be at most 100'],
      [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
    ] as const) {
      const res = await get(`/api/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_data', message: expect.stringContaining(message) } });
    }
  });

  it('is for admins only, paged or not', async () => {
    for (const url of ['/api/users', '/api/users?page=1', '/api/users?q=a']) {
      expect((await get(url, customer.auth)).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
