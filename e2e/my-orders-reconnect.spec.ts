// My Orders whose first load fails because the connection dropped: the page says why with Try again,
// and loads the orders by itself once the device is back online, without a reload.

import { expect, orderThroughApi, signIn, test } from './fixtures';

test('My Orders loads by itself when the connection comes back after its first load failed', async ({ page, context, createUser, createProduct }) => {
  const user = await createUser({ displayName: 'Rhea Reconnect' });
  const product = await createProduct({ name: 'Forgeline RC12 Reconnect Router', price: 140, availableQnt: 500, minOrderQnt: 2 });
  const placed = await orderThroughApi(user, product, 2);
  expect(placed.status).toBe(201);
  await signIn(page, user);

  // The orders request is held until the connection has dropped, then fails as a dropped connection does.
  let release: () => void = () => undefined;
  const dropped = new Promise<void>((resolve) => (release = resolve));
  const ordersUrl = `**/api/orders/${encodeURIComponent(user.email)}`;
  await page.route(ordersUrl, async (route) => {
    await dropped;
    await route.abort('internetdisconnected');
  });
  const held = page.waitForRequest((request) => request.url().endsWith(`/api/orders/${encodeURIComponent(user.email)}`));
  await page.goto('/dashboard/my-orders');
  await held;
  await context.setOffline(true);
  release();

  const failed = page.getByRole('alert').filter({ hasText: 'The orders could not be loaded.' });
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();

  await page.unroute(ordersUrl);
  await context.setOffline(false);
  await expect(page.getByRole('row', { name: new RegExp(product.name, 'u') })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('My Orders loads by itself when its requests keep failing for a while after the connection came back', async ({
  page,
  context,
  createUser,
  createProduct,
}) => {
  // After the retries, the page waits the backoff's next step before reading again.
  test.setTimeout(240_000);
  const user = await createUser({ displayName: 'Rhea Flaky' });
  const product = await createProduct({ name: 'Forgeline RC14 Flaky Router', price: 140, availableQnt: 500, minOrderQnt: 2 });
  expect((await orderThroughApi(user, product, 2)).status).toBe(201);
  await signIn(page, user);

  // The first load is held until the connection has dropped and fails as a dropped connection does; the
  // connection then comes back, but the next requests still fail, as they do while a network settles.
  let release: () => void = () => undefined;
  const dropped = new Promise<void>((resolve) => (release = resolve));
  let failuresAfterDrop = 0;
  const ordersUrl = `**/api/orders/${encodeURIComponent(user.email)}`;
  await page.route(ordersUrl, async (route) => {
    await dropped;
    failuresAfterDrop += 1;
    if (failuresAfterDrop <= 5) await route.abort('internetdisconnected');
    else await route.continue();
  });
  const held = page.waitForRequest((request) => request.url().endsWith(`/api/orders/${encodeURIComponent(user.email)}`));
  await page.goto('/dashboard/my-orders');
  await held;
  await context.setOffline(true);
  release();
  const failed = page.getByRole('alert').filter({ hasText: 'The orders could not be loaded.' });
  await expect(failed).toBeVisible();

  await context.setOffline(false);
  // Nobody presses Try again: the page keeps trying while the device is online.
  await expect(page.getByRole('row', { name: new RegExp(product.name, 'u') })).toBeVisible({ timeout: 45_000 });
  await expect(failed).toHaveCount(0);
  expect(failuresAfterDrop).toBeGreaterThan(5);
});
