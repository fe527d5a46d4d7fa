// A shared counter tablet (docs/decisions/029-a-shared-counter-tablet.md): two dealers take turns on one
// browser profile, and the browser is closed the moment each presses Logout. Nothing of the first dealer
// is left readable for the second: not their profile, order list or address in localStorage, not their
// saved order's details on the screen. That order stays on the tablet, shown to the second dealer only as
// "1 order of another account waits to be sent", and reaches the server exactly once when its own dealer
// signs in again.

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import config, { chromiumPath, e2eEnv } from '../playwright.config';
import { expect, orderThroughApi, serverOrders, signIn, test, type E2eProduct, type E2eUser } from './fixtures';
import { readStore, waitForSavedCatalogue, waitForServiceWorker } from './offline-helpers';

/** The tablet's browser, on the one profile every dealer shares. */
function openTablet(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    args: config.use?.launchOptions?.args ?? [],
    baseURL: e2eEnv.baseURL,
    viewport: { width: 1024, height: 768 },
  });
}

async function firstPage(tablet: BrowserContext): Promise<Page> {
  return tablet.pages()[0] ?? (await tablet.newPage());
}

/** Every localStorage entry of the site, as one text. */
function localStorageText(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
}

/** Every IndexedDB database of the site, all stores but `skip` ('database/store'), as one text. */
function indexedDbText(page: Page, skip: string[]): Promise<string> {
  return page.evaluate(async (skipped) => {
    const dump: Record<string, unknown> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        if (skipped.includes(`${name}/${store}`)) continue;
        dump[`${name}/${store}`] = await new Promise((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
      }
      db.close();
    }
    return JSON.stringify(dump);
  }, skip);
}

/** What of a dealer must not be readable by another: e-mail, name, the addresses of their orders. */
const tracesOf = (dealer: E2eUser, addresses: string[]) => [dealer.email, dealer.displayName, ...addresses];

const ALICES_OFFLINE_ADDRESS = '4 Quay Street, Bristol';
/** The address orderThroughApi gives an order. */
const ALICES_SERVER_ADDRESS = '1 Other Street, Leeds';

async function orderOffline(page: Page, product: E2eProduct) {
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByLabel('Address').fill(ALICES_OFFLINE_ADDRESS);
  await page.getByLabel('Phone').fill('+44 117 555 0199');
  await page.getByLabel('Order quantity (pcs.)').fill(String(product.minOrderQnt));
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByText('Saved offline. It will be sent when you are back online.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
}

/** Presses Logout and switches the tablet off straight away, before the app has finished anything slow. */
async function logoutAndSwitchOff(tablet: BrowserContext, page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await tablet.close();
}

/** My Orders' entries of a tool: table rows where the table fits the tablet, cards where it does not (decision 036). */
function ordersOf(page: Page, name: string) {
  const list = page.getByRole('list', { name: 'My orders' }).getByRole('listitem');
  return page.getByRole('row', { name: new RegExp(name, 'u') }).or(list.filter({ hasText: name }));
}

test("two dealers on one tablet: nothing of the first is readable by the second, and the first one's offline order is sent once when they return", async ({
  createUser,
  createProduct,
}, testInfo) => {
  test.setTimeout(720_000);
  const product = await createProduct({ name: 'Shared Tablet Tool' });
  const alice = await createUser({ displayName: 'Alice Counterpart' });
  const bob = await createUser({ displayName: 'Bob Counterpart' });
  expect((await orderThroughApi(alice, product, product.minOrderQnt)).status).toBe(201);
  const aliceTraces = tracesOf(alice, [ALICES_OFFLINE_ADDRESS, ALICES_SERVER_ADDRESS]);
  const profileDir = path.resolve('.tmp', `shared-tablet-${randomUUID()}`);

  // Alice: her orders and profile are fetched and saved, then she orders offline and logs out.
  let tablet = await openTablet(profileDir);
  let page = await firstPage(tablet);
  await signIn(page, alice);
  await page.goto('/');
  await waitForServiceWorker(page);
  await waitForSavedCatalogue(page);
  await expect.poll(async () => (await readStore<E2eProduct>(page, 'products')).some((saved) => saved._id === product._id)).toBe(true);
  await page.goto('/dashboard');
  await expect(page.getByLabel('Name')).toHaveValue(alice.displayName);
  await page.goto('/dashboard/my-orders');
  await expect(ordersOf(page, product.name)).toHaveCount(1);
  // The saved answers hold what this journey is about, so their absence later means something.
  await expect.poll(() => localStorageText(page)).toContain(ALICES_SERVER_ADDRESS);

  await tablet.setOffline(true);
  await orderOffline(page, product);
  const [queued] = await readStore<{ clientOrderId: string; ownerEmail: string }>(page, 'outbox');
  expect(queued?.ownerEmail).toBe(alice.email);
  await logoutAndSwitchOff(tablet, page);

  // The tablet comes back on, online; Bob signs in.
  tablet = await openTablet(profileDir);
  page = await firstPage(tablet);
  await page.goto('/');
  const beforeBob = await localStorageText(page);
  for (const trace of aliceTraces) expect(beforeBob).not.toContain(trace);

  await signIn(page, bob);
  await page.goto('/dashboard/my-orders');
  const others = page.getByTestId('others-queued');
  await expect(others).toHaveText(/^1 order of another account waits to be sent\./u);
  await expect(page.getByRole('button', { name: /^Discard/u })).toHaveCount(0);
  await expect(page.getByText(ALICES_OFFLINE_ADDRESS)).toHaveCount(0);
  for (const [name, width] of [
    ['phone', 390],
    ['tablet', 1024],
    ['desktop', 1440],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(others).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`others-queued-${name}.png`), fullPage: true });
  }

  // Bob's session reads nothing of Alice: localStorage, once his own answers are saved, and every
  // IndexedDB store but the outbox, where her order waits for her, owned by her account.
  await expect.poll(() => localStorageText(page)).toContain(bob.email);
  const bobsStorage = await localStorageText(page);
  for (const trace of aliceTraces) expect(bobsStorage).not.toContain(trace);
  const bobsDatabases = await indexedDbText(page, ['forgeline/outbox']);
  for (const trace of aliceTraces) expect(bobsDatabases).not.toContain(trace);
  expect((await readStore<{ clientOrderId: string; ownerEmail: string }>(page, 'outbox')).map((item) => [item.clientOrderId, item.ownerEmail])).toEqual([
    [queued?.clientOrderId, alice.email],
  ]);
  // Bob being online sent nothing of Alice's.
  expect(await serverOrders(alice)).toHaveLength(1);
  expect(await serverOrders(bob)).toHaveLength(0);
  await logoutAndSwitchOff(tablet, page);

  // Alice comes back: her saved order goes, once.
  tablet = await openTablet(profileDir);
  page = await firstPage(tablet);
  await page.goto('/');
  const beforeAlice = await localStorageText(page);
  for (const trace of tracesOf(bob, [])) expect(beforeAlice).not.toContain(trace);
  await signIn(page, alice);
  await expect
    .poll(async () => (await serverOrders(alice)).filter((order) => order.clientOrderId === queued?.clientOrderId).length, { timeout: 30_000 })
    .toBe(1);
  await expect.poll(async () => (await readStore(page, 'outbox')).length).toBe(0);
  await page.goto('/dashboard/my-orders');
  await expect(page.getByTestId('others-queued')).toHaveCount(0);
  await page.reload();
  await tablet.setOffline(true);
  await tablet.setOffline(false);
  await expect(ordersOf(page, product.name)).toHaveCount(2);
  expect(await serverOrders(alice)).toHaveLength(2);
  await tablet.close();
});
