// Helpers for the offline journeys: wait for the service worker, and look into the app's IndexedDB
// (database 'forgeline', see src/db/database.ts) the way the app itself would.

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';
import { accessToken, expect } from './fixtures';

/** Resolves once the service worker is active and controls the page (it claims clients on first install). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // clients.claim() takes only the pages that exist when the worker activates; a page whose navigation
  // started during activation stays uncontrolled until its next load, as it would for a real visitor.
  const claimed = await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (!claimed) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}

/** All rows of one store of the app's database, read with the raw IndexedDB API. */
export function readStore<T = Record<string, unknown>>(page: Page, store: 'products' | 'reviews' | 'outbox' | 'meta'): Promise<T[]> {
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

export interface SavedProduct {
  _id: string;
  name: string;
  price: number;
  minOrderQnt: number;
  availableQnt: number;
}

export interface ServerOrder {
  _id: string;
  productName: string;
  orderQuantity: number;
  totalPrice: number;
  clientOrderId: string | null;
}

/** The user's orders as the server has them. Node's fetch: the browser context's offline switch does not touch it. */
export async function serverOrders(token: string, email: string): Promise<ServerOrder[]> {
  const res = await fetch(`${e2eEnv.baseURL}/api/orders/${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`orders read failed: ${res.status}`);
  return (await res.json()) as ServerOrder[];
}

/** An access token for an existing emulator account (the demo admin). */
export async function tokenFor(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${e2eEnv.authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, returnSecureToken: true }),
  });
  const { idToken } = (await res.json()) as { idToken?: string };
  if (!idToken) throw new Error(`emulator sign-in failed: ${res.status}`);
  return accessToken({ email: user.email, idToken });
}

/** A product of this journey's own, with a small stock, added by the admin through the API. */
export async function createProduct(adminToken: string, fields: { name: string; price: number; availableQnt: number; minOrderQnt: number }): Promise<SavedProduct> {
  const form = new FormData();
  form.append('image', new Blob([await readFile('public/icons/icon-512.png')], { type: 'image/png' }), 'tool.png');
  const upload = await fetch(`${e2eEnv.baseURL}/api/images`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
  if (!upload.ok) throw new Error(`image upload failed: ${upload.status}`);
  const { data } = (await upload.json()) as { data: { url: string } };
  const description = `${fields.name}: a limited run for the offline ordering journey. `.repeat(4);
  const created = await fetch(`${e2eEnv.baseURL}/api/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...fields, description, imageUrl: data.url }),
  });
  if (!created.ok) throw new Error(`product create failed: ${created.status} ${await created.text()}`);
  const { insertedId } = (await created.json()) as { insertedId: string };
  return { _id: insertedId, ...fields };
}

/** Places an order straight through the API, as another customer at another counter would. */
export async function orderThroughApi(token: string, product: SavedProduct, quantity: number): Promise<Response> {
  return fetch(`${e2eEnv.baseURL}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: product._id, orderQuantity: quantity, userAddress: '1 Other Street, Leeds', userPhone: '+44 113 555 0100', clientOrderId: randomUUID() }),
  });
}
