// @vitest-environment jsdom
// A saved list turned into a pad (docs/decisions/054-saved-lists.md): its rows go through the same report as a
// pasted list, found by the tool's id in today's catalogue (a tool deleted since is named), judged by today's
// rules with what the pad holds (or nothing, when the list replaces the pad); the pad replaced in one write; and
// the lists kept on the device per account, gone with Logout and for any other account.

import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/contract/product';
import type { SavedList } from '../../src/contract/saved-list';
import { importReport } from '../../src/features/order-pad/import-list';
import { orderListLines } from '../../src/features/order-pad/save-order-as-list';
import { savedListRows } from '../../src/features/order-pad/saved-list-rows';
import type { Order } from '../../src/contract/order';
import { openDatabase } from '../../src/offline/store/database';
import { addToPad, listPad, PadQuantityError, replacePad } from '../../src/offline/store/order-pad';
import { forgetSavedLists, keepSavedLists, readSavedLists } from '../../src/offline/store/saved-lists';

const tool = (id: string, rules: Partial<Product> = {}): Product => ({
  _id: id,
  name: `Tool ${id}`,
  sku: `SKU-${id}`,
  description: '',
  imageUrl: '/uploads/x.webp',
  price: 10,
  availableQnt: 500,
  minOrderQnt: 1,
  ...rules,
});

const list = (lines: [string, number][], name = 'Weekly restock'): SavedList => ({
  id: `list-${name}`,
  companyId: 'company-1',
  name,
  lines: lines.map(([productId, quantity]) => ({ productId, quantity, productName: `Saved ${productId}`, sku: `OLD-${productId}` })),
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
  updatedBy: 'Dana Dealer',
});

const nothing = () => 0;

describe('a saved list on the pad', () => {
  it('finds each tool by its id, even when its SKU changed since, and keeps the list’s order and quantities', () => {
    const report = importReport(
      savedListRows(
        list([
          ['drill', 12],
          ['saw', 4],
        ]),
      ),
      [tool('saw'), tool('drill')],
      nothing,
      0,
    );
    expect(report.map(({ key, product, quantity, problem, lines }) => ({ key, id: product?._id, quantity, problem, lines }))).toEqual([
      { key: 'id:drill', id: 'drill', quantity: 12, problem: null, lines: [1] },
      { key: 'id:saw', id: 'saw', quantity: 4, problem: null, lines: [2] },
    ]);
  });

  it('names a tool deleted since by the name it was saved with, and leaves it out', () => {
    const [row] = importReport(savedListRows(list([['gone', 3]])), [tool('drill')], nothing, 0);
    expect(row).toMatchObject({ product: null, problem: { code: 'gone', message: '“Saved gone” is no longer in the catalogue.' }, suggestion: null });
  });

  it('judges every quantity by today’s rules: out of stock, off the pack with the quantity offered, over the maximum', () => {
    const products = [tool('sold-out', { availableQnt: 0 }), tool('packed', { packSize: 6 }), tool('capped', { maxOrderQnt: 10 })];
    const report = importReport(
      savedListRows(
        list([
          ['sold-out', 2],
          ['packed', 10],
          ['capped', 25],
        ]),
      ),
      products,
      nothing,
      0,
    );
    expect(report.map((row) => [row.key, row.problem?.code ?? 'ready', row.suggestion])).toEqual([
      ['id:sold-out', 'out_of_stock', null],
      ['id:packed', 'not_pack_multiple', 12],
      ['id:capped', 'above_maximum', null],
    ]);
  });

  it('adds to what the pad holds, or, replacing the pad, counts nothing of it', () => {
    const rows = savedListRows(list([['capped', 6]]));
    const products = [tool('capped', { maxOrderQnt: 10 })];
    const onPad = (id: string) => (id === 'capped' ? 5 : 0);
    expect(importReport(rows, products, onPad, 1)[0]).toMatchObject({ onPad: 5, problem: { code: 'above_maximum' } });
    expect(importReport(rows, products, nothing, 0)[0]).toMatchObject({ onPad: 0, problem: null });
  });
});

describe('a past order as a list', () => {
  it('takes each tool once with its quantity, leaving out lines whose tool was deleted', () => {
    const line = (productId: string | null, quantity: number) => ({
      productId,
      productName: `Tool ${productId}`,
      imageUrl: null,
      unitPrice: 1,
      quantity,
      lineTotal: quantity,
    });
    const order = {
      lines: [line('drill', 3), line(null, 2), line('saw', 5)],
      productId: 'drill',
      productName: 'Tool drill',
      orderQuantity: 10,
    } as unknown as Order;
    expect(orderListLines(order)).toEqual([
      { productId: 'drill', quantity: 3, name: 'Tool drill' },
      { productId: 'saw', quantity: 5, name: 'Tool saw' },
    ]);
    const oneTool = { productId: 'grinder', productName: 'Grinder', orderQuantity: 7 } as unknown as Order;
    expect(orderListLines(oneTool)).toEqual([{ productId: 'grinder', quantity: 7, name: 'Grinder' }]);
  });
});

describe('replacePad', () => {
  it('empties the pad and puts the list’s tools on it in one write, in the list’s order', async () => {
    const db = openDatabase(`saved-lists-pad-${Math.random()}`);
    await addToPad('dana@example.com', 'old', 2, db, 1000);
    await addToPad('other@example.com', 'old', 2, db, 1000);
    await replacePad(
      'Dana@example.com',
      [
        { productId: 'saw', quantity: 4 },
        { productId: 'drill', quantity: 12 },
      ],
      db,
      2000,
    );
    expect((await listPad('dana@example.com', db)).map((line) => [line.productId, line.quantity])).toEqual([
      ['saw', 4],
      ['drill', 12],
    ]);
    expect(await listPad('other@example.com', db)).toHaveLength(1);
  });

  it('leaves the pad as it was when a quantity cannot be kept', async () => {
    const db = openDatabase(`saved-lists-pad-${Math.random()}`);
    await addToPad('dana@example.com', 'old', 2, db, 1000);
    await expect(replacePad('dana@example.com', [{ productId: 'saw', quantity: 0 }], db)).rejects.toBeInstanceOf(PadQuantityError);
    expect((await listPad('dana@example.com', db)).map((line) => line.productId)).toEqual(['old']);
  });
});

describe('the lists kept on the device', () => {
  it('keeps them per account and company; reading one account’s removes every other account’s; Logout removes all', async () => {
    const db = openDatabase(`saved-lists-kept-${Math.random()}`);
    const weekly = list([['drill', 12]]);
    await keepSavedLists('dana@example.com', null, [weekly], db, 5000);
    await keepSavedLists('rita@example.com', 'company-1', [weekly], db, 6000);
    expect(await readSavedLists('rita@example.com', 'company-1', db)).toEqual({ lists: [weekly], savedAt: 6000 });
    expect(await readSavedLists('rita@example.com', 'company-2', db)).toBeUndefined();
    // Rita read hers on this tablet: Dana's company's lists are gone from it.
    expect(await db.meta.get('savedLists:dana@example.com')).toBeUndefined();
    await forgetSavedLists(null, db);
    expect(await readSavedLists('rita@example.com', 'company-1', db)).toBeUndefined();
  });
});
