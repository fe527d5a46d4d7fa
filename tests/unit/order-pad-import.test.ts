// @vitest-environment jsdom
// The order pad's list import: rows read from what a spreadsheet, a .csv file or typing gives (tabs,
// commas, semicolons, spaces, a header row), and the report on them before anything is added: unknown
// SKUs, the quantity rules with what the pad has already, rows of one tool merged, and the pad's limit.

import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MAX_ORDER_LINES } from '../../src/contract/constants';
import type { Product } from '../../src/contract/product';
import { importReport, parseList } from '../../src/features/order-pad/import-list';
import { isListPaste } from '../../src/features/order-pad/pad-import';
import { openDatabase } from '../../src/offline/store/database';
import { addManyToPad, addToPad, listPad, PadQuantityError } from '../../src/offline/store/order-pad';

const tool = (sku: string, rules: Partial<Product> = {}): Product => ({
  _id: `id-${sku}`,
  name: `Tool ${sku}`,
  sku,
  description: '',
  imageUrl: '/uploads/x.webp',
  price: 10,
  availableQnt: 500,
  minOrderQnt: 1,
  ...rules,
});

const sample = (text: string) => parseList(text).map(({ line, sku, quantityText }) => [line, sku, quantityText]);

describe('parseList', () => {
  it('reads tabs from a spreadsheet, commas, semicolons and spaces alike', () => {
    const expected = [
      [1, 'FL-A1', '12'],
      [2, 'FL-B2', '6'],
    ];
    expect(sample('FL-A1\t12\nFL-B2\t6')).toEqual(expected);
    expect(sample('FL-A1,12\r\nFL-B2,6\r\n')).toEqual(expected);
    expect(sample('FL-A1;12\nFL-B2;6')).toEqual(expected);
    expect(sample('FL-A1 12\nFL-B2    6')).toEqual(expected);
    expect(sample('  FL-A1  12  \n\tFL-B2\t6\t')).toEqual(expected);
  });

  it('leaves out a header row and blank lines, and numbers rows by the line they are on', () => {
    expect(sample('SKU\tQuantity\nFL-A1\t12\n\n\nFL-B2\t6\n')).toEqual([
      [2, 'FL-A1', '12'],
      [5, 'FL-B2', '6'],
    ]);
    expect(sample('sku,qty\nFL-A1,3')).toEqual([[2, 'FL-A1', '3']]);
  });

  it('takes the columns a header names, and otherwise the first cell as the SKU and the last as the quantity', () => {
    expect(sample('Description;Qty;Item No.\nCordless drill;4;FL-A1\nAngle grinder;2;FL-B2')).toEqual([
      [2, 'FL-A1', '4'],
      [3, 'FL-B2', '2'],
    ]);
    expect(sample('FL-A1,Cordless drill, 18 V,4')).toEqual([[1, 'FL-A1', '4']]);
    expect(sample('"FL-A1","Drill, cordless","7"')).toEqual([[1, 'FL-A1', '7']]);
  });

  it('keeps a row without a quantity, with none, and a first row whose quantity is a number is data', () => {
    expect(sample('FL-A1\nFL-B2 3')).toEqual([
      [1, 'FL-A1', ''],
      [2, 'FL-B2', '3'],
    ]);
    expect(sample('item 5')).toEqual([[1, 'item', '5']]);
    expect(parseList('')).toEqual([]);
    expect(parseList('\n \n')).toEqual([]);
  });
});

describe('importReport', () => {
  const products = [
    tool('FL-OK'),
    tool('FL-MIN', { minOrderQnt: 10 }),
    tool('FL-PACK', { packSize: 6 }),
    tool('FL-MAX', { maxOrderQnt: 20 }),
    tool('FL-LOW', { availableQnt: 5 }),
    tool('FL-OUT', { availableQnt: 0 }),
  ];
  const none = () => 0;
  const report = (text: string, onPad: (id: string) => number = none, padLines = 0) => importReport(parseList(text), products, onPad, padLines);

  it('says for every row why it cannot be added, in the quantity rules’ words, and offers a quantity where rounding up helps', () => {
    const rows = report('FL-OK 3\nFL-NOPE 2\nFL-MIN 4\nFL-PACK 8\nFL-MAX 30\nFL-LOW 9\nFL-OUT 1\nfl-ok2 x\nFL-OK2');
    expect(rows.map((row) => [row.sku, row.problem?.code ?? null, row.suggestion])).toEqual([
      ['FL-OK', null, null],
      ['FL-NOPE', 'unknown_sku', null],
      ['FL-MIN', 'below_minimum', 10],
      ['FL-PACK', 'not_pack_multiple', 12],
      ['FL-MAX', 'above_maximum', null],
      ['FL-LOW', 'out_of_stock', null],
      ['FL-OUT', 'out_of_stock', null],
      ['fl-ok2', 'unknown_sku', null],
    ]);
    expect(rows[2]?.problem?.message).toBe('The minimum order for this product is 10 pcs.');
    expect(rows[3]?.problem?.message).toBe('Sold in packs of 6: order a multiple of 6 pcs.');
    expect(rows[4]?.problem?.message).toBe('At most 20 pcs. per order.');
    expect(rows[5]?.problem?.message).toBe('Only 5 pcs. are in stock.');
    expect(rows[6]?.problem?.message).toBe('This tool is out of stock right now.');
    expect(rows[1]?.problem?.message).toBe('No tool has the SKU “FL-NOPE”.');
  });

  it('finds a tool by its SKU in any case, and says when a row has no quantity the pad can read', () => {
    const rows = report('fl-ok 2\nFL-MIN\nFL-MAX 2.5');
    expect(rows.map((row) => [row.product?._id ?? null, row.quantity, row.problem?.code ?? null])).toEqual([
      ['id-FL-OK', 2, null],
      ['id-FL-MIN', null, 'no_quantity'],
      ['id-FL-MAX', null, 'no_quantity'],
    ]);
  });

  it('merges rows of one tool, adding their quantities, and judges the sum', () => {
    const rows = report('FL-MIN 4\nFL-OK 1\nfl-min 6\nFL-MAX 15\nFL-MAX 10');
    expect(rows.map((row) => [row.sku, row.lines, row.quantity, row.problem?.code ?? null])).toEqual([
      ['FL-MIN', [1, 3], 10, null],
      ['FL-OK', [2], 1, null],
      ['FL-MAX', [4, 5], 25, 'above_maximum'],
    ]);
  });

  it('counts what the pad has already, as the quick entry does', () => {
    const onPad = (id: string) => (id === 'id-FL-MAX' ? 15 : 0);
    const [row] = report('FL-MAX 10', onPad);
    expect(row?.problem?.message).toBe('At most 20 pcs. per order. 15 pcs. are on the pad already.');
    expect(report('FL-MAX 5', onPad)[0]).toMatchObject({ problem: null, onPad: 15, quantity: 5 });
  });

  it('applies the dealer’s changes: a dropped row is left out, a typed quantity replaces the list’s', () => {
    const rows = importReport(parseList('FL-MIN 4\nFL-NOPE 1\nFL-PACK 8'), products, none, 0, {
      dropped: new Set(['FL-NOPE']),
      quantities: new Map([
        ['FL-MIN', 12],
        ['FL-PACK', null],
      ]),
    });
    expect(rows.map((row) => [row.sku, row.quantity, row.problem?.code ?? null])).toEqual([
      ['FL-MIN', 12, null],
      ['FL-PACK', null, 'no_quantity'],
    ]);
  });

  it('refuses new tools past what one order holds, and still adds to tools on the pad', () => {
    const onPad = (id: string) => (id === 'id-FL-OK' ? 1 : 0);
    const rows = report('FL-MIN 10\nFL-OK 2\nFL-PACK 6', onPad, MAX_ORDER_LINES - 1);
    expect(rows.map((row) => row.problem?.code ?? null)).toEqual([null, null, 'pad_full']);
    expect(rows[2]?.problem?.message).toBe('The pad holds at most 1,000 tools: place an order, then add the rest.');
  });
});

describe('isListPaste', () => {
  it('takes text of two lines or more pasted outside a box', () => {
    const page = document.createElement('main');
    const box = document.createElement('input');
    const area = document.createElement('textarea');
    page.append(box, area);
    expect(isListPaste(page, 'FL-A1 2\nFL-B2 3')).toBe(true);
    expect(isListPaste(document.body, 'FL-A1 2\r\nFL-B2 3\r\n')).toBe(true);
    expect(isListPaste(page, 'FL-A1 2')).toBe(false);
    expect(isListPaste(page, 'FL-A1 2\n\n')).toBe(false);
    expect(isListPaste(box, 'FL-A1 2\nFL-B2 3')).toBe(false);
    expect(isListPaste(area, 'FL-A1 2\nFL-B2 3')).toBe(false);
  });
});

describe('addManyToPad', () => {
  it('puts a list on the pad in one write, in its order, adding to lines already there, and refuses a bad quantity before writing', async () => {
    const db = openDatabase(`pad-import-${Math.random()}`);
    try {
      await addToPad('dealer@example.com', 'drill', 5, db, 1000);
      await addManyToPad(
        'Dealer@Example.com',
        [
          { productId: 'saw', quantity: 2 },
          { productId: 'drill', quantity: 3 },
          { productId: 'level', quantity: 1 },
        ],
        db,
        1000,
      );
      expect((await listPad('dealer@example.com', db)).map((line) => [line.productId, line.quantity])).toEqual([
        ['drill', 8],
        ['saw', 2],
        ['level', 1],
      ]);
      await expect(
        addManyToPad(
          'dealer@example.com',
          [
            { productId: 'grinder', quantity: 4 },
            { productId: 'saw', quantity: 0 },
          ],
          db,
        ),
      ).rejects.toThrow(PadQuantityError);
      expect(await listPad('dealer@example.com', db)).toHaveLength(3);
    } finally {
      db.close();
    }
  });
});
