// GET /api/reviews/all (admins): every review, hidden ones too, a page at a time, for Manage Reviews;
// hiding one takes it out of the public list and showing it puts it back.

import { expect, it } from 'vitest';
import type { AdminReviewPage, Review } from '../../src/contract/review';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('managing reviews', (kind) => {
  const {
    t,
    users: { admin, dealer },
  } = useTestApp(kind, { users: { admin: { admin: true }, dealer: { displayName: 'Moderated Dealer' } } });

  const post = async (review: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reviews', headers: dealer.auth, payload: { review, rating: 4 } });
    expect(res.statusCode).toBe(201);
    return (res.json() as { insertedId: string }).insertedId;
  };
  const all = async (query = '') => {
    const res = await t.app.inject({ url: `/api/reviews/all${query}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as AdminReviewPage;
  };
  const publicIds = async () => ((await t.app.inject('/api/reviews')).json() as Review[]).map((r) => r._id);

  it('lists hidden and visible reviews newest first with the e-mail and the hidden flag, a page at a time', async () => {
    const older = await post('The first review of the moderated dealer, all fine.');
    const newer = await post('The second review of the moderated dealer, rude words.');
    const hide = await t.app.inject({ method: 'PATCH', url: `/api/reviews/${newer}`, headers: admin.auth, payload: { hidden: true } });
    expect(hide.statusCode).toBe(200);

    const page = await all('?page=1&pageSize=2');
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items).toEqual([
      {
        _id: newer,
        review: 'The second review of the moderated dealer, rude words.',
        rating: '4',
        userName: 'Moderated Dealer',
        userEmail: dealer.email,
        hidden: true,
        createdAt: expect.any(String),
      },
      {
        _id: older,
        review: 'The first review of the moderated dealer, all fine.',
        rating: '4',
        userName: 'Moderated Dealer',
        userEmail: dealer.email,
        hidden: false,
        createdAt: expect.any(String),
      },
    ]);
    // The public list has the visible one only; showing it again brings it back.
    expect(await publicIds()).toContain(older);
    expect(await publicIds()).not.toContain(newer);
    await t.app.inject({ method: 'PATCH', url: `/api/reviews/${newer}`, headers: admin.auth, payload: { hidden: false } });
    expect(await publicIds()).toContain(newer);
    expect((await all()).items.find((r) => r._id === newer)?.hidden).toBe(false);

    // Deleted: gone from both lists, and the total shrinks.
    const before = (await all()).total;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${older}`, headers: admin.auth })).json()).toEqual({ deletedCount: 1 });
    const after = await all();
    expect(after.total).toBe(before - 1);
    expect(after.items.map((r) => r._id)).not.toContain(older);
    expect((await all(`?page=${after.total + 1}&pageSize=1`)).items).toEqual([]);
  });

  it('refuses bad paging with a message naming the parameter', async () => {
    for (const [query, message] of [
      ['page=0', 'page must be at least 1'],
      ['pageSize=1000', 'pageSize must be at most 100'],
      ['page=1.5', 'page must be a whole number'],
    ] as const) {
      const res = await t.app.inject({ url: `/api/reviews/all?${query}`, headers: admin.auth });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_data', message: expect.stringContaining(message) } });
    }
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/reviews/all', headers: dealer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/reviews/all' })).statusCode).toBe(401);
  });
});
