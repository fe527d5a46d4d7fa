// Benchmark 3: 200 orders wait in the PWA's outbox (IndexedDB, in Chromium) while the device is offline;
// then the connection comes back. Measured: the time until all of them are on the server, and how many
// arrived twice or never (both must be 0). The page's own outbox engine does the sending.

import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DATABASE_NAME, openDatabase, type OutboxItem } from '../src/offline/store/database';
import { enqueueOrder } from '../src/offline/outbox/queue';
import { chromiumPath, launchChromium } from './lib/browser';
import { buildPwa } from './lib/build';
import { createCustomer, type Customer } from './lib/customers';
import { benchDir, startServer } from './lib/processes';
import { round, skipped, type Benchmark, type BenchContext, type BenchOutcome } from './lib/report';

const QUEUED = 200;
const BUDGET_MS = 10_000;
const GIVE_UP_MS = 90_000;
const POLL_MS = 100;
/** After the last order arrives, how long to keep watching for a late duplicate. */
const SETTLE_MS = 3_000;

interface CatalogueProduct {
  _id: string;
  name: string;
  imageUrl: string;
  price: number;
  minOrderQnt: number;
  availableQnt: number;
}

/** The outbox rows, made by the outbox module itself (in memory here), exactly as the page would store them. */
async function outboxItems(customer: Customer, products: CatalogueProduct[]): Promise<OutboxItem[]> {
  const scratch = openDatabase(`bench-outbox-${randomUUID()}`);
  const items: OutboxItem[] = [];
  const base = Date.now();
  for (let i = 0; i < QUEUED; i += 1) {
    const product = products[i % products.length];
    if (!product) throw new Error('the catalogue is empty');
    const input = {
      clientOrderId: randomUUID(),
      ownerEmail: customer.email,
      userAddress: '1 Bench Street, Springfield',
      userPhone: '+1 555 0100',
      lines: [{ productId: product._id, productName: product.name, imageUrl: product.imageUrl, quantity: product.minOrderQnt, unitPrice: product.price }],
    };
    items.push(await enqueueOrder(input, scratch, base + i));
  }
  scratch.close();
  return items;
}

/** Writes the rows into the page's own database (which the app has opened, so its schema is there). */
async function seedOutbox(page: Page, items: OutboxItem[]): Promise<number> {
  return page.evaluate(
    async ({ name, rows }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('outbox', 'readwrite');
        for (const row of rows) tx.objectStore('outbox').put(row);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('write failed'));
      });
      const count = await new Promise<number>((resolve, reject) => {
        const request = db.transaction('outbox').objectStore('outbox').count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('count failed'));
      });
      db.close();
      return count;
    },
    { name: DATABASE_NAME, rows: items },
  );
}

async function serverOrders(baseUrl: string, customer: Customer): Promise<{ clientOrderId: string | null }[]> {
  const res = await fetch(`${baseUrl}/api/orders/${encodeURIComponent(customer.email)}`, { headers: { authorization: `Bearer ${customer.token}` } });
  if (!res.ok) throw new Error(`GET /api/orders/{email} answered ${res.status}`);
  return (await res.json()) as { clientOrderId: string | null }[];
}

async function run(ctx: BenchContext): Promise<BenchOutcome> {
  if (!chromiumPath()) return skipped('no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)');
  ctx.log('  building the PWA (vite build)');
  const build = await buildPwa();
  const dataDir = benchDir('outbox-drain');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({
    dataDir: benchDir('outbox-drain'),
    // The default order rate limit stays: the backlog must drain under the limits a real install runs with.
    env: { STATIC_DIR: build.outDir, RATE_LIMIT_TOKEN_PER_MINUTE: '1000' },
  });
  const browser = await launchChromium();
  try {
    const probe = await fetch(`${server.baseUrl}/api/orders/nobody%40example.com`);
    if (probe.status === 404) return skipped('GET /api/orders/{email} does not exist yet');
    const customer = await createCustomer(server.baseUrl, server.authPort);
    const products = ((await (await fetch(`${server.baseUrl}/api/products`)).json()) as CatalogueProduct[]).filter(
      (p) => p.availableQnt >= p.minOrderQnt * Math.ceil(QUEUED / 12),
    );
    const items = await outboxItems(customer, products);

    const context = await browser.newContext();
    const page = await context.newPage();
    const baseUrl = `http://localhost:${server.port}`;
    ctx.log('  signing in through the login screen');
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 30_000 });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Order Now' }).first().waitFor({ timeout: 30_000 });
    // The service worker must control the page, or the offline reload below has nothing to load from.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });

    await context.setOffline(true);
    const stored = await seedOutbox(page, items);
    if (stored !== QUEUED) throw new Error(`the outbox holds ${stored} items, not ${QUEUED}`);
    // Reloaded offline, the app starts with a full outbox and nothing to send it to.
    await page.reload();
    ctx.log(`  ${QUEUED} orders queued offline; going online`);

    const wanted = new Set(items.map((i) => i.clientOrderId));
    const started = performance.now();
    await context.setOffline(false);
    let drainedMs: number | null = null;
    while (performance.now() - started < GIVE_UP_MS) {
      const arrived = (await serverOrders(server.baseUrl, customer)).filter((o) => o.clientOrderId !== null && wanted.has(o.clientOrderId));
      if (new Set(arrived.map((o) => o.clientOrderId)).size >= QUEUED) {
        drainedMs = performance.now() - started;
        break;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const final = await serverOrders(server.baseUrl, customer);
    const ids = final.map((o) => o.clientOrderId).filter((id): id is string => id !== null);
    const distinct = new Set(ids);
    const duplicates = ids.length - distinct.size;
    const lost = [...wanted].filter((id) => !distinct.has(id)).length;
    const left = await page.evaluate(async (name) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      const n = await new Promise<number>((resolve) => {
        const request = db.transaction('outbox').objectStore('outbox').count();
        request.onsuccess = () => resolve(request.result);
      });
      db.close();
      return n;
    }, DATABASE_NAME);
    await context.close();

    const met = drainedMs !== null && drainedMs < BUDGET_MS;
    return {
      status: 'measured',
      tables: [
        {
          title: `${QUEUED} queued orders, offline -> online (Chromium, the page's outbox engine, PGlite server)`,
          columns: ['all on the server after', 'orders/s', 'duplicates', 'lost', 'left in the outbox'],
          rows: [
            [
              drainedMs === null ? `not within ${GIVE_UP_MS / 1000} s` : `${Math.round(drainedMs)} ms`,
              drainedMs === null ? null : round(QUEUED / (drainedMs / 1000), 0),
              duplicates,
              lost,
              left,
            ],
          ],
        },
      ],
      budgets: [
        {
          budget: `${QUEUED} queued orders on the server < ${BUDGET_MS / 1000} s`,
          actual: drainedMs === null ? 'not drained' : `${Math.round(drainedMs)} ms`,
          met,
        },
        { budget: 'no duplicates, no losses', actual: `${duplicates} duplicates, ${lost} lost`, met: duplicates === 0 && lost === 0 },
      ],
      data: { queued: QUEUED, drainedMs, duplicates, lost, leftInOutbox: left, ordersOnServer: ids.length },
      notes: [],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const outboxDrainBenchmark: Benchmark = { id: 'outbox-drain', title: 'Offline queue drain', run };
