// A list pasted or imported into the order pad, read on the device (so it works offline against the saved
// catalogue): rows of "SKU quantity" as a spreadsheet copies them (tabs), as a .csv has them (commas or
// semicolons) or as typed (spaces). Papa Parse reads the rows and guesses the separator; a header row is
// left out, and where it names the SKU and quantity columns those are the ones read. Then the report: each
// row's tool found by its SKU, rows of one tool merged, and every quantity judged by the same rules as the
// quick entry (quantity-rules.ts), counting what that tool already has on the pad.

import Papa from 'papaparse';
import { MAX_ORDER_LINES } from '../../contract/constants';
import { formatCount } from '../../contract/pricing';
import type { Product } from '../../contract/product';
import { quantityMessages, quantityProblem, roundUpToAllowed, type QuantityProblemCode } from '../../contract/quantity-rules';
import { parseQuantity } from './match-tools';

/**
 * One row of the list as read: where it was (1 for the first line of the text), its SKU and quantity as written.
 * A saved list's row names its tool by id, with the tool's name as it was saved, so a tool whose SKU changed is
 * still found and one deleted since is still named.
 */
export interface ListRow {
  line: number;
  sku: string;
  quantityText: string;
  productId?: string;
  name?: string;
}

const SKU_HEADERS = ['sku', 'item', 'item no', 'item number', 'code', 'product code', 'part', 'part no', 'part number', 'article', 'ref', 'reference'];
const QUANTITY_HEADERS = ['qty', 'quantity', 'pcs', 'pieces', 'amount', 'units', 'count', 'qnt'];

const headerWord = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[.:#()]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();

/** A row's cells as written: a row Papa Parse gave one cell (no tab, comma or semicolon) is split at its spaces. */
function cellsOf(record: readonly string[]): string[] {
  const cells = record.map((cell) => cell.trim());
  const filled = cells.filter((cell) => cell !== '');
  if (filled.length === 1) return (filled[0] ?? '').split(/\s+/u);
  return cells;
}

/** The SKU and quantity columns a header row names, or null when the row is not a header. */
function headerColumns(cells: readonly string[]): { sku: number; quantity: number } | null {
  const words = cells.map(headerWord);
  const sku = words.findIndex((word) => SKU_HEADERS.includes(word));
  const quantity = words.findIndex((word) => QUANTITY_HEADERS.includes(word));
  if (sku < 0 && quantity < 0) return null;
  return { sku, quantity };
}

/** Reads a pasted or imported list into its rows; blank lines and a header row are left out. */
export function parseList(text: string): ListRow[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/u, ''), {
    delimiter: '',
    delimitersToGuess: ['\t', ',', ';', '|'],
    skipEmptyLines: 'greedy',
    header: false,
  });
  // Papa Parse numbers its rows from the data; a blank line skipped still counts for the line the dealer sees.
  const lines = text.split(/\r\n|\r|\n/u);
  const lineNumbers: number[] = [];
  lines.forEach((line, index) => {
    if (line.trim() !== '') lineNumbers.push(index + 1);
  });
  const rows: ListRow[] = [];
  let columns: { sku: number; quantity: number } | null = null;
  parsed.data.forEach((record, index) => {
    const cells = cellsOf(record);
    if (cells.every((cell) => cell === '')) return;
    if (rows.length === 0 && columns === null) {
      const header = headerColumns(cells);
      if (header && parseQuantity(cells[header.quantity >= 0 ? header.quantity : cells.length - 1] ?? '') === null) {
        columns = header;
        return;
      }
    }
    const filled = cells.filter((cell) => cell !== '');
    const sku = columns && columns.sku >= 0 ? (cells[columns.sku] ?? '') : (filled[0] ?? '');
    const quantityText = columns && columns.quantity >= 0 ? (cells[columns.quantity] ?? '') : filled.length > 1 ? (filled[filled.length - 1] ?? '') : '';
    rows.push({ line: lineNumbers[index] ?? index + 1, sku, quantityText });
  });
  return rows;
}

export type ImportProblemCode = QuantityProblemCode | 'unknown_sku' | 'gone' | 'no_quantity' | 'pad_full';

/** One tool of the list: its rows merged, the quantity to add, and why it cannot be added as it is. */
export interface ImportRow {
  /** The row's key in the report: its SKU in any case, or its tool's id for a saved list's row. */
  key: string;
  /** The SKU as first written. */
  sku: string;
  /** The lines of the list it came from; more than one when rows of the same tool were merged. */
  lines: number[];
  product: Product | null;
  /** Pieces to add (the merged rows' sum); null when a row had none the pad can read. */
  quantity: number | null;
  /** Pieces of the tool on the pad already. */
  onPad: number;
  problem: { code: ImportProblemCode; message: string } | null;
  /** A quantity the rules take, offered when the one written is below the minimum or off the pack. */
  suggestion: number | null;
}

/** A SKU as the list and the catalogue are matched on: trimmed, any case. */
export const skuKey = (sku: string) => sku.trim().toUpperCase();

/** The catalogue's tools by SKU, as the report looks them up (any case). */
export function toolsBySku(products: readonly Product[]): Map<string, Product> {
  const bySku = new Map<string, Product>();
  for (const product of products) if (product.sku) bySku.set(skuKey(product.sku), product);
  return bySku;
}

/** Why `quantity` more pieces of `product` (with `onPad` on the pad already) cannot be added, and what could be. */
export function judgeQuantity(product: Product, quantity: number | null, onPad: number): Pick<ImportRow, 'problem' | 'suggestion'> {
  if (quantity === null) return { problem: { code: 'no_quantity', message: quantityMessages.noQuantity }, suggestion: null };
  const total = onPad + quantity;
  const problem = quantityProblem(product, total);
  if (!problem) return { problem: null, suggestion: null };
  const already = onPad > 0 ? ` ${formatCount(onPad)} pcs. are on the pad already.` : '';
  const rounded = problem.code === 'below_minimum' || problem.code === 'not_pack_multiple' ? roundUpToAllowed(product, total) : null;
  return {
    problem: { code: problem.code, message: `${problem.message}${already}` },
    suggestion: rounded && 'quantity' in rounded ? rounded.quantity - onPad : null,
  };
}

/** The key of a list's row in the report (ImportRow's `key`). */
export const rowKey = (row: Pick<ListRow, 'sku' | 'productId'>) => (row.productId ? `id:${row.productId}` : skuKey(row.sku));

/** What the dealer changed in the report, by the rows' keys: rows dropped, and quantities typed in place of the list's. */
export interface ReportEdits {
  dropped?: ReadonlySet<string>;
  quantities?: ReadonlyMap<string, number | null>;
}

/**
 * The report on a list before anything is added: one row per tool (rows of the same SKU merged, their
 * quantities added up), then each judged: an unknown SKU, no quantity, the quantity rules with what the pad
 * has already, and a pad that would pass MAX_ORDER_LINES tools. Rows keep the order of the list; rows the
 * dealer dropped are left out and a quantity they typed replaces the list's.
 */
export function importReport(
  rows: readonly ListRow[],
  products: readonly Product[],
  onPad: (productId: string) => number,
  padLines: number,
  edits: ReportEdits = {},
): ImportRow[] {
  const bySku = toolsBySku(products);
  const byId = new Map(products.map((product) => [product._id, product]));
  const merged = new Map<
    string,
    { key: string; sku: string; name: string | null; lines: number[]; product: Product | null; quantity: number | null; unreadable: boolean }
  >();
  for (const row of rows) {
    const key = rowKey(row);
    const quantity = parseQuantity(row.quantityText);
    const entry = merged.get(key);
    if (entry) {
      entry.lines.push(row.line);
      entry.unreadable ||= quantity === null;
      entry.quantity = entry.unreadable || entry.quantity === null || quantity === null ? null : entry.quantity + quantity;
    } else {
      const product = (row.productId ? byId.get(row.productId) : bySku.get(key)) ?? null;
      merged.set(key, {
        key,
        sku: row.sku.trim(),
        name: row.productId ? (row.name ?? row.sku) : null,
        lines: [row.line],
        product,
        quantity,
        unreadable: quantity === null,
      });
    }
  }
  let room = MAX_ORDER_LINES - padLines;
  const kept = [...merged.values()].filter((entry) => !edits.dropped?.has(entry.key));
  return kept.map(({ key, sku, name, lines, product, quantity: listed }) => {
    const typed = edits.quantities?.get(key);
    const quantity = typed === undefined ? listed : typed;
    if (!product) {
      // A saved list's tool deleted since the list was saved; a pasted SKU no tool has.
      const problem =
        name === null
          ? { code: 'unknown_sku' as const, message: `No tool has the SKU “${sku}”.` }
          : { code: 'gone' as const, message: `“${name}” is no longer in the catalogue.` };
      return { key, sku, lines, product, quantity, onPad: 0, problem, suggestion: null };
    }
    const already = onPad(product._id);
    if (already === 0) {
      if (room <= 0) {
        const message = `The pad holds at most ${formatCount(MAX_ORDER_LINES)} tools: place an order, then add the rest.`;
        return { key, sku, lines, product, quantity, onPad: 0, problem: { code: 'pad_full', message }, suggestion: null };
      }
      room -= 1;
    }
    return { key, sku, lines, product, quantity, onPad: already, ...judgeQuantity(product, quantity, already) };
  });
}

/** Whether the pad has room for this row's tool: on the pad already, or a new line within MAX_ORDER_LINES. */
export const padHasRoom = (row: ImportRow) => row.problem?.code !== 'pad_full';
