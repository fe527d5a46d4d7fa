// POST /api/reviews: the reviewer is the signed-in customer, the text is bounded, the rating is 1 to 5.

import { expect, it } from 'vitest';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('posting reviews', (kind) => {
  const {
    t,
    users: { dealer, admin },
  } = useTestApp(kind, { users: { dealer: { displayName: 'Rita Reviewer' }, admin: { admin: true } } });

  const post = (payload: unknown, user: TestUser | null = dealer) =>
    t.app.inject({ method: 'POST', url: '/api/reviews', ...(user ? { headers: user.auth } : {}), payload: payload as Record<string, unknown> });
  const reviews = async () => (await t.app.inject('/api/reviews')).json() as { _id: string; review: string; rating: string; userName: string }[];

  it('stores the review under the signed-in user and lists it first, with the rating as a string and no e-mail', async () => {
    const text = 'The SDS drills arrived in two days and every one works.';
    const res = await post({ review: `  ${text}  `, rating: 4 });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json() as { insertedId: string };
    const list = await reviews();
    expect(list[0]).toEqual({ _id: insertedId, review: text, rating: '4', userName: 'Rita Reviewer', createdAt: expect.any(String) });
    expect(JSON.stringify(list)).not.toContain(dealer.email);
  });

  it('never publishes the e-mail: an account without a name is shown as a Forgeline dealer', async () => {
    const nameless = await t.createUser({ displayName: '' });
    await post({ review: 'Solid chop saws, fair bulk prices, quick replies.', rating: 5 }, nameless);
    expect((await reviews())[0]?.userName).toBe('A Forgeline dealer');
  });

  it('refuses a name, an e-mail or any other field in the body', async () => {
    for (const extra of [{ userName: 'Someone Famous' }, { userEmail: 'ceo@example.com' }, { _id: 'x' }]) {
      const res = await post({ review: 'A perfectly reasonable review text here.', rating: 5, ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: `Unknown field "${Object.keys(extra)[0]}" is not allowed` } });
    }
  });

  it('checks the text: required, at least 20 characters, at most 1000', async () => {
    const cases: [unknown, string][] = [
      ['', 'Review is required'],
      ['    ', 'Review is required'],
      ['Too short to count', 'Minimum 20 characters'],
      ['x'.repeat(1001), 'Keep the review under 1000 characters'],
    ];
    for (const [review, message] of cases) {
      const res = await post({ review, rating: 5 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_data', message: expect.stringMatching(new RegExp(`^review: ${message}`, 'u')) } });
    }
    expect((await post({ review: 'x'.repeat(1000), rating: 5 })).statusCode).toBe(201);
  });

  it('takes ratings 1 to 5 only, as whole numbers', async () => {
    for (const rating of [0, 6, -1, 3.5, '5', null]) {
      const res = await post({ review: 'Good tools and a helpful dealer desk.', rating });
      expect(res.statusCode, String(rating)).toBe(400);
    }
    for (const rating of [1, 5]) expect((await post({ review: 'Good tools and a helpful dealer desk.', rating })).statusCode).toBe(201);
  });

  it('is for signed-in customers: 401 anonymous, 403 admin', async () => {
    expect((await post({ review: 'Anonymous praise for the power tools.', rating: 5 }, null)).statusCode).toBe(401);
    const byAdmin = await post({ review: 'An admin should not review their own shop.', rating: 5 }, admin);
    expect(byAdmin.statusCode).toBe(403);
  });
});
