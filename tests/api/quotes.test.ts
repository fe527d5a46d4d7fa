// Quotes (docs/decisions/058-quotes.md): a dealer asks for prices on a list of tools (sent twice, one quote); the
// shop (an admin, or the company's sales rep) prices every line with a last day to accept; the dealer accepts and
// the order is placed at the quoted prices (taken from the quote, never the request) in the transaction that closes
// the quote, or declines, or asks again. Expired and re-priced quotes are refused; anyone else is answered 404.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { countWaitingFor } from '../../server/repositories/push';
import type { Order } from '../../src/contract/order';
import { quoteMessages, type Quote, type QuotesAnswer } from '../../src/contract/quote';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

type ErrorBody = { error: { code: string; message: string; details?: { fields?: { field: string | null; message: string }[] } } };

const inDays = (days: number) => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

describeEachDatabase('quotes', (kind) => {
  const {
    t,
    users: { admin, dana, eve, rita, otto },
  } = useTestApp(kind, {
    users: {
      admin: { admin: true },
      dana: { verified: true, displayName: 'Dana Dealer' },
      eve: { verified: true, displayName: 'Eve Elsewhere' },
      rita: { verified: true, displayName: 'Rita Rep' },
      otto: { verified: true, displayName: 'Otto Other Rep' },
    },
  });
  let drill = '';
  let saw = '';
  let danaCompany = '';

  const post = (url: string, as: TestUser, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: as.auth, payload });
  const get = (url: string, as: TestUser) => t.app.inject({ url: `/api${url}`, headers: as.auth });
  const refusal = (body: string) => (JSON.parse(body) as ErrorBody).error;
  const ask = (as: TestUser, clientQuoteId = randomUUID(), message = 'We restock 40 branches: can you do better on volume?') =>
    post('/quotes', as, {
      clientQuoteId,
      lines: [
        { productId: drill, quantity: 20 },
        { productId: saw, quantity: 10 },
      ],
      message,
    });
  const requested = async (as: TestUser = dana) => {
    const res = await ask(as);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; number: string; status: string };
  };
  const quoteOf = async (id: string, as: TestUser = dana) => {
    const res = await get(`/quotes/${id}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Quote;
  };
  const answer = (id: string, as: TestUser = admin, prices = { drill: 100_00, saw: 150_00 }, expiresOn = inDays(14)) =>
    post(`/quotes/${id}/answer`, as, {
      lines: [
        { productId: drill, unitPriceMinor: prices.drill },
        { productId: saw, unitPriceMinor: prices.saw },
      ],
      expiresOn,
      message: 'Volume prices for your branches.',
    });
  const accept = (id: string, version: number, clientOrderId = randomUUID(), as: TestUser = dana) =>
    post(`/quotes/${id}/accept`, as, { clientOrderId, version, userAddress: '12 Dock Road, Hull', userPhone: '+44 1482 555 0101', payment: 'card' });

  /** The notifications queued under a tag, as `kind e-mail` of the device's owner. */
  const pushesFor = async (tag: string) =>
    (
      await rowsOf<{ kind: string; email: string }>(
        t.database.db,
        sql`select q.kind, u.email from push_queue q join push_subscriptions s on s.id = q.subscription_id join users u on u.id = s.user_id where q.tag = ${tag} order by u.email`,
      )
    ).map((push) => `${push.kind} ${push.email}`);

  beforeAll(async () => {
    // A device of the admin's and one of Dana's with notifications on.
    for (const user of [admin, dana]) {
      await t.database.db.execute(
        sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${user.id}::uuid, ${`https://push.example.test/${user.id}`}, 'key', 'auth')`,
      );
    }
    drill = await t.createProduct({ name: 'Quote Drill 18V', sku: 'QUOTE-DRILL-18', price: 120, available: 500, minOrder: 1 });
    saw = await t.createProduct({ name: 'Quote Circular Saw', sku: 'QUOTE-SAW-184', price: 200, available: 500, minOrder: 1 });
    danaCompany =
      (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${dana.id}::uuid`))[0]?.id ?? '';
    for (const rep of [rita, otto]) {
      expect((await t.app.inject({ method: 'PUT', url: `/api/user/rep/${encodeURIComponent(rep.email)}`, headers: admin.auth })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/companies/${danaCompany}/reps/${rita.id}`, headers: admin.auth })).statusCode).toBe(200);
  });

  it('asks for a quote with the dealer’s prices now; the same request sent again is the same quote; the shop is told', async () => {
    const clientQuoteId = randomUUID();
    const first = await ask(dana, clientQuoteId);
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json() as { id: string; number: string; status: string };
    expect(made.number).toMatch(/^Q-\d{4}-\d{5,}$/u);
    expect(made.status).toBe('requested');
    const again = await ask(dana, clientQuoteId);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { id: string }).id).toBe(made.id);

    const quote = await quoteOf(made.id);
    expect(quote).toMatchObject({
      status: 'requested',
      version: 0,
      companyId: danaCompany,
      requestedBy: { name: 'Dana Dealer' },
      currency: 'USD',
      expiresOn: null,
      order: null,
    });
    expect(quote.lines).toEqual([
      expect.objectContaining({
        productId: drill,
        productName: 'Quote Drill 18V',
        sku: 'QUOTE-DRILL-18',
        quantity: 20,
        requestedUnitPriceMinor: 120_00,
        quotedUnitPriceMinor: null,
      }),
      expect.objectContaining({ productId: saw, quantity: 10, requestedUnitPriceMinor: 200_00, quotedUnitPriceMinor: null }),
    ]);
    expect(quote.messages).toEqual([
      expect.objectContaining({ side: 'dealer', event: 'requested', authorName: 'Dana Dealer', body: expect.stringContaining('40 branches') }),
    ]);
    expect(await pushesFor(`quote_requested:${made.id}`)).toEqual([`quote_requested ${admin.email}`]);
  });

  it('refuses a request that names a tool twice, or one not in the catalogue, saying which', async () => {
    const twice = await post('/quotes', dana, {
      clientQuoteId: randomUUID(),
      lines: [
        { productId: drill, quantity: 1 },
        { productId: drill, quantity: 2 },
      ],
      message: '',
    });
    expect(twice.statusCode).toBe(400);
    expect(refusal(twice.body).message).toContain(quoteMessages.twice);
    const gone = await post('/quotes', dana, { clientQuoteId: randomUUID(), lines: [{ productId: randomUUID(), quantity: 1 }], message: '' });
    expect(gone.statusCode).toBe(400);
    expect(refusal(gone.body).details?.fields).toEqual([{ field: 'lines.0.productId', message: quoteMessages.unknownTool(1) }]);
    expect((await post('/quotes', admin, { clientQuoteId: randomUUID(), lines: [{ productId: drill, quantity: 1 }], message: '' })).statusCode).toBe(403);
  });

  it('shows a quote to its company, every admin and the company’s rep; anyone else gets 404', async () => {
    const { id } = await requested();
    expect((await get(`/quotes/${id}`, admin)).statusCode).toBe(200);
    expect((await get(`/quotes/${id}`, rita)).statusCode).toBe(200);
    expect((await get(`/quotes/${id}`, eve)).statusCode).toBe(404);
    expect((await get(`/quotes/${id}`, otto)).statusCode).toBe(404);
    const ids = async (as: TestUser, query = '') => ((await get(`/quotes${query}`, as)).json() as QuotesAnswer).quotes.map((quote) => quote.id);
    expect(await ids(dana)).toContain(id);
    expect(await ids(admin, '?status=requested')).toContain(id);
    expect(await ids(admin, '?status=quoted')).not.toContain(id);
    expect(await ids(rita)).toContain(id);
    expect(await ids(eve)).not.toContain(id);
    expect(await ids(otto)).not.toContain(id);
    // Nobody but the shop prices it, and a rep of another company is answered as if there were no quote.
    expect((await answer(id, dana)).statusCode).toBe(404);
    expect((await answer(id, otto)).statusCode).toBe(404);
    expect((await post(`/quotes/${id}/messages`, eve, { body: 'Hello?' })).statusCode).toBe(404);
  });

  it('prices every line until a last day to accept; a price missing, or a day past or too far, is refused under its field', async () => {
    const { id } = await requested();
    const missing = await post(`/quotes/${id}/answer`, admin, { lines: [{ productId: drill, unitPriceMinor: 1 }], expiresOn: inDays(3), message: '' });
    expect(missing.statusCode).toBe(400);
    expect(refusal(missing.body).message).toContain(quoteMessages.pricesForEveryLine);
    const past = await answer(id, admin, undefined, inDays(-1));
    expect(past.statusCode).toBe(400);
    expect(refusal(past.body).details?.fields).toEqual([{ field: 'expiresOn', message: quoteMessages.expiresPast }]);
    expect(refusal((await answer(id, admin, undefined, inDays(400))).body).details?.fields).toEqual([
      { field: 'expiresOn', message: quoteMessages.expiresTooFar },
    ]);
    expect(refusal((await answer(id, admin, undefined, '2026-02-30')).body).details?.fields).toEqual([
      { field: 'expiresOn', message: quoteMessages.expiresOn },
    ]);

    const priced = await answer(id, rita);
    expect(priced.statusCode, priced.body).toBe(200);
    const quote = priced.json() as Quote;
    expect(quote).toMatchObject({ status: 'quoted', version: 1, expiresOn: inDays(14) });
    expect(quote.lines.map((line) => line.quotedUnitPriceMinor)).toEqual([100_00, 150_00]);
    expect(quote.messages.at(-1)).toMatchObject({ side: 'shop', event: 'quoted', authorName: 'Rita Rep', body: 'Volume prices for your branches.' });
    expect(await pushesFor(`quote_answered:${id}`)).toEqual([`quote_answered ${dana.email}`]);
    const audit = await rowsOf<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where subject_type = 'quote' and subject_id = ${id} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['quote.requested', 'quote.answered']);
  });

  it('places the order at the quoted prices once, at the version the dealer read; the quote then names its order', async () => {
    const { id } = await requested();
    expect((await answer(id)).statusCode).toBe(200);
    // Priced again after the dealer read version 1: accepting version 1 is refused.
    expect((await answer(id, admin, { drill: 99_00, saw: 149_00 })).statusCode).toBe(200);
    const stale = await accept(id, 1);
    expect(stale.statusCode).toBe(409);
    expect(refusal(stale.body).message).toBe(quoteMessages.changed);

    const clientOrderId = randomUUID();
    const placed = await accept(id, 2, clientOrderId);
    expect(placed.statusCode, placed.body).toBe(201);
    const { insertedId, status } = placed.json() as { insertedId: string; status: string };
    expect(status).toBe('Unpaid');
    const order = (await get(`/order/${insertedId}`, admin)).json() as Order;
    expect((order.lines ?? []).map((line) => [line.productId, line.quantity, line.unitPriceMinor])).toEqual([
      [drill, 20, 99_00],
      [saw, 10, 149_00],
    ]);
    expect(order.totalMinor).toBe(20 * 99_00 + 10 * 149_00);

    const quote = await quoteOf(id);
    expect(quote.status).toBe('accepted');
    expect(quote.order).toEqual({ id: insertedId, number: order.number });
    expect(quote.messages.at(-1)).toMatchObject({ side: 'dealer', event: 'accepted' });
    // The same acceptance again is its order; another one is refused, and the shop can no longer price it.
    const again = await accept(id, 2, clientOrderId);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { insertedId: string }).insertedId).toBe(insertedId);
    expect(refusal((await accept(id, 2)).body).message).toBe(quoteMessages.closed);
    expect((await answer(id)).statusCode).toBe(409);
  });

  it('refuses a quote past its last day, which reads as expired, and one not priced yet', async () => {
    const { id } = await requested();
    const early = await accept(id, 1);
    expect(early.statusCode).toBe(409);
    expect(refusal(early.body).message).toBe(quoteMessages.notQuoted);
    expect((await answer(id)).statusCode).toBe(200);
    const yesterday = inDays(-1);
    await t.database.db.execute(sql`update quotes set expires_on = ${yesterday} where id = ${id}::uuid`);
    expect((await quoteOf(id)).status).toBe('expired');
    const late = await accept(id, 1);
    expect(late.statusCode).toBe(409);
    expect(refusal(late.body).message).toBe(quoteMessages.expired(yesterday));
    const orders = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from quotes where id = ${id}::uuid and order_id is not null`);
    expect(orders[0]?.n).toBe(0);
    // Priced again, it can be accepted.
    expect((await answer(id, admin, undefined, inDays(2))).statusCode).toBe(200);
    expect((await accept(id, 2)).statusCode).toBe(201);
  });

  it('lets the dealer ask again (the quote waits for prices) or decline it (closed), with a thread of messages', async () => {
    const { id } = await requested();
    expect((await answer(id)).statusCode).toBe(200);
    expect((await post(`/quotes/${id}/ask-again`, dana, { message: '   ' })).statusCode).toBe(400);
    const askedAgain = await post(`/quotes/${id}/ask-again`, dana, { message: 'The saws are cheaper elsewhere: 140?' });
    expect(askedAgain.statusCode, askedAgain.body).toBe(200);
    expect((askedAgain.json() as Quote).status).toBe('requested');
    expect((await post(`/quotes/${id}/messages`, rita, { body: 'Checking with the factory.' })).statusCode).toBe(200);
    expect((await post(`/quotes/${id}/ask-again`, rita, { message: 'Not the shop’s to ask.' })).statusCode).toBe(404);
    const declined = await post(`/quotes/${id}/decline`, dana, { message: 'Ordered elsewhere.' });
    expect(declined.statusCode).toBe(200);
    const quote = declined.json() as Quote;
    expect(quote.status).toBe('declined');
    expect(quote.messages.map((message) => `${message.side} ${message.event}`)).toEqual([
      'dealer requested',
      'shop quoted',
      'dealer asked_again',
      'shop message',
      'dealer declined',
    ]);
    expect((await post(`/quotes/${id}/decline`, dana, { message: '' })).statusCode).toBe(409);
    expect((await accept(id, 1)).statusCode).toBe(409);
  });

  it('lets nobody but the quote’s company accept it', async () => {
    const { id } = await requested();
    expect((await answer(id)).statusCode).toBe(200);
    expect((await accept(id, 1, randomUUID(), eve)).statusCode).toBe(404);
    expect(
      (await post(`/quotes/${id}/accept`, rita, { clientOrderId: randomUUID(), version: 1, userAddress: 'x street 1', userPhone: '+44 1482 555 0101' }))
        .statusCode,
    ).toBe(403);
    expect((await quoteOf(id)).status).toBe('quoted');
  });

  it('counts on the app badge: requests waiting for prices for an admin and the company’s rep, priced quotes for the dealer', async () => {
    const badge = (user: TestUser, role: 'admin' | 'rep' | 'customer') => countWaitingFor(t.database.db, user.id, role);
    const before = { admin: await badge(admin, 'admin'), rita: await badge(rita, 'rep'), dana: await badge(dana, 'customer') };
    const { id } = await requested();
    expect(await badge(admin, 'admin')).toBe(before.admin + 1);
    expect(await badge(rita, 'rep')).toBe(before.rita + 1);
    expect(await badge(otto, 'rep')).toBe(0);
    expect(await badge(dana, 'customer')).toBe(before.dana);
    expect((await answer(id)).statusCode).toBe(200);
    expect(await badge(admin, 'admin')).toBe(before.admin);
    expect(await badge(rita, 'rep')).toBe(before.rita);
    expect(await badge(dana, 'customer')).toBe(before.dana + 1);
    expect(await badge(eve, 'customer')).toBe(0);
  });
});
