// Price lists for admins (docs/decisions/045-price-lists-and-money.md): making, reading, changing and deleting
// lists, writing and removing tools' entries (one version per change, removed entries kept as tombstones),
// giving a company a list, the refusal to change a company's currency while it owes in the present one, and
// the audit log's entries for each change.

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { priceListMessages } from '../../src/contract/price-list';
import { MAX_ENTRIES_PER_REQUEST, PRICE_LIST_ENTRIES_PAGE_SIZE, type PriceListDetail, type PriceListSummary } from '../../src/contract/price-list-admin';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

const EUR = { name: 'Euro dealers', currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1000 };

describeEachDatabase('price lists for admins', (kind) => {
  const {
    t,
    users: { admin, dana, olli },
  } = useTestApp(kind, { users: { admin: { admin: true }, dana: { verified: true, displayName: 'Dana Dealer' }, olli: { verified: true } } });
  let drill = '';
  let saw = '';
  let danaCompany = '';
  let olliCompany = '';

  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as: TestUser = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: as.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  const createList = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/admin/price-lists', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; version: number };
  };
  const detail = async (id: string, query = '') => {
    const res = await call('GET', `/admin/price-lists/${id}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PriceListDetail;
  };
  const versionOf = async (id: string) => (await detail(id)).list.version;
  const audit = (subject: string, action: string) =>
    rowsOf<{ before: unknown; after: unknown; actor_email: string }>(
      t.database.db,
      sql`select before, after, actor_email from audit_log where subject_id = ${subject} and action = ${action} order by id`,
    );
  /** An unpaid order of the company: on account and confirmed, or by card and not yet paid. */
  const unpaidOrder = async (companyId: string, user: TestUser, terms: 'card' | 'net30') => {
    const [row] = await rowsOf<{ id: string }>(
      t.database.db,
      sql`insert into orders (user_id, user_email, user_name, user_address, user_phone, total_minor, status, payment_terms, company_id, company_name)
          values (${user.id}::uuid, ${user.email}, ${user.displayName}, '12 Harbour Road, Leeds', '+44 113 496 0000', 10000,
                  ${terms === 'card' ? 'Unpaid' : 'Confirmed'}, ${terms}, ${companyId}::uuid, 'Dealer Ltd')
          returning id`,
    );
    return row?.id ?? '';
  };
  /** The order owes nothing any more: an order on account is refused, an unpaid card order deleted, as the dealer may. */
  const settle = (orderId: string) =>
    t.database.db.execute(
      sql`with refused as (update orders set status = 'Refused', status_reason = 'Refused for the test' where id = ${orderId}::uuid and payment_terms <> 'card')
          delete from orders where id = ${orderId}::uuid and payment_terms = 'card'`,
    );

  beforeAll(async () => {
    drill = await t.createProduct({ name: 'Anvil Hammer Drill', sku: 'PL-DRILL-1', price: 100, priceTiers: [{ minQnt: 10, price: 90 }] });
    saw = await t.createProduct({ name: 'Bench Saw', sku: 'PL-SAW-2', price: 250 });
    danaCompany = await companyIdOf(dana);
    olliCompany = await companyIdOf(olli);
  });

  describe('who may call', () => {
    it('refuses a dealer (403) and anyone not signed in (401)', async () => {
      expect((await call('GET', '/admin/price-lists', undefined, dana)).statusCode).toBe(403);
      expect((await call('POST', '/admin/price-lists', { ...EUR, name: 'Dealer made' }, dana)).statusCode).toBe(403);
      expect((await call('PUT', `/admin/companies/${danaCompany}/price-list`, { priceListId: null }, dana)).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/price-lists' })).statusCode).toBe(401);
      expect(await rowsOf(t.database.db, sql`select 1 from price_lists where name = 'Dealer made'`)).toHaveLength(0);
    });
  });

  describe('making and listing lists', () => {
    it('makes a list at version 1, audited, and refuses the same name in another case', async () => {
      const created = await createList({ ...EUR, name: 'Nordic' });
      expect(created).toMatchObject({ name: 'Nordic', currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1000, version: 1 });
      const [entry] = await audit(created.id, 'price_list.created');
      expect(entry).toMatchObject({ actor_email: admin.email, after: { name: 'Nordic', currency: 'EUR', version: 1 } });

      const again = await call('POST', '/admin/price-lists', { ...EUR, name: '  nORDIC ' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: { code: 'conflict', message: expect.stringContaining('“nORDIC” already exists') as unknown } });
    });

    it('refuses terms the contract does not allow, naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...EUR, name: 'Bad USD', currency: 'USD', rateMicros: 920_000 }, priceListMessages.usdRate],
        [{ ...EUR, name: 'Bad currency', currency: 'XYZ' }, 'Choose a currency'],
        [{ ...EUR, name: 'Bad rate', rateMicros: 0.5 }, priceListMessages.rate],
        [{ ...EUR, name: 'Too much off', defaultPercentOff: 9901 }, priceListMessages.percentOff],
        [{ ...EUR, name: '   ' }, priceListMessages.name],
      ];
      for (const [body, message] of cases) {
        const res = await call('POST', '/admin/price-lists', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect((res.json() as { error: { code: string; message: string } }).error.message).toContain(message);
      }
    });

    it('lists every list by name with its companies and entries counted, not cached', async () => {
      const alpha = await createList({ name: 'alpha trade', currency: 'GBP', rateMicros: 790_000, defaultPercentOff: 0 });
      const res = await call('GET', '/admin/price-lists');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const lists = res.json() as PriceListSummary[];
      const names = lists.map((list) => list.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(lists.find((list) => list.id === alpha.id)).toMatchObject({ companies: 0, entries: 0, currency: 'GBP', version: 1 });
    });

    it('answers 404 for a list that does not exist or a malformed id', async () => {
      expect((await call('GET', '/admin/price-lists/00000000-0000-4000-8000-000000000000')).json()).toEqual({
        error: { code: 'not_found', message: priceListMessages.notFound },
      });
      expect((await call('GET', '/admin/price-lists/not-an-id')).statusCode).toBe(404);
      expect((await call('PUT', '/admin/price-lists/00000000-0000-4000-8000-000000000000', EUR)).statusCode).toBe(404);
      expect((await call('DELETE', '/admin/price-lists/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });

  describe('entries', () => {
    it('writes entries in one version, prices them at one piece and finds them by name or SKU', async () => {
      const list = await createList({ ...EUR, name: 'Entries EUR' });
      const res = await call('PUT', `/admin/price-lists/${list.id}/entries`, {
        entries: [
          { productId: drill, price: 8_500, percentOff: null, tiers: [{ minQnt: 10, price: 8_000 }] },
          { productId: saw, price: null, percentOff: null, tiers: [] },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ version: 2 });

      const page = await detail(list.id);
      expect(page.list).toMatchObject({ version: 2, entries: 2, companies: 0 });
      expect(page.entries).toMatchObject({ total: 2, page: 1, pageSize: PRICE_LIST_ENTRIES_PAGE_SIZE });
      expect(page.entries.items).toEqual([
        {
          productId: drill,
          name: 'Anvil Hammer Drill',
          sku: 'PL-DRILL-1',
          listPrice: 100,
          price: 8_500,
          percentOff: null,
          tiers: [{ minQnt: 10, price: 8_000 }],
          dealerPrice: 8_500,
          version: 2,
        },
        // 250 dollars at 0.92 euro each, 10 % off: 207 euros.
        { productId: saw, name: 'Bench Saw', sku: 'PL-SAW-2', listPrice: 250, price: null, percentOff: null, tiers: [], dealerPrice: 20_700, version: 2 },
      ]);
      expect((await detail(list.id, '?q=pl-saw')).entries.items.map((item) => item.productId)).toEqual([saw]);
      expect((await detail(list.id, '?q=anvil')).entries.items.map((item) => item.productId)).toEqual([drill]);
      expect((await detail(list.id, '?q=%25')).entries.total).toBe(0);

      const [entry] = await audit(list.id, 'price_list.entries_changed');
      expect(entry).toMatchObject({ before: { version: 1 }, after: { version: 2, entries: [{ productId: drill }, { productId: saw }] } });
    });

    it('pages the entries 50 at a time', async () => {
      const list = await createList({ ...EUR, name: 'Many tools' });
      const ids: string[] = [];
      for (let i = 0; i < PRICE_LIST_ENTRIES_PAGE_SIZE + 2; i++) ids.push(await t.createProduct({ name: `Paged tool ${String(i).padStart(3, '0')}` }));
      const written = await call('PUT', `/admin/price-lists/${list.id}/entries`, {
        entries: ids.map((productId) => ({ productId, price: null, percentOff: 500, tiers: [] })),
      });
      expect(written.statusCode, written.body).toBe(200);
      const second = await detail(list.id, '?page=2');
      expect(second.entries.total).toBe(PRICE_LIST_ENTRIES_PAGE_SIZE + 2);
      expect(second.entries.items.map((item) => item.name)).toEqual([`Paged tool 050`, `Paged tool 051`]);
      // 100 dollars at 0.92, 5 % off.
      expect(second.entries.items[0]?.dealerPrice).toBe(8_740);
    });

    it('refuses an unknown tool, a tier not below the fixed price, a tool twice and too many entries, changing nothing', async () => {
      const list = await createList({ ...EUR, name: 'Refusals' });
      const unknown = '00000000-0000-4000-8000-00000000abcd';
      const cases: [unknown[], string][] = [
        [[{ productId: unknown, price: 100, percentOff: null, tiers: [] }], unknown],
        [[{ productId: drill, price: 8_000, percentOff: null, tiers: [{ minQnt: 5, price: 8_000 }] }], 'Anvil Hammer Drill (PL-DRILL-1): every tier price'],
        [[{ productId: drill, price: 8_000, percentOff: 100, tiers: [] }], priceListMessages.priceOrPercent],
        [[{ productId: drill, price: 0, percentOff: null, tiers: [] }], priceListMessages.price],
        [
          [
            {
              productId: drill,
              price: null,
              percentOff: null,
              tiers: [
                { minQnt: 5, price: 900 },
                { minQnt: 10, price: 950 },
              ],
            },
          ],
          priceListMessages.tiers,
        ],
        [
          [
            { productId: drill, price: null, percentOff: null, tiers: [] },
            { productId: drill, price: 100, percentOff: null, tiers: [] },
          ],
          'each tool once',
        ],
        [[], 'each tool once'],
        [Array.from({ length: MAX_ENTRIES_PER_REQUEST + 1 }, () => ({ productId: drill, price: null, percentOff: null, tiers: [] })), 'each tool once'],
      ];
      for (const [entries, message] of cases) {
        const res = await call('PUT', `/admin/price-lists/${list.id}/entries`, { entries });
        expect(res.statusCode, res.body).toBe(400);
        expect((res.json() as { error: { message: string } }).error.message).toContain(message);
      }
      expect((await call('PUT', `/admin/price-lists/${list.id}/entries`, { entries: [], extra: 1 })).statusCode).toBe(400);
      expect(await versionOf(list.id)).toBe(1);
      expect(
        (
          await call('PUT', '/admin/price-lists/00000000-0000-4000-8000-000000000000/entries', {
            entries: [{ productId: drill, price: null, percentOff: null, tiers: [] }],
          })
        ).statusCode,
      ).toBe(404);
    });

    it('removes an entry as a tombstone at a new version, and writing it again brings it back', async () => {
      const list = await createList({ ...EUR, name: 'Tombstones' });
      await call('PUT', `/admin/price-lists/${list.id}/entries`, { entries: [{ productId: drill, price: 9_000, percentOff: null, tiers: [] }] });
      const removed = await call('DELETE', `/admin/price-lists/${list.id}/entries/${drill}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ version: 3 });
      const rows = await rowsOf<{ removed: boolean; version: number }>(
        t.database.db,
        sql`select removed, version from price_list_entries where price_list_id = ${list.id}::uuid and product_id = ${drill}::uuid`,
      );
      expect(rows).toEqual([{ removed: true, version: 3 }]);
      expect((await detail(list.id)).entries.total).toBe(0);
      expect((await detail(list.id)).list.entries).toBe(0);
      const [entry] = await audit(list.id, 'price_list.entry_removed');
      expect(entry).toMatchObject({ before: { version: 2, entry: { productId: drill, price: 9_000 } }, after: { version: 3 } });

      const again = await call('DELETE', `/admin/price-lists/${list.id}/entries/${drill}`);
      expect(again.statusCode).toBe(404);
      expect(await versionOf(list.id)).toBe(3);

      await call('PUT', `/admin/price-lists/${list.id}/entries`, { entries: [{ productId: drill, price: null, percentOff: 2_000, tiers: [] }] });
      const back = await detail(list.id);
      expect(back.list.version).toBe(4);
      expect(back.entries.items).toMatchObject([{ productId: drill, price: null, percentOff: 2_000, version: 4, dealerPrice: 7_360 }]);
    });
  });

  describe('changing and deleting lists', () => {
    it('changes the terms at a new version, audited; the same terms again change nothing', async () => {
      const list = await createList({ ...EUR, name: 'Changing' });
      const res = await call('PUT', `/admin/price-lists/${list.id}`, { ...EUR, name: 'Changed', defaultPercentOff: 1250 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Changed', defaultPercentOff: 1250, version: 2 });
      const same = await call('PUT', `/admin/price-lists/${list.id}`, { ...EUR, name: 'Changed', defaultPercentOff: 1250 });
      expect(same.json()).toMatchObject({ version: 2 });
      const entries = await audit(list.id, 'price_list.changed');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        before: { name: 'Changing', defaultPercentOff: 1000, version: 1 },
        after: { name: 'Changed', defaultPercentOff: 1250, version: 2 },
      });

      const taken = await call('PUT', `/admin/price-lists/${list.id}`, { ...EUR, name: 'NORDIC' });
      expect(taken.statusCode).toBe(409);
    });

    it('refuses to delete a list a company buys with, and deletes it with its entries once none does; orders keep their prices', async () => {
      const list = await createList({ ...EUR, name: 'Deleting' });
      await call('PUT', `/admin/price-lists/${list.id}/entries`, { entries: [{ productId: saw, price: 20_000, percentOff: null, tiers: [] }] });
      expect((await call('PUT', `/admin/companies/${olliCompany}/price-list`, { priceListId: list.id })).statusCode).toBe(200);
      const refused = await call('DELETE', `/admin/price-lists/${list.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: 'conflict', message: priceListMessages.inUse } });

      const order = await unpaidOrder(olliCompany, olli, 'net30');
      await t.database.db.execute(sql`update orders set price_list_id = ${list.id}::uuid, price_list_version = 2, currency = 'EUR' where id = ${order}::uuid`);
      await settle(order);
      expect((await call('PUT', `/admin/companies/${olliCompany}/price-list`, { priceListId: null })).statusCode).toBe(200);
      const deleted = await call('DELETE', `/admin/price-lists/${list.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ deletedCount: 1 });
      expect(await rowsOf(t.database.db, sql`select 1 from price_list_entries where price_list_id = ${list.id}::uuid`)).toHaveLength(0);
      const [kept] = await rowsOf<{ price_list_id: string | null; total_minor: number }>(
        t.database.db,
        sql`select price_list_id, total_minor from orders where id = ${order}::uuid`,
      );
      expect(kept).toMatchObject({ price_list_id: null });
      expect(Number(kept?.total_minor)).toBe(10_000);
      expect(await audit(list.id, 'price_list.deleted')).toHaveLength(1);
    });
  });

  describe('a company’s price list', () => {
    it('gives a company a list and shows it on its admin page, audited; clears it again', async () => {
      const list = await createList({ ...EUR, name: 'Assigned' });
      const res = await call('PUT', `/admin/companies/${danaCompany}/price-list`, { priceListId: list.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ priceList: { id: list.id, name: 'Assigned', currency: 'EUR' } });
      expect((await detail(list.id)).list.companies).toBe(1);
      const [entry] = await audit(danaCompany, 'company.price_list_changed');
      expect(entry).toMatchObject({ before: { priceList: null }, after: { priceList: { id: list.id, currency: 'EUR' } } });

      const cleared = await call('PUT', `/admin/companies/${danaCompany}/price-list`, { priceListId: null });
      expect(cleared.json()).toEqual({ priceList: null });
      expect(await audit(danaCompany, 'company.price_list_changed')).toHaveLength(2);
    });

    it('names the company’s list on its admin page', async () => {
      const list = await createList({ name: 'Shown', currency: 'GBP', rateMicros: 790_000, defaultPercentOff: 500 });
      await call('PUT', `/admin/companies/${olliCompany}/price-list`, { priceListId: list.id });
      const page = await call('GET', `/admin/companies/${olliCompany}`);
      await call('PUT', `/admin/companies/${olliCompany}/price-list`, { priceListId: null });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ priceList: { id: list.id, name: 'Shown', currency: 'GBP' } });
      expect((await call('GET', `/admin/companies/${olliCompany}`)).json()).toMatchObject({ priceList: null });
    });

    it('refuses another currency while the company owes in its present one, on account or by card; the same currency is allowed', async () => {
      const euros = await createList({ ...EUR, name: 'Owing EUR' });
      const moreEuros = await createList({ ...EUR, name: 'Owing EUR too' });
      for (const terms of ['net30', 'card'] as const) {
        const order = await unpaidOrder(danaCompany, dana, terms);
        const refused = await call('PUT', `/admin/companies/${danaCompany}/price-list`, { priceListId: euros.id });
        expect(refused.statusCode, terms).toBe(409);
        expect(refused.json()).toEqual({ error: { code: 'conflict', message: priceListMessages.currencyInUse } });
        await settle(order);
      }
      expect((await call('PUT', `/admin/companies/${danaCompany}/price-list`, { priceListId: euros.id })).statusCode).toBe(200);

      const owing = await unpaidOrder(danaCompany, dana, 'net30');
      expect((await call('PUT', `/admin/companies/${danaCompany}/price-list`, { priceListId: moreEuros.id })).statusCode).toBe(200);
      expect((await call('PUT', `/admin/companies/${danaCompany}/price-list`, { priceListId: null })).statusCode).toBe(409);

      // The list itself cannot change currency under the company either, but its other terms can.
      const currency = await call('PUT', `/admin/price-lists/${moreEuros.id}`, { ...EUR, name: 'Owing EUR too', currency: 'GBP', rateMicros: 790_000 });
      expect(currency.statusCode).toBe(409);
      expect(currency.json()).toEqual({ error: { code: 'conflict', message: priceListMessages.currencyInUse } });
      expect((await call('PUT', `/admin/price-lists/${moreEuros.id}`, { ...EUR, name: 'Owing EUR too', rateMicros: 930_000 })).statusCode).toBe(200);
      await settle(owing);
      expect(
        (await call('PUT', `/admin/price-lists/${moreEuros.id}`, { ...EUR, name: 'Owing EUR too', currency: 'GBP', rateMicros: 790_000 })).statusCode,
      ).toBe(200);
      expect((await call('PUT', `/admin/companies/${danaCompany}/price-list`, { priceListId: null })).statusCode).toBe(200);
    });

    it('answers 404 for a company or a list that does not exist, and 400 for a body that is not one', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await call('PUT', `/admin/companies/${missing}/price-list`, { priceListId: null })).statusCode).toBe(404);
      const noList = await call('PUT', `/admin/companies/${danaCompany}/price-list`, { priceListId: missing });
      expect(noList.json()).toEqual({ error: { code: 'not_found', message: priceListMessages.notFound } });
      expect((await call('PUT', `/admin/companies/${danaCompany}/price-list`, { priceListId: 'nope' })).statusCode).toBe(400);
      expect((await call('PUT', `/admin/companies/${danaCompany}/price-list`, {})).statusCode).toBe(400);
    });
  });
});
