// The order outbox (docs/architecture.md, "Offline") in the real app and against the real server: orders
// placed offline survive a reload, are sent exactly once when the connection is back (by the page or by
// the service worker's Background Sync), and an order the server refuses asks for the dealer's attention.

import type { Page } from '@playwright/test';
import { e2eEnv } from '../playwright.config';
import { expect, orderThroughApi, serverOrders, test } from './fixtures';
import { dealerReady, orderOffline, readStore } from './offline-helpers';

const queuedRows = (page: Page) =>
  page
    .getByTestId('queued-orders')
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Discard/u }) });

test('two orders placed offline survive a reload and reach the server exactly once when back online', async ({ page, context, createUser, createProduct }) => {
  const products = [await createProduct({ name: 'Offline Journey Tool' }), await createProduct({ name: 'Offline Journey Tool' })];
  const dealer = await createUser({ displayName: 'Offline Counter' });
  await dealerReady(page, dealer, products);

  await context.setOffline(true);
  for (const product of products) await orderOffline(page, product, product.minOrderQnt);

  await page.reload();
  await expect(queuedRows(page)).toHaveCount(2);
  await expect(queuedRows(page).getByText('Waiting to send')).toHaveCount(2);
  await expect(page.getByTestId('offline-indicator')).toContainText('Offline · 2 waiting');
  const queued = await readStore<{ clientOrderId: string; ownerEmail: string }>(page, 'outbox');
  expect(queued.map((item) => item.ownerEmail)).toEqual([dealer.email, dealer.email]);
  expect(await serverOrders(dealer)).toEqual([]);

  await context.setOffline(false);

  await expect(queuedRows(page)).toHaveCount(0);
  await expect.poll(async () => (await serverOrders(dealer)).length).toBe(2);
  const orders = await serverOrders(dealer);
  expect(orders.map((order) => order.clientOrderId).sort()).toEqual(queued.map((item) => item.clientOrderId).sort());
  expect(orders.map((order) => order.productName).sort()).toEqual(products.map((p) => p.name).sort());
  expect(await readStore(page, 'outbox')).toEqual([]);
  // The orders show from the server, Unpaid, in the table below.
  for (const product of products) await expect(page.getByRole('row').filter({ hasText: product.name }).filter({ hasText: 'Unpaid' })).toHaveCount(1);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);

  // Another reload and a second 'online' event send nothing more.
  await page.reload();
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByRole('row').filter({ hasText: 'Unpaid' })).toHaveCount(2);
  expect(await serverOrders(dealer)).toHaveLength(2);
});

test('stock sold to someone else while the dealer was offline turns the saved order into Needs attention, then Edit sends it', async ({
  page,
  context,
  createUser,
  createProduct,
}) => {
  const product = await createProduct({ name: 'Offline Journey Tool', availableQnt: 50 });
  const dealer = await createUser({ displayName: 'Late Counter' });
  await dealerReady(page, dealer, [product]);

  await context.setOffline(true);
  await orderOffline(page, product, 30);
  await expect(queuedRows(page)).toHaveCount(1);

  // Meanwhile another dealer buys 30 of the 50.
  const rival = await createUser({ displayName: 'Rival Dealer' });
  expect((await orderThroughApi(rival, product, 30)).status).toBe(201);

  await context.setOffline(false);

  const row = queuedRows(page);
  await expect(row.getByText('Needs attention')).toBeVisible();
  await expect(row).toContainText('Only 20 pcs. are in stock.');
  await expect(page.getByText(`Your saved ${product.name} order needs your attention.`)).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toContainText('1 needs attention');
  expect(await serverOrders(dealer)).toEqual([]);

  await row.getByRole('button', { name: /^Edit/u }).click();
  const dialog = page.getByRole('dialog', { name: `Edit the ${product.name} order` });
  await expect(dialog).toContainText('20 pcs. available');
  await dialog.getByLabel('Order quantity (pcs.)').fill('20');
  await expect(dialog.getByText('$1,800')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save and send' }).click();

  await expect(queuedRows(page)).toHaveCount(0);
  await expect.poll(async () => (await serverOrders(dealer)).map((o) => [o.productName, o.orderQuantity, o.totalPrice])).toEqual([[product.name, 20, 1800]]);
  expect(await readStore(page, 'outbox')).toEqual([]);
});

test('Discard removes a saved order without sending it', async ({ page, context, createUser, createProduct }) => {
  const product = await createProduct({ name: 'Offline Journey Tool' });
  const dealer = await createUser({ displayName: 'Undecided Counter' });
  await dealerReady(page, dealer, [product]);

  await context.setOffline(true);
  await orderOffline(page, product, product.minOrderQnt);
  await queuedRows(page)
    .getByRole('button', { name: /^Discard/u })
    .click();
  await page.getByRole('dialog', { name: 'Discard this order?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(queuedRows(page)).toHaveCount(0);

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  expect(await serverOrders(dealer)).toEqual([]);
});

test('the service worker sends the outbox on Background Sync while no page of the app is open', async ({ page, context, createUser, createProduct }) => {
  const product = await createProduct({ name: 'Offline Journey Tool' });
  const dealer = await createUser({ displayName: 'Closed Tab Counter' });
  await dealerReady(page, dealer, [product]);

  await context.setOffline(true);
  await orderOffline(page, product, product.minOrderQnt);
  const [item] = await readStore<{ clientOrderId: string }>(page, 'outbox');

  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');

  // The tab leaves the app: only the worker can send the order now.
  await page.goto('about:blank');
  await context.setOffline(false);
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${e2eEnv.baseURL}/` && !r.isDeleted)?.registrationId).toBeTruthy();
  const registration = registrations.find((r) => r.scopeURL === `${e2eEnv.baseURL}/` && !r.isDeleted);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: e2eEnv.baseURL,
    registrationId: registration?.registrationId ?? '',
    tag: 'outbox',
    lastChance: false,
  });

  await expect.poll(async () => (await serverOrders(dealer)).map((o) => o.clientOrderId)).toEqual([item?.clientOrderId]);
  await page.goto('/dashboard/my-orders');
  await expect(page.getByRole('row').filter({ hasText: product.name }).filter({ hasText: 'Unpaid' })).toHaveCount(1);
  await expect(queuedRows(page)).toHaveCount(0);
  expect(await readStore(page, 'outbox')).toEqual([]);
});

test('paying and other online-only actions are disabled offline, with the reason shown', async ({ page, context, createUser, createProduct }) => {
  const product = await createProduct({ name: 'Offline Journey Tool' });
  const dealer = await createUser({ displayName: 'Paying Counter' });
  await dealerReady(page, dealer, [product]);
  expect((await orderThroughApi(dealer, product, product.minOrderQnt)).status).toBe(201);
  const reason = page.getByText('You are offline. This needs a connection.').first();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });

  await page.goto('/dashboard/my-orders');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByRole('link', { name: `Pay for ${product.name}` })).toBeVisible();
  await context.setOffline(true);
  await expect(row.getByRole('button', { name: 'Pay' })).toBeDisabled();
  await expect(row.getByRole('link', { name: `Pay for ${product.name}` })).toHaveCount(0);
  await expect(reason).toBeVisible();
  // Reloaded offline, the screen shows the orders this device last saw, and says so.
  await page.reload();
  await expect(row.getByRole('button', { name: 'Pay' })).toBeDisabled();
  await expect(page.getByTestId('orders-saved-at')).toContainText('These are your orders as this device last saw them, on ');

  await sidebar.getByRole('link', { name: 'My Profile' }).click();
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  await expect(reason).toBeVisible();

  await sidebar.getByRole('link', { name: 'Add Review' }).click();
  await expect(page.getByRole('button', { name: 'Post Review' })).toBeDisabled();
  await expect(reason).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Post Review' })).toBeEnabled();
  await sidebar.getByRole('link', { name: 'My Orders' }).click();
  await expect(row.getByRole('link', { name: `Pay for ${product.name}` })).toBeVisible();
});
