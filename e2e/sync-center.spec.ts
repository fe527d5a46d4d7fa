// This Device (docs/offline.md) in the real app against the real server: an order placed offline shows as
// Waiting to send, with Retry disabled and the catalogue copy the device holds; back online it shows Sending
// while its request is under way and Confirmed with the number the server gave it, the number My Orders shows.

import type { Page, Route } from '@playwright/test';
import { expect, serverOrders, test } from './fixtures';
import { dealerReady, orderOffline, readStore } from './offline-helpers';
import { expectNoViolations, shootAsItStands } from './screen-helpers';

const orderRow = (page: Page, name: string) => page.getByTestId('device-orders').getByRole('row').filter({ hasText: name });

test('an order placed offline goes from Waiting to Sending to Confirmed on This Device, with the number My Orders shows', async ({
  page,
  context,
  createUser,
  createProduct,
}) => {
  const product = await createProduct({ name: 'Sync Center Impact Driver', price: 95, minOrderQnt: 4 });
  const dealer = await createUser({ displayName: 'Sync Center Counter' });
  await dealerReady(page, dealer, [product]);

  await context.setOffline(true);
  await orderOffline(page, product, 6);
  const [queued] = await readStore<{ clientOrderId: string }>(page, 'outbox');

  // The navbar's Offline badge opens This Device.
  await page.getByRole('link', { name: /Offline · 1 waiting: open This Device/u }).click();
  await expect(page).toHaveURL(/\/dashboard\/this-device$/u);
  await expect(page.getByRole('heading', { level: 1, name: 'This Device' })).toBeVisible();
  const row = orderRow(page, product.name);
  await expect(row.getByTestId('order-state').filter({ hasText: 'Waiting to send' })).toBeVisible();
  await expect(row).toContainText('6');
  await expect(row).toContainText('$570');
  await expect(row).toContainText('when the connection is back');
  await expect(row.getByRole('button', { name: `Retry the ${product.name} order` })).toBeDisabled();
  await expect(page.getByTestId('retry-offline')).toContainText('You are offline. This needs a connection.');
  const copy = page.getByTestId('catalogue-copy');
  await expect(copy.getByTestId('catalogue-tools')).toContainText(/tools, complete/u);
  await expect(copy.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  await expect(copy.getByTestId('storage-usage')).toContainText(/About [\d.,]+ (KB|MB)/u);
  await expectNoViolations(page, 'This Device with an order waiting, offline', 'main');
  await shootAsItStands(page, 'this-device-waiting');

  // Back online, the order's request is held at the network's edge for a moment: This Device says it is being sent.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    return route.fallback();
  };
  await context.route('**/api/orders', hold);
  await context.setOffline(false);
  await expect(row.getByTestId('order-state').filter({ hasText: 'Sending' })).toBeVisible();
  await expect(row.getByRole('button', { name: `Retry the ${product.name} order` })).toBeDisabled();
  release();

  await expect(row.getByTestId('order-state').filter({ hasText: 'Confirmed' })).toBeVisible();
  const orders = await serverOrders(dealer);
  expect(orders.map((order) => order.clientOrderId)).toEqual([queued?.clientOrderId]);
  const number = orders[0]?.number ?? '';
  expect(number).toMatch(/^O-\d{4}-\d{5}$/u);
  await expect(row).toContainText(`The server has it as ${number}.`);
  await expect(row.getByTestId('order-state').filter({ hasText: 'Confirmed' })).toBeVisible();
  await expect(row).toContainText(/Last attempt/u);
  await expect(row.getByRole('button', { name: /Retry|Discard/u })).toHaveCount(0);
  expect(await readStore(page, 'outbox')).toEqual([]);
  await expect(copy.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  await context.unroute('**/api/orders', hold);
  await expectNoViolations(page, 'This Device with an order confirmed', 'main');
  await shootAsItStands(page, 'this-device-confirmed');

  // The link leads to My Orders, where the order shows under the same number.
  await row.getByRole('link', { name: new RegExp(`Open the ${product.name} order ${number} in My Orders`, 'u') }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/u);
  await expect(page.getByRole('row').filter({ hasText: number }).filter({ hasText: product.name })).toHaveCount(1);

  // A reload keeps the record: the device remembers what it sent.
  await page.goto('/dashboard/this-device');
  await expect(orderRow(page, product.name).getByTestId('order-state').filter({ hasText: 'Confirmed' })).toBeVisible();
  expect((await readStore<{ orderNumber: string }>(page, 'sentOrders')).map((sent) => sent.orderNumber)).toEqual([number]);
});

test('Retry and Discard act on a waiting order; Sync now asks the server for the catalogue copy', async ({ page, context, createUser, createProduct }) => {
  const jigsawTool = await createProduct({ name: 'Sync Center Jigsaw' });
  const planerTool = await createProduct({ name: 'Sync Center Planer' });
  const dealer = await createUser({ displayName: 'Retry Counter' });
  await dealerReady(page, dealer, [jigsawTool, planerTool]);
  await context.setOffline(true);
  await orderOffline(page, jigsawTool, jigsawTool.minOrderQnt);
  await orderOffline(page, planerTool, planerTool.minOrderQnt);
  await page.goto('/dashboard/this-device');
  const jigsaw = orderRow(page, jigsawTool.name);
  const planer = orderRow(page, planerTool.name);
  await expect(jigsaw.getByTestId('order-state').filter({ hasText: 'Waiting to send' })).toBeVisible();

  // Discard asks first, and the order leaves the device without being sent.
  await planer.getByRole('button', { name: `Discard the ${planerTool.name} order` }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard this order?' });
  await expect(dialog).toContainText(`The ${planerTool.name} order saved on this device will not be sent.`);
  await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(planer).toHaveCount(0);

  // Online, but the server fails twice: the order waits, its next attempt seconds away; Retry sends it at once.
  let failures = 0;
  await context.route('**/api/orders', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    failures += 1;
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'Down.' } }) });
  });
  await context.setOffline(false);
  await expect.poll(() => failures, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect(jigsaw.getByTestId('order-state').filter({ hasText: 'Waiting to send' })).toBeVisible();
  await expect(jigsaw).toContainText('Last attempt');
  await context.unrouteAll();
  // The timer's next try is at least 8 s after the second failure: the send that follows is Retry's.
  await jigsaw.getByRole('button', { name: `Retry the ${jigsawTool.name} order` }).click();
  await expect(jigsaw.getByTestId('order-state').filter({ hasText: 'Confirmed' })).toBeVisible();
  expect((await serverOrders(dealer)).map((order) => order.productName)).toEqual([jigsawTool.name]);

  // Sync now asks the server for the catalogue's changes, and the copy counts a tool added meanwhile.
  const copy = page.getByTestId('catalogue-copy');
  const count = async () => Number((await copy.getByTestId('catalogue-tools').innerText()).replace(/\D/gu, ''));
  const late = await createProduct({ name: 'Sync Center Late Addition' });
  const asked = page.waitForRequest((request) => request.url().includes('/api/products/changes'));
  await copy.getByRole('button', { name: 'Sync now' }).click();
  await asked;
  // Journeys running beside this one add and remove tools too: the copy is judged by the tool added here, and
  // the count shown by what the device holds.
  const saved = async () => readStore<{ _id: string }>(page, 'products');
  await expect.poll(async () => (await saved()).some((tool) => tool._id === late._id)).toBe(true);
  await expect.poll(async () => (await count()) === (await saved()).length).toBe(true);
});
