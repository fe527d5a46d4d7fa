// Saved lists (docs/decisions/054-saved-lists.md): a company's named lists of tools and quantities, saved whole
// under the id the app made; every member of the company and its sales rep read and change them, nobody else
// sees them; names are unique per company in any case (409 under the name); the limits of a list and of a
// company; the lines keep each tool's name and SKU, so a tool deleted since is still named; the audit log.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { joinCompany } from '../../server/repositories/companies';
import { MAX_ORDER_LINES } from '../../src/contract/constants';
import { MAX_SAVED_LISTS, savedListMessages, type SavedList, type SavedListsAnswer } from '../../src/contract/saved-list';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

type ErrorBody = { error: { code: string; message: string; details?: { fields?: { field: string | null; message: string }[] } } };

describeEachDatabase('saved lists', (kind) => {
  const {
    t,
    users: { admin, dana, bob, eve, rita },
  } = useTestApp(kind, {
    users: {
      admin: { admin: true },
      dana: { verified: true, displayName: 'Dana Dealer' },
      bob: { verified: true, displayName: 'Bob Buyer' },
      eve: { verified: true, displayName: 'Eve Elsewhere' },
      rita: { verified: true, displayName: 'Rita Rep' },
    },
  });
  let drill = '';
  let saw = '';
  let danaCompany = '';
  let eveCompany = '';

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, as: TestUser, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: as.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const listsOf = async (as: TestUser, companyId?: string) => {
    const res = await call('GET', `/company/saved-lists${companyId ? `?companyId=${companyId}` : ''}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SavedListsAnswer).lists;
  };
  const refusal = (body: string) => (JSON.parse(body) as ErrorBody).error;
  const companyOf = async (user: TestUser) =>
    (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${user.id}::uuid`))[0]?.id ?? '';
  const audit = (subject: string) =>
    rowsOf<{ action: string; actor_role: string; company_id: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, actor_role, company_id, before, after from audit_log where subject_type = 'saved_list' and subject_id = ${subject} order by id`,
    );

  beforeAll(async () => {
    drill = await t.createProduct({ name: 'List Drill 18V', sku: 'LIST-DRILL-18', price: 120, available: 500, minOrder: 1 });
    saw = await t.createProduct({ name: 'List Circular Saw', sku: 'LIST-SAW-184', price: 200, available: 500, minOrder: 1 });
    danaCompany = await companyOf(dana);
    eveCompany = await companyOf(eve);
    // Bob leaves his company of one and joins Dana's as a buyer; Rita becomes a rep assigned to Dana's company.
    await t.database.db.execute(sql`delete from companies where id = (select company_id from company_members where user_id = ${bob.id}::uuid)`);
    await t.database.db.transaction((tx) => joinCompany(tx, bob.id, danaCompany, 'buyer'));
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/rep/${encodeURIComponent(rita.email)}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/companies/${danaCompany}/reps/${rita.id}`, headers: admin.auth })).statusCode).toBe(200);
  });

  describe('saving and reading', () => {
    const id = randomUUID();
    it('saves a new list (201) with each tool’s name and SKU, and who saved it; every member of the company sees it', async () => {
      const res = await call('PUT', `/company/saved-lists/${id}`, dana, {
        name: '  Weekly restock ',
        lines: [
          { productId: saw, quantity: 4 },
          { productId: drill, quantity: 12 },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const list = res.json() as SavedList;
      expect(list).toMatchObject({
        id,
        companyId: danaCompany,
        name: 'Weekly restock',
        updatedBy: 'Dana Dealer',
        lines: [
          { productId: saw, quantity: 4, productName: 'List Circular Saw', sku: 'LIST-SAW-184' },
          { productId: drill, quantity: 12, productName: 'List Drill 18V', sku: 'LIST-DRILL-18' },
        ],
      });
      expect(await listsOf(bob)).toEqual([list]);
      expect(await listsOf(dana, danaCompany)).toEqual([list]);
      const res2 = await call('GET', '/company/saved-lists', dana);
      expect(res2.headers['cache-control']).toBe('no-store');
      expect(await audit(id)).toEqual([
        {
          action: 'saved_list.created',
          actor_role: 'company_admin',
          company_id: danaCompany,
          before: null,
          after: { name: 'Weekly restock', tools: 2, pieces: 16 },
        },
      ]);
    });

    it('the same save sent again answers 200 and changes nothing, not even the audit log', async () => {
      const before = (await listsOf(dana))[0];
      const res = await call('PUT', `/company/saved-lists/${id}`, dana, {
        name: 'Weekly restock',
        lines: [
          { productId: saw, quantity: 4 },
          { productId: drill, quantity: 12 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(before);
      expect(await audit(id)).toHaveLength(1);
    });

    it('a buyer renames it and changes its quantities; the list says who saved it last, the audit log before and after', async () => {
      const res = await call('PUT', `/company/saved-lists/${id}`, bob, { name: 'Monday restock', lines: [{ productId: drill, quantity: 6 }] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Monday restock', updatedBy: 'Bob Buyer', lines: [{ productId: drill, quantity: 6 }] });
      const entries = await audit(id);
      expect(entries[1]).toEqual({
        action: 'saved_list.changed',
        actor_role: 'buyer',
        company_id: danaCompany,
        before: { name: 'Weekly restock', tools: 2, pieces: 16 },
        after: { name: 'Monday restock', tools: 1, pieces: 6 },
      });
    });

    it('refuses a second list of the same name in any case: 409 under the name, nothing saved', async () => {
      const other = randomUUID();
      const res = await call('PUT', `/company/saved-lists/${other}`, bob, { name: 'MONDAY RESTOCK', lines: [{ productId: saw, quantity: 1 }] });
      expect(res.statusCode).toBe(409);
      const error = refusal(res.body);
      expect(error.message).toBe(savedListMessages.duplicateName('MONDAY RESTOCK'));
      expect(error.details?.fields).toEqual([{ field: 'name', message: error.message }]);
      expect((await listsOf(dana)).map((list) => list.id)).toEqual([id]);
    });

    it('another company may use the same name: lists are per company', async () => {
      const res = await call('PUT', `/company/saved-lists/${randomUUID()}`, eve, { name: 'Monday restock', lines: [{ productId: saw, quantity: 2 }] });
      expect(res.statusCode, res.body).toBe(201);
      expect((await listsOf(eve)).map((list) => list.name)).toEqual(['Monday restock']);
      expect(await listsOf(dana)).toHaveLength(1);
    });

    it('keeps a tool deleted since on the list, named as it was saved', async () => {
      const gone = await t.createProduct({ name: 'List Soon Gone Grinder', sku: 'LIST-GONE-1', price: 90, available: 10, minOrder: 1 });
      const listId = randomUUID();
      expect(
        (await call('PUT', `/company/saved-lists/${listId}`, dana, { name: 'With a grinder', lines: [{ productId: gone, quantity: 3 }] })).statusCode,
      ).toBe(201);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${gone}`, headers: admin.auth })).statusCode).toBe(200);
      const kept = (await listsOf(dana)).find((list) => list.id === listId);
      expect(kept?.lines).toEqual([{ productId: gone, quantity: 3, productName: 'List Soon Gone Grinder', sku: 'LIST-GONE-1' }]);
      // Saving it again as it is names a tool that is gone: the dealer is told which line.
      const res = await call('PUT', `/company/saved-lists/${listId}`, dana, { name: 'With a grinder', lines: [{ productId: gone, quantity: 4 }] });
      expect(res.statusCode).toBe(400);
      expect(refusal(res.body).details?.fields).toEqual([{ field: 'lines.0.productId', message: savedListMessages.unknownTool(1) }]);
      expect((await call('DELETE', `/company/saved-lists/${listId}`, dana)).statusCode).toBe(200);
    });
  });

  describe('who may see and change a company’s lists', () => {
    it('another company, a shop admin and a rep not naming the company are answered as if the list did not exist', async () => {
      const [list] = await listsOf(dana);
      if (!list) throw new Error('Dana has a list');
      const put = await call('PUT', `/company/saved-lists/${list.id}`, eve, { name: 'Taken over', lines: [{ productId: saw, quantity: 1 }] });
      expect(put.statusCode).toBe(404);
      expect((await call('DELETE', `/company/saved-lists/${list.id}`, eve)).statusCode).toBe(404);
      expect((await call('GET', `/company/saved-lists?companyId=${danaCompany}`, eve)).statusCode).toBe(404);
      expect((await call('GET', '/company/saved-lists', admin)).statusCode).toBe(404);
      expect((await call('GET', '/company/saved-lists', rita)).statusCode).toBe(404);
      expect((await call('GET', `/company/saved-lists?companyId=${eveCompany}`, rita)).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/company/saved-lists' })).statusCode).toBe(401);
      expect(await listsOf(dana)).toEqual([list]);
    });

    it('the company’s rep reads its lists and saves one for it, audited as the rep', async () => {
      expect(await listsOf(rita, danaCompany)).toEqual(await listsOf(dana));
      const id = randomUUID();
      const res = await call('PUT', `/company/saved-lists/${id}`, rita, {
        companyId: danaCompany,
        name: 'Rep’s pick',
        lines: [{ productId: saw, quantity: 2 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ companyId: danaCompany, updatedBy: 'Rita Rep' });
      expect((await listsOf(bob)).map((list) => list.name)).toContain('Rep’s pick');
      expect((await audit(id))[0]).toMatchObject({ action: 'saved_list.created', actor_role: 'rep', company_id: danaCompany });
      // Without the company named, a rep has none to save to.
      expect((await call('PUT', `/company/saved-lists/${randomUUID()}`, rita, { name: 'Nowhere', lines: [{ productId: saw, quantity: 2 }] })).statusCode).toBe(
        404,
      );
      // A list of one company cannot be moved to another by naming it.
      const moved = await call('PUT', `/company/saved-lists/${id}`, eve, { companyId: eveCompany, name: 'Moved', lines: [{ productId: saw, quantity: 2 }] });
      expect(moved.statusCode).toBe(404);
    });

    it('deletes a list (a buyer may), audited; deleting it again answers 404', async () => {
      const list = (await listsOf(dana)).find((one) => one.name === 'Rep’s pick');
      if (!list) throw new Error('The rep saved a list');
      expect((await call('DELETE', `/company/saved-lists/${list.id}`, bob)).json()).toEqual({ deletedCount: 1 });
      expect((await listsOf(dana)).some((one) => one.id === list.id)).toBe(false);
      expect((await audit(list.id)).at(-1)).toMatchObject({
        action: 'saved_list.deleted',
        actor_role: 'buyer',
        before: { name: 'Rep’s pick', tools: 1, pieces: 2 },
      });
      const again = await call('DELETE', `/company/saved-lists/${list.id}`, bob);
      expect(again.statusCode).toBe(404);
      expect(refusal(again.body).message).toBe(savedListMessages.notFound);
    });
  });

  describe('limits', () => {
    const put = (body: Record<string, unknown>) => call('PUT', `/company/saved-lists/${randomUUID()}`, dana, body);
    const line = (quantity = 1) => ({ productId: drill, quantity });

    // Bodies are made when each case runs: the tools exist only then.
    it.each([
      ['a name of spaces', () => ({ name: '   ', lines: [line()] }), 'name', savedListMessages.name],
      ['a name of 81 characters', () => ({ name: 'x'.repeat(81), lines: [line()] }), 'name', savedListMessages.nameTooLong],
      ['no lines', () => ({ name: 'Empty', lines: [] }), 'lines', savedListMessages.noLines],
      ['a tool twice', () => ({ name: 'Twice', lines: [line(), line(2)] }), 'lines', savedListMessages.twice],
      ['a quantity of 0', () => ({ name: 'Zero', lines: [line(0)] }), 'lines.0.quantity', 'Enter the number of pieces.'],
      [
        'an unknown tool',
        () => ({ name: 'Unknown', lines: [{ productId: randomUUID(), quantity: 1 }] }),
        'lines.0.productId',
        savedListMessages.unknownTool(1),
      ],
    ])('refuses %s (400, under its field)', async (_what, body, field, message) => {
      const res = await put(body());
      expect(res.statusCode, res.body).toBe(400);
      expect(refusal(res.body).details?.fields?.[0]).toEqual({ field, message });
    });

    it('takes a name of 80 characters and a list as long as an order, and no longer one', async () => {
      const ids = (await rowsOf<{ id: string }>(t.database.db, sql`select id from products order by id limit ${MAX_ORDER_LINES}`)).map((row) => row.id);
      // As many tools as the catalogue has, up to an order's limit; the limit itself is checked before any tool is read.
      const full = await put({ name: 'n'.repeat(80), lines: ids.map((productId) => ({ productId, quantity: 1 })) });
      expect(full.statusCode, full.body).toBe(201);
      const over = await put({ name: 'Too long', lines: Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({ productId: randomUUID(), quantity: 1 })) });
      expect(over.statusCode).toBe(400);
      expect(refusal(over.body).details?.fields?.[0]).toEqual({ field: 'lines', message: savedListMessages.tooManyLines });
      expect((await call('DELETE', `/company/saved-lists/${(full.json() as SavedList).id}`, dana)).statusCode).toBe(200);
    });

    it(`keeps at most ${MAX_SAVED_LISTS} lists a company: the next is refused (409) until one is deleted`, async () => {
      const have = (await listsOf(dana)).length;
      await t.database.db.execute(sql`
        insert into saved_lists (id, company_id, name, lines, updated_by_name)
        select gen_random_uuid(), ${danaCompany}::uuid, 'Filler ' || n, ${JSON.stringify([{ productId: drill, quantity: 1, productName: 'List Drill 18V', sku: 'LIST-DRILL-18' }])}::jsonb, 'Dana Dealer'
        from generate_series(1, ${MAX_SAVED_LISTS - have}) as n`);
      const res = await put({ name: 'One too many', lines: [line()] });
      expect(res.statusCode).toBe(409);
      expect(refusal(res.body).message).toBe(savedListMessages.tooManyLists);
      // Replacing a list the company has is still allowed at the limit.
      const [first] = await listsOf(dana);
      if (!first) throw new Error('Dana has lists');
      const replaced = await call('PUT', `/company/saved-lists/${first.id}`, dana, { name: first.name, lines: [line(9)] });
      expect(replaced.statusCode, replaced.body).toBe(200);
      await t.database.db.execute(sql`delete from saved_lists where name like 'Filler %'`);
    });
  });
});
