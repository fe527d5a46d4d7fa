// GET /api/products?q=&category=&page=&pageSize= for Our Tools: a search (or a category) is answered at
// once from the saved catalogue's index when the device has it (in the catalogue's worker, or on the page
// without one), online and offline; online the server's answer for the same page follows and confirms it
// (fresher stock and prices, in the order already shown) or, when the saved copy is behind, replaces it
// and asks the catalogue to sync. Without a saved copy the server answers. Browsing without a search or
// category shows the server's newest tools first, or the saved copy offline. A search the dealer typed
// past is cancelled: the worker drops it before it runs and its server request is aborted.

import { type InfiniteData, infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { CATALOGUE_PAGE_SIZE, CATALOGUE_SEARCH_MAX_LENGTH, ProductPageSchema, searchWords, type Product, type ProductPage } from '../../contract/product';
import {
  catalogueWorkerNotStarted,
  catalogueWorkerSearch,
  getCatalogueFill,
  searchSavedCatalogue,
  type CatalogueSearch,
  type SavedRead,
  withOfflineFallback,
} from '../../offline/catalogue';

export interface ToolSearch {
  q: string;
  category: string | null;
}

/**
 * The search a link to Our Tools carries (`/?q=FL-CS184#tools`), or undefined when it carries none. The
 * router reads a query value that looks like JSON as JSON, so `?q=184` arrives as a number.
 */
export function catalogueSearchOf(search: unknown): string | undefined {
  const q = typeof search === 'object' && search !== null ? (search as { q?: unknown }).q : undefined;
  const text = typeof q === 'string' ? q : typeof q === 'number' && Number.isFinite(q) ? String(q) : '';
  const trimmed = text.trim().slice(0, CATALOGUE_SEARCH_MAX_LENGTH).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** One page of the server's answer to a search (or of the newest tools, without one). */
export function fetchProductPage(search: CatalogueSearch, signal?: AbortSignal): Promise<ProductPage> {
  return apiRequest('/products', {
    query: { q: search.q.trim() || undefined, category: search.category ?? undefined, page: search.page, pageSize: search.pageSize },
    schema: ProductPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The first page of Our Tools, asked for before the page has rendered (requestFirstToolsPage). */
let firstPage: Promise<ProductPage> | null = null;

/**
 * Asks the server for the first page of Our Tools at once: the home page calls it while its script is
 * still starting, so the first cards do not wait for React's first render (docs/performance.md). The
 * next search for that page takes the answer; it is used once.
 */
export function requestFirstToolsPage(): void {
  if (firstPage) return;
  firstPage = fetchProductPage({ q: '', category: null, page: 1, pageSize: CATALOGUE_PAGE_SIZE });
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  firstPage.catch(() => undefined);
}

function takeFirstPage(search: CatalogueSearch): Promise<ProductPage> | null {
  const isFirst = search.q.trim() === '' && search.category === null && search.page === 1 && search.pageSize === CATALOGUE_PAGE_SIZE;
  if (!isFirst || !firstPage) return null;
  const taken = firstPage;
  firstPage = null;
  return taken;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The saved catalogue's page for a search: in the worker where there is one, else (or if it failed) on the page. */
async function searchSaved(search: CatalogueSearch, signal?: AbortSignal): Promise<SavedRead<ProductPage> | undefined> {
  const inWorker = catalogueWorkerSearch();
  if (inWorker) {
    try {
      return (await inWorker(search, signal)) ?? undefined;
    } catch (error) {
      if (isAbort(error)) throw error;
    }
  }
  return searchSavedCatalogue(search);
}

const sameProduct = (a: Product, b: Product) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => JSON.stringify(a[key as keyof Product]) === JSON.stringify(b[key as keyof Product]));
};

/**
 * The page to show once the server answered the search the saved copy already answered: with the same
 * total the saved copy is current, so its order stays (no card moves) and the server's fields (stock,
 * prices) replace the saved ones; with another total the saved copy is behind and the server's page is
 * shown. The same object back means nothing changed.
 */
export function confirmPage(saved: ProductPage, server: ProductPage): ProductPage {
  if (server.total !== saved.total) return server;
  const fresh = new Map(server.items.map((product) => [product._id, product]));
  let changed = false;
  const items = saved.items.map((product) => {
    const newer = fresh.get(product._id);
    if (!newer || sameProduct(newer, product)) return product;
    changed = true;
    return newer;
  });
  return changed ? { ...saved, items } : saved;
}

export interface SearchOptions {
  signal?: AbortSignal;
  /** Online, after a page came from the saved copy: the page confirmed by the server, when it differs. */
  onConfirmed?: (page: ProductPage) => void;
  /** The server's total differed from the saved copy's: the saved catalogue is behind. */
  onBehind?: () => void;
}

/**
 * How long a search answered from the saved copy waits before the server is asked to confirm it: a search
 * the dealer types past within it is cancelled (its signal aborts) and never reaches the server.
 */
const CONFIRM_DELAY_MS = 300;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The search was replaced by a newer one.', 'AbortError'));
      },
      { once: true },
    );
  });

function confirmWithServer(search: CatalogueSearch, saved: ProductPage, options: SearchOptions): void {
  if (!options.onConfirmed || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  const { signal, onConfirmed, onBehind } = options;
  pause(CONFIRM_DELAY_MS, signal)
    .then(() => fetchProductPage(search, signal))
    .then(
      (server) => {
        // Only the latest search's answer is applied: one the dealer typed past was aborted.
        if (signal?.aborted) return;
        const shown = confirmPage(saved, server);
        if (shown !== saved) onConfirmed(shown);
        if (server.total !== saved.total) onBehind?.();
      },
      // The saved page stays; the catalogue sync reports an unreachable server.
      () => undefined,
    );
}

export async function searchProducts(search: CatalogueSearch, options: SearchOptions = {}): Promise<ProductPage> {
  const browsing = searchWords(search.q).length === 0 && !search.category;
  // Online, the server answers at once while the first copy is being saved (the saved copy could only say
  // it is incomplete, after the worker has saved the page it is busy with), and before the catalogue's
  // worker has started: a first keystroke does not wait for the worker's script and its database to load.
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  const serverFirst = online && (getCatalogueFill() !== null || catalogueWorkerNotStarted());
  if (!browsing && !serverFirst) {
    const saved = await searchSaved(search, options.signal).catch((error: unknown) => {
      if (isAbort(error)) throw error;
      return undefined;
    });
    // A first copy still being saved answers only offline (below): online the server knows every tool.
    if (saved && !saved.partial) {
      confirmWithServer(search, saved.data, options);
      return saved.data;
    }
  }
  const early = takeFirstPage(search);
  const fromServer = () => early ?? fetchProductPage(search, options.signal);
  // Nothing to write back: the saved copy is kept by the catalogue sync (sync-catalogue.ts).
  return withOfflineFallback(
    'products',
    fromServer,
    () => searchSaved(search, options.signal),
    async () => undefined,
  );
}

export const productSearchQueryOptions = (search: ToolSearch) =>
  infiniteQueryOptions({
    queryKey: queryKeys.productSearch(search),
    queryFn: ({ pageParam, signal, client, queryKey }) =>
      searchProducts(
        { ...search, page: pageParam, pageSize: CATALOGUE_PAGE_SIZE },
        {
          signal,
          onConfirmed: (page) =>
            client.setQueryData<InfiniteData<ProductPage, number>>(queryKey, (data) =>
              data ? { ...data, pages: data.pages.map((shown, i) => (data.pageParams[i] === pageParam ? page : shown)) } : data,
            ),
          onBehind: () => void client.invalidateQueries({ queryKey: queryKeys.catalogueSync }),
        },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: ProductPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    // The cards of the last answer stay while the next is found, so typing never flashes a spinner.
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

export function useProductSearch(search: ToolSearch) {
  return useInfiniteQuery(productSearchQueryOptions(search));
}
