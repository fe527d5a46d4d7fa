// The saved catalogue as an in-memory search index (docs/architecture.md, "Offline"): built once from the
// products table, it answers a search in well under a millisecond for thousands of tools, so the home
// page's results follow every key. The matching is the server's (every word of the search a prefix of a
// word of the name, SKU or description); the order is too where the server's is defined: tools whose
// name or SKU has every word first, then those found by their description, newest first within each.

import { type CategoryList, type Product, type ProductPage, searchWords } from '../../contract/product';
import type { SavedProduct } from '../store/database';

/** Sorted distinct words, each with the tools (by number, newest first = 0) that have it. */
interface WordTable {
  words: string[];
  tools: Uint32Array[];
}

export interface CatalogueIndex {
  /** The tools, newest first (the saved `position` order). */
  products: Product[];
  categories: CategoryList;
  all: WordTable;
  named: WordTable;
  categoryOf: (string | undefined)[];
}

export interface IndexSearch {
  q: string;
  category: string | null;
  page: number;
  pageSize: number;
}

function toProduct(row: SavedProduct): Product {
  const { savedAt: _savedAt, position: _position, words: _words, nameWords: _nameWords, ...product } = row;
  return product;
}

function wordTable(lists: string[][]): WordTable {
  const byWord = new Map<string, number[]>();
  lists.forEach((words, tool) => {
    for (const word of words) {
      const tools = byWord.get(word);
      if (tools) tools.push(tool);
      else byWord.set(word, [tool]);
    }
  });
  const words = [...byWord.keys()].sort();
  return { words, tools: words.map((word) => Uint32Array.from(byWord.get(word) ?? [])) };
}

/** Builds the index from the saved rows (any order; they carry their position and search words). */
export function buildCatalogueIndex(rows: SavedProduct[]): CatalogueIndex {
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  const counts = new Map<string, number>();
  for (const { category } of sorted) if (category !== undefined) counts.set(category, (counts.get(category) ?? 0) + 1);
  return {
    products: sorted.map(toProduct),
    categories: [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, count]) => ({ name, count })),
    all: wordTable(sorted.map((row) => row.words)),
    named: wordTable(sorted.map((row) => row.nameWords)),
    categoryOf: sorted.map((row) => row.category),
  };
}

/** The first word of the sorted list that is not below `prefix`. */
function lowerBound(words: string[], prefix: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** 1 for every tool that has, for every search word, a word starting with it. */
function matchAll(table: WordTable, searched: string[], size: number): Uint8Array {
  let result: Uint8Array | null = null;
  for (const prefix of searched) {
    const mark = new Uint8Array(size);
    for (let i = lowerBound(table.words, prefix); i < table.words.length && (table.words[i] as string).startsWith(prefix); i += 1) {
      for (const tool of table.tools[i] as Uint32Array) mark[tool] = 1;
    }
    if (result) for (let tool = 0; tool < size; tool += 1) result[tool] = (result[tool] as number) & (mark[tool] as number);
    else result = mark;
  }
  return result ?? new Uint8Array(size).fill(1);
}

/** The tool numbers a search finds, in the order the page shows them. */
export function matchingTools(index: CatalogueIndex, search: Pick<IndexSearch, 'q' | 'category'>): number[] {
  const size = index.products.length;
  const searched = searchWords(search.q);
  const inCategory = (tool: number) => search.category === null || index.categoryOf[tool] === search.category;
  if (searched.length === 0) {
    const found: number[] = [];
    for (let tool = 0; tool < size; tool += 1) if (inCategory(tool)) found.push(tool);
    return found;
  }
  const matched = matchAll(index.all, searched, size);
  const inName = matchAll(index.named, searched, size);
  const named: number[] = [];
  const described: number[] = [];
  for (let tool = 0; tool < size; tool += 1) {
    if (!matched[tool] || !inCategory(tool)) continue;
    (inName[tool] ? named : described).push(tool);
  }
  return named.concat(described);
}

/** One page of a search over the index. */
export function searchCatalogueIndex(index: CatalogueIndex, search: IndexSearch): ProductPage {
  const found = matchingTools(index, search);
  const offset = (search.page - 1) * search.pageSize;
  return {
    items: found.slice(offset, offset + search.pageSize).map((tool) => index.products[tool] as Product),
    total: found.length,
    page: search.page,
    pageSize: search.pageSize,
  };
}

/** Each index's tool numbers by id, made on the first patch. */
const numbersOf = new WeakMap<CatalogueIndex, Map<string, number>>();

/**
 * The index with a sync's changed rows folded in, where each is a tool it has, found by the same words in the
 * same category (its stock, price or rules changed, as after every order): each takes its tool's place, and
 * the word tables are shared. Null when any is new or changed what it is found by: then the index is built
 * again. At 50,000 tools a build takes seconds; this, a copy of the list.
 */
export function patchCatalogueIndex(index: CatalogueIndex, rows: SavedProduct[]): CatalogueIndex | null {
  let numbers = numbersOf.get(index);
  if (!numbers) {
    numbers = new Map(index.products.map((product, tool) => [product._id, tool]));
    numbersOf.set(index, numbers);
  }
  const products = index.products.slice();
  for (const row of rows) {
    const tool = numbers.get(row._id);
    const before = tool === undefined ? undefined : products[tool];
    if (tool === undefined || !before) return null;
    if (before.name !== row.name || before.sku !== row.sku || before.description !== row.description || before.category !== row.category) return null;
    products[tool] = toProduct(row);
  }
  const patched = { ...index, products };
  numbersOf.set(patched, numbers);
  return patched;
}
