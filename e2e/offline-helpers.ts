// Browser-side helpers for the offline journeys: wait for the service worker, and look into the app's
// IndexedDB (database 'forgeline', see src/offline/store/database.ts) the way the app itself would.

import type { Page } from '@playwright/test';
import { IMAGE_CACHE_NAME } from '../src/offline/store';
import { expect, signIn, type E2eProduct, type E2eUser } from './fixtures';

/** Resolves once the service worker is active and controls the page (it claims clients on first install). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // clients.claim() takes only the pages that exist when the worker activates; a page whose navigation
  // started during activation stays uncontrolled until its next load, as it would for a real visitor.
  const claimed = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
  if (!claimed) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}

/** All rows of one store of the app's database, read with the raw IndexedDB API. */
export function readStore<T = Record<string, unknown>>(
  page: Page,
  store: 'products' | 'reviews' | 'outbox' | 'sentOrders' | 'orderPad' | 'meta',
): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('forgeline');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(name, 'readonly').objectStore(name).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        };
      }),
    store,
  );
}

/** Waits until the catalogue and the reviews have been written through to IndexedDB. */
export async function waitForSavedCatalogue(page: Page): Promise<void> {
  await expect.poll(async () => (await readStore(page, 'products')).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await readStore(page, 'reviews')).length, { timeout: 15_000 }).toBeGreaterThan(0);
}

/**
 * Waits until the answers kept between visits (TanStack's persister, in localStorage under
 * `forgeline-query-cache`) hold a successful query under `root` (`company`, `rep-companies`…): a page reloaded
 * offline from then on has it. The persister writes at most once a second.
 */
export async function waitForPersistedQuery(page: Page, root: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const saved = JSON.parse(localStorage.getItem('forgeline-query-cache') ?? '{}') as {
            clientState?: { queries?: { queryKey: unknown[]; state: { status: string } }[] };
          };
          return (saved.clientState?.queries ?? []).some((query) => query.queryKey[0] === wanted && query.state.status === 'success');
        }, root),
      { timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * Waits until the service worker's picture cache holds the
 * picture at some width: the worker fetches the saved tools' pictures after the catalogue is saved, in the
 * background, and offline it answers any width with one it holds.
 */
export async function waitForCachedPicture(page: Page, imageUrl: string): Promise<void> {
  const stem = imageUrl.replace(/\.webp$/u, '');
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ cacheName, prefix }) => {
            const cache = await caches.open(cacheName);
            return (await cache.keys()).some((request) => new URL(request.url).pathname.startsWith(prefix));
          },
          { cacheName: IMAGE_CACHE_NAME, prefix: stem },
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** How many rows some stores of the app's database hold, read in one go (a store not created yet counts 0). */
export function countRows(page: Page, stores: string[]): Promise<Record<string, number>> {
  return page.evaluate(
    (names) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('forgeline');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const present = names.filter((name) => db.objectStoreNames.contains(name));
          const counts: Record<string, number> = Object.fromEntries(names.map((name) => [name, 0]));
          if (present.length === 0) {
            db.close();
            resolve(counts);
            return;
          }
          const tx = db.transaction(present, 'readonly');
          for (const name of present) {
            const request = tx.objectStore(name).count();
            request.onsuccess = () => {
              counts[name] = request.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(counts);
          };
          tx.onerror = () => reject(tx.error ?? new Error('read failed'));
        };
      }),
    stores,
  );
}

/** The dealer signed in, the worker in control, and the saved catalogue holding these products. */
export async function dealerReady(page: Page, dealer: E2eUser, products: E2eProduct[] = []): Promise<void> {
  await signIn(page, dealer);
  await page.goto('/');
  await waitForServiceWorker(page);
  await waitForSavedCatalogue(page);
  // The saved catalogue holds the journey's products before the connection goes.
  await expect
    .poll(async () => {
      const saved = new Set((await readStore<E2eProduct>(page, 'products')).map((p) => p._id));
      return products.every((p) => saved.has(p._id));
    })
    .toBe(true);
}

/** Orders through the purchase page while offline; the app saves it and opens My Orders. */
export async function orderOffline(page: Page, product: E2eProduct, quantity: number): Promise<void> {
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByLabel('Address').fill('4 Quay Street, Bristol');
  await page.getByLabel('Phone').fill('+44 117 555 0199');
  await page.getByLabel('Order quantity (pcs.)').fill(String(quantity));
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByText('Saved offline. It will be sent when you are back online.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
}
