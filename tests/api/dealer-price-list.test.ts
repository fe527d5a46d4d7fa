// A dealer's own price list (docs/decisions/045-price-lists-and-money.md): its members and its sales rep read
// the company's list whole, or the changes since a version (entries written again, tools taken off); a company
// without a list and an account without a company read null; nobody else learns another company's list.

import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { companies, priceListEntries, priceLists } from '../../server/db/schema';
import type { DealerPriceListAnswer } from '../../src/contract/dealer-price-list';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('dealer price list', (kind) => {
  const {
    t,
    users: { dana, bo, olli, rita, ross, admin },
  } = useTestApp(kind, {
    users: {
      dana: { displayName: 'Dana Dealer' },
      bo: { displayName: 'Bo Buyer' },
      olli: { displayName: 'Olli Other' },
      rita: { displayName: 'Rita Rep' },
      ross: { displayName: 'Ross Rep' },
      admin: { admin: true },
    },
  });

  let danaCompany = '';
  let olliCompany = '';
  let listId = '';
  const tools: string[] = [];

  const companyIdOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';
  const read = (user: TestUser, query = '') => t.app.inject({ url: `/api/company/price-list${query}`, headers: user.auth });
  const listOf = async (user: TestUser, query = '') => {
    const res = await read(user, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['cache-control'])).toContain('no-store');
    return (res.json() as DealerPriceListAnswer).priceList;
  };
  /** Writes an entry (or removes it) as the list's next version, as the admins' edits do. */
  const write = async (
    productId: string,
    entry: { price?: number | null; percentOff?: number | null; tiers?: { minQnt: number; price: number }[] } | 'removed',
  ) => {
    const [list] = await t.database.db
      .update(priceLists)
      .set({ version: sql`${priceLists.version} + 1` })
      .where(eq(priceLists.id, listId))
      .returning({ version: priceLists.version });
    const version = list?.version ?? 0;
    const values =
      entry === 'removed'
        ? { price: null, percentOff: null, tiers: [], removed: true }
        : { price: entry.price ?? null, percentOff: entry.percentOff ?? null, tiers: entry.tiers ?? [], removed: false };
    await t.database.db
      .insert(priceListEntries)
      .values({ priceListId: listId, productId, version, ...values })
      .onConflictDoUpdate({ target: [priceListEntries.priceListId, priceListEntries.productId], set: { version, ...values } });
    return version;
  };

  beforeAll(async () => {
    for (const name of ['Rotary Hammer RH-26', 'Angle Grinder AG-9', 'Core Drill CD-3']) tools.push(await t.createProduct({ name, price: 100 }));
    danaCompany = await companyIdOf(dana);
    olliCompany = await companyIdOf(olli);
    const own = await companyIdOf(bo);
    await t.database.db.execute(sql`update company_members set company_id = ${danaCompany}::uuid, role = 'buyer' where user_id = ${bo.id}::uuid`);
    await t.database.db.execute(sql`delete from companies where id = ${own}::uuid`);
    for (const rep of [rita, ross]) {
      await t.database.db.execute(sql`delete from companies where id = (select company_id from company_members where user_id = ${rep.id}::uuid)`);
      await t.database.db.execute(sql`update users set role = 'rep' where id = ${rep.id}::uuid`);
    }
    await t.database.db.execute(sql`insert into company_reps (company_id, user_id) values (${danaCompany}::uuid, ${rita.id}::uuid)`);
    await t.database.db.execute(sql`insert into company_reps (company_id, user_id) values (${olliCompany}::uuid, ${ross.id}::uuid)`);
    const [list] = await t.database.db
      .insert(priceLists)
      .values({ name: 'Euro dealers', currency: 'EUR', rateMicros: 920_000, defaultPercentOff: 1_000, version: 1 })
      .returning({ id: priceLists.id });
    listId = list?.id ?? '';
    await t.database.db.update(companies).set({ priceListId: listId }).where(eq(companies.id, danaCompany));
  });

  it('a company without a list, an admin and a rep naming no company read null', async () => {
    expect(await listOf(olli)).toBeNull();
    expect(await listOf(admin)).toBeNull();
    expect(await listOf(rita)).toBeNull();
  });

  it('members read the whole list: its terms and every live entry', async () => {
    await write(tools[0] ?? '', { price: 8_900, tiers: [{ minQnt: 10, price: 8_000 }] });
    await write(tools[1] ?? '', { percentOff: 2_500 });
    for (const user of [dana, bo]) {
      const list = await listOf(user);
      expect(list).toEqual({
        id: listId,
        name: 'Euro dealers',
        currency: 'EUR',
        rateMicros: 920_000,
        defaultPercentOff: 1_000,
        version: 3,
        entries: expect.arrayContaining([
          { productId: tools[0], price: 8_900, percentOff: null, tiers: [{ minQnt: 10, price: 8_000 }] },
          { productId: tools[1], price: null, percentOff: 2_500, tiers: [] },
        ]),
        removed: [],
        complete: true,
      });
      expect(list?.entries).toHaveLength(2);
    }
  });

  it('with after, only the entries written since and the tools taken off since; the whole list leaves removed ones out', async () => {
    const before = (await listOf(dana))?.version ?? 0;
    await write(tools[2] ?? '', { price: 5_000 });
    await write(tools[1] ?? '', 'removed');
    const changes = await listOf(dana, `?after=${before}`);
    expect(changes).toMatchObject({ id: listId, version: before + 2, complete: false, removed: [tools[1]] });
    expect(changes?.entries).toEqual([{ productId: tools[2], price: 5_000, percentOff: null, tiers: [] }]);
    expect(await listOf(dana, `?after=${before + 2}`)).toMatchObject({ version: before + 2, entries: [], removed: [], complete: false });
    const whole = await listOf(dana);
    expect(whole?.entries.map((entry) => entry.productId).sort()).toEqual([tools[0], tools[2]].sort());
    expect(whole?.removed).toEqual([]);
  });

  it('a version the list never reached (a copy of a list since replaced) is answered with the whole list', async () => {
    const list = await listOf(dana, '?after=999999');
    expect(list).toMatchObject({ complete: true, removed: [] });
    expect(list?.entries).toHaveLength(2);
  });

  it('a rep reads the list of a company it orders for, named with companyId', async () => {
    const list = await listOf(rita, `?companyId=${danaCompany}`);
    expect(list?.id).toBe(listId);
    expect(await listOf(ross, `?companyId=${olliCompany}`)).toBeNull();
    expect(await listOf(dana, `?companyId=${danaCompany}`)).toMatchObject({ id: listId });
  });

  it('strangers are told the company does not exist', async () => {
    for (const [user, company] of [
      [olli, danaCompany],
      [ross, danaCompany],
      [rita, olliCompany],
      [admin, danaCompany],
      [dana, olliCompany],
    ] as const) {
      const res = await read(user, `?companyId=${company}`);
      expect(res.statusCode, `${user.displayName} reading ${company}`).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await t.app.inject({ url: '/api/company/price-list' })).statusCode).toBe(401);
  });

  it('a malformed version is refused in plain words, a malformed company id as missing', async () => {
    const bad = await read(dana, '?after=soon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { message: expect.stringContaining('after') } });
    expect((await read(dana, '?companyId=not-an-id')).statusCode).toBe(404);
    expect((await read(dana, '?sort=price')).statusCode).toBe(400);
  });
});
